"use client";
import { useState } from "react";
import { JobProgress } from "@/components/import/job-progress";
import { ZJobView, type TJobView } from "@/lib/jobs/job-view";

const WHATS: [string, string, string[]][] = [
  ["annotations", "All annotations (with annotator ids)", ["tsv", "csv", "json", "jsonl"]],
  ["adjudicated", "Adjudicated labels", ["tsv", "csv", "json", "jsonl"]],
  ["gold", "Gold references with provenance", ["tsv", "csv", "json", "jsonl"]],
  ["errors", "MetaHOPE errors (MQM-style)", ["tsv", "csv", "json", "jsonl"]],
  ["agreement", "Agreement figures", ["tsv", "csv", "json", "jsonl"]],
  ["scores", "Score tables (MetaHOPE, MMTE)", ["tsv", "csv", "json", "jsonl"]],
  ["suggestions", "Model suggestions with provenance", ["tsv", "csv", "json", "jsonl"]],
  ["suggestion-decisions", "Annotators' decisions on model suggestions", ["tsv", "csv", "json", "jsonl"]],
  ["model-agreement", "Models as raters: κ with each annotator, accuracy against gold", ["tsv", "csv", "json", "jsonl"]],
  ["tags", "Token tags as CoNLL (the corpus's, as imported)", ["conll"]],
  ["nli", "Meta4XNLI interpretation pairs with adjudicated labels", ["tsv"]],
  ["post-edits", "Post-edits (MMTE figurative/literal, MetaHOPE), with edit rates", ["tsv", "csv", "json", "jsonl"]],
  ["target-words", "MMTE target words (@word@ marked)", ["tsv", "csv", "json", "jsonl"]],
  ["gold-checks", "Gold checks: qualification attempts, accuracy on hidden checks", ["tsv", "csv", "json", "jsonl"]],
  ["project", "Full project (Tropos JSONL, re-importable)", ["jsonl"]],
  ["backup", "Backup with history and audit log (tropos restore)", ["jsonl"]],
];

/**
 * Exports, two ways: *Download* streams the file from the export route as it is read (quick for
 * small projects); *Export in the background* runs the same export as a job (issue 21), with a
 * progress bar and Cancel, that goes on if the page is left, and offers the finished file (also on
 * the Jobs page). `exportable` lists the kinds the caller may export (adjudicators: gold and
 * adjudicated labels). `notes` says, for a kind, why its file will be empty or partial in this project.
 */
export function ExportLinks({ slug, exportable, notes = {} }: { slug: string; exportable: readonly string[]; notes?: Readonly<Record<string, string>> }) {
  const whats = WHATS.filter((w) => exportable.includes(w[0]));
  const [what, setWhat] = useState(whats[0]?.[0] ?? "annotations");
  const [format, setFormat] = useState("tsv");
  const formats = whats.find((w) => w[0] === what)?.[2] ?? ["tsv"];
  const fmt = formats.includes(format) ? format : formats[0];
  const [job, setJob] = useState<TJobView | null>(null);
  const [ended, setEnded] = useState<TJobView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function startJob() {
    setProblem(null);
    setEnded(null);
    const res = await fetch(`/api/projects/${encodeURIComponent(slug)}/exports`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ what, format: fmt }),
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) return setProblem(body?.error?.message ?? `The export could not be started (HTTP ${res.status}).`);
    setJob(ZJobView.parse(body.job));
  }
  const result = ended?.status === "done" ? (ended.result as { fileName?: string; bytes?: number; lines?: number } | null) : null;
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
        <button type="button" onClick={() => void startJob()} disabled={job !== null && ended === null} data-testid="export-job-start"
          className="rounded border border-slate-300 px-4 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-50">Export in the background</button>
      </div>
      {notes[what] && <p className="mt-2 text-sm text-amber-800" data-testid="export-note">{notes[what]}</p>}
      {problem && <p className="mt-2 text-sm text-red-700" role="alert">{problem}</p>}
      {job && (
        <div data-testid="export-job">
          <JobProgress key={job.id} slug={slug} job={job} basePath="exports" label="Export progress" onEnded={setEnded} />
          {result && (
            <p className="mt-2 text-sm">
              <a href={`/api/projects/${encodeURIComponent(slug)}/exports/${encodeURIComponent(job.id)}/download`} download data-testid="export-job-download"
                className="font-medium text-indigo-700 underline">Download {result.fileName}</a>{" "}
              <span className="text-slate-500">({(result.lines ?? 0).toLocaleString("en")} lines, {formatBytes(result.bytes ?? 0)})</span>
            </p>
          )}
          {ended && ended.status !== "done" && (
            <p className="mt-2 text-sm text-slate-700">{(ended.error as { message?: string } | null)?.message ?? `The export ended: ${ended.status}.`}</p>
          )}
        </div>
      )}
      <p className="mt-2 text-xs text-slate-500">Spreadsheet cells starting with = + - @ are prefixed with &apos; so they cannot run as formulas.</p>
    </section>
  );
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
