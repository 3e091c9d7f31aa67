"use client";
// Gold reference of one kind (MMTE's figurative or literal, MetaHOPE's reference): pick an
// annotator's post-edit or a system output as the starting point, edit it if needed, save with its
// provenance.
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { TEditKind } from "@/lib/schemes/edit-kinds";

const TITLE: Record<TEditKind, string> = { FIGURATIVE: "Figurative gold reference", LITERAL: "Literal gold reference", REFERENCE: "MetaHOPE gold reference (from its post-edits)" };

export interface TGoldCandidate {
  key: string;
  label: string;
  text: string;
  sourcePostEditId?: string;
  sourceTranslationId?: string;
}

export function GoldEditor({ slug, segmentId, kind, candidates, current, lang }: { slug: string; segmentId: string; kind: TEditKind; candidates: TGoldCandidate[]; current: { text: string; version: number; provenance: string; approvedBy: string | null } | null; lang: string }) {
  const router = useRouter();
  const [text, setText] = useState(current?.text ?? "");
  const [source, setSource] = useState<TGoldCandidate | null>(null);
  const [status, setStatus] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const id = `gold-${kind}`;

  async function save() {
    setStatus(null);
    // an edited candidate keeps its provenance: the gold "came from" that post-edit, then was edited
    const res = await fetch(`/api/projects/${slug}/adjudication/gold`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ segmentId, kind, language: lang, text, sourcePostEditId: source?.sourcePostEditId ?? null, sourceTranslationId: source?.sourceTranslationId ?? null, baseVersion: current?.version ?? 0 }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) return setStatus({ kind: "error", text: body?.error?.message ?? `The server answered ${res.status}.` });
    setStatus({ kind: "ok", text: `Gold reference saved (version ${body.version}).` });
    router.refresh();
  }

  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-3" data-testid={`gold-${kind.toLowerCase()}`}>
      <h4 className="text-sm font-medium">{TITLE[kind]}</h4>
      {current ? (
        <p className="text-xs text-slate-600">Current: <span lang={lang} className="text-slate-900">{current.text}</span> — {current.provenance}{current.approvedBy ? `, approved by ${current.approvedBy}` : ""}</p>
      ) : (
        <p className="text-xs text-slate-500">No gold reference yet.</p>
      )}
      <ul className="space-y-1">
        {candidates.map((c) => (
          <li key={c.key} className="flex items-start gap-2 text-sm">
            <button type="button" onClick={() => { setText(c.text); setSource(c); }} className="shrink-0 rounded border border-slate-300 px-1.5 py-0.5 text-xs hover:bg-slate-50">Use</button>
            <span><span className="text-xs text-slate-500">{c.label}: </span><span lang={lang}>{c.text}</span></span>
          </li>
        ))}
      </ul>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">Gold text {source ? `(from ${source.label}${text !== source.text ? ", edited" : ""})` : ""}</label>
      <textarea id={id} lang={lang} rows={2} value={text} onChange={(e) => setText(e.target.value)} className="w-full rounded border border-slate-300 px-2 py-1 text-sm" />
      <div className="flex items-center gap-2">
        <button type="button" onClick={() => void save()} disabled={text.trim() === ""} className="rounded bg-indigo-600 px-2 py-1 text-xs font-medium text-white disabled:opacity-50">Save gold reference</button>
        {status && <span role="status" className={status.kind === "ok" ? "text-xs text-emerald-700" : "text-xs text-red-700"}>{status.text}</span>}
      </div>
    </div>
  );
}
