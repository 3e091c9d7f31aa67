"use client";
import { useState } from "react";

const WHATS: [string, string, string[]][] = [
  ["annotations", "All annotations (with annotator ids)", ["tsv", "csv", "json", "jsonl"]],
  ["adjudicated", "Adjudicated labels", ["tsv", "csv", "json", "jsonl"]],
  ["gold", "Gold references with provenance", ["tsv", "csv", "json", "jsonl"]],
  ["errors", "MetaHOPE errors (MQM-style)", ["tsv", "csv", "json", "jsonl"]],
  ["agreement", "Agreement figures", ["tsv", "csv", "json", "jsonl"]],
  ["scores", "Score tables (MetaHOPE, MMTE)", ["tsv", "csv", "json", "jsonl"]],
  ["suggestions", "Model suggestions with provenance", ["tsv", "csv", "json", "jsonl"]],
  ["model-agreement", "Models as raters: κ with each annotator, accuracy against gold", ["tsv", "csv", "json", "jsonl"]],
  ["tags", "Token tags as CoNLL (the corpus's, as imported)", ["conll"]],
  ["nli", "Meta4XNLI interpretation pairs with adjudicated labels", ["tsv"]],
  ["project", "Full project (Tropos JSONL, re-importable)", ["jsonl"]],
];

/**
 * Download links for the streaming export route; the browser saves the file as it streams.
 * `exportable` lists the kinds the caller may export (adjudicators: gold and adjudicated labels).
 */
export function ExportLinks({ slug, exportable }: { slug: string; exportable: readonly string[] }) {
  const whats = WHATS.filter((w) => exportable.includes(w[0]));
  const [what, setWhat] = useState(whats[0]?.[0] ?? "annotations");
  const [format, setFormat] = useState("tsv");
  const formats = whats.find((w) => w[0] === what)?.[2] ?? ["tsv"];
  const fmt = formats.includes(format) ? format : formats[0];
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="export-heading">
      <h3 id="export-heading" className="font-medium">Export</h3>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <label className="text-sm">What
          <select value={what} onChange={(e) => setWhat(e.target.value)} className="mt-1 block rounded border border-slate-300 px-2 py-1.5 text-sm">
            {whats.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        </label>
        <label className="text-sm">Format
          <select value={fmt} onChange={(e) => setFormat(e.target.value)} className="mt-1 block rounded border border-slate-300 px-2 py-1.5 text-sm">
            {formats.map((f) => <option key={f} value={f}>{f.toUpperCase()}</option>)}
          </select>
        </label>
        <a href={`/api/projects/${encodeURIComponent(slug)}/export?what=${what}&format=${fmt}`} download data-testid="export-download"
          className="rounded bg-slate-800 px-4 py-1.5 text-sm text-white hover:bg-slate-900">Download</a>
      </div>
      <p className="mt-2 text-xs text-slate-500">Spreadsheet cells starting with = + - @ are prefixed with &apos; so they cannot run as formulas.</p>
    </section>
  );
}
