"use client";
// The disagreement queue: units where annotators differ, strongest disagreement first, with
// filters in the address and the automatic acceptance of unanimous units (and its undo).
import { useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { ServerTable } from "@/components/ui/server-table";
import type { TQueueRow } from "@/lib/db/adjudication/adjudication";
import { formatValue } from "@/components/adjudication/format-value";
import { queueEmptyReason } from "@/lib/adjudication/queue-empty-reason";

interface QueueData {
  rows: TQueueRow[];
  total: number;
  units: number;
  unanimousOpen: number;
  automatic: number;
  decided: number;
}

const control = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

export function QueueView({ slug, query, queue, fields, systems }: { slug: string; query: { split?: string; field?: string; system?: string; threshold: number; resolved: string; q: string; page: number; size: number }; queue: QueueData; fields: string[]; systems: string[] }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);

  async function call(method: "POST" | "DELETE") {
    setMessage(null);
    const res = await fetch(`/api/projects/${slug}/adjudication/auto-accept`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: method === "POST" ? JSON.stringify({ split: query.split, fields: query.field ? [query.field] : undefined }) : undefined,
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) return setMessage({ kind: "error", text: body?.error?.message ?? `The server answered ${res.status}.` });
    setMessage({ kind: "ok", text: method === "POST" ? `Accepted ${body.accepted} unanimous units automatically.` : `Undid ${body.undone} automatic acceptances.` });
    start(() => router.refresh());
  }

  // a study over several target languages: each row says its language, and opens the item in it
  // (a unit not about a translation, a source's or a document's, has no language of its own)
  const multilingual = new Set(queue.rows.flatMap((r) => (r.language ? [r.language] : []))).size > 1;
  const itemHref = (r: TQueueRow) => `/projects/${slug}/adjudication/${r.segmentId}${multilingual && r.language ? `?language=${encodeURIComponent(r.language)}` : ""}`;
  const columns: ColumnDef<TQueueRow, unknown>[] = [
    // the sentence (cut to one line, whole in the tooltip) with its id small beneath: people find items by their words
    {
      id: "segment",
      header: "Sentence",
      accessorFn: (r) => r.segmentText,
      cell: ({ row }) => (
        <Link className="block max-w-md text-indigo-700 hover:underline" href={itemHref(row.original)} title={row.original.segmentText} data-testid="queue-sentence">
          <span className="block truncate">{row.original.segmentText || row.original.segmentExternalId}</span>
          <span className="block font-mono text-xs text-slate-500">{row.original.segmentExternalId}</span>
        </Link>
      ),
    },
    { accessorKey: "system", header: "System" },
    ...(multilingual ? [{ id: "language", header: "Language", accessorFn: (r: TQueueRow) => r.language ?? "" } as ColumnDef<TQueueRow, unknown>] : []),
    { id: "mrw", header: "MRW", accessorFn: (r) => r.mrwToken ?? (r.mrwId ? "?" : "(sentence)") },
    { accessorKey: "field", header: "Field" },
    { id: "values", header: "Values", accessorFn: (r) => r.values.map((v) => formatValue(v.value)).join(" | "), cell: ({ row }) => <span className="font-mono text-xs">{row.original.values.map((v, i) => <span key={i} className="mr-2 rounded bg-slate-100 px-1">{formatValue(v.value)}</span>)}</span> },
    { id: "strength", header: "Disagreement", accessorFn: (r) => Math.round(r.strength * 100) / 100, cell: ({ row }) => <span title={`spread ${row.original.spread}`}>{(row.original.strength * 100).toFixed(0)}%</span> },
    { id: "status", header: "Status", accessorFn: (r) => r.adjudication },
  ];
  return (
    <div className="space-y-4" data-testid="adjudication-queue">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-medium">Adjudication queue</h2>
        <p className="text-sm text-slate-600" data-testid="queue-counts">
          {queue.total} to resolve · {queue.decided} decided · {queue.automatic} accepted automatically · {queue.unanimousOpen} unanimous, not yet accepted · {queue.units} units with two or more values
        </p>
      </div>
      <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-xs font-medium text-slate-600" aria-label="Queue filters">
        <label className="flex flex-col gap-1">Field
          <select name="field" defaultValue={query.field ?? ""} className={control}>
            <option value="">All fields</option>
            {fields.map((f) => <option key={f}>{f}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1">System
          <select name="system" defaultValue={query.system ?? ""} className={control}>
            <option value="">All systems</option>
            {systems.map((s) => <option key={s}>{s}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1">Split
          <select name="split" defaultValue={query.split ?? ""} className={control}>
            <option value="">All</option><option value="PILOT">Pilot</option><option value="TEST">Test</option>
          </select>
        </label>
        <label className="flex flex-col gap-1" title="Likert scores and penalties: only differences larger than this count (0 = any difference)">Min. difference (scores, penalties)
          <input type="number" name="threshold" min={0} step={1} defaultValue={query.threshold} className={`${control} w-24`} />
        </label>
        <label className="flex flex-col gap-1">Sentence (words or id)
          <input type="search" name="q" defaultValue={query.q} className={`${control} w-56`} data-testid="adjudication-search" />
        </label>
        <label className="flex items-center gap-2"><input type="checkbox" name="resolved" value="1" defaultChecked={query.resolved === "1"} /> Include resolved</label>
        {query.size !== 50 && <input type="hidden" name="size" value={query.size} />}
        <button type="submit" className="rounded bg-indigo-600 px-3 py-1.5 text-sm text-white">Filter</button>
      </form>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" disabled={pending} onClick={() => call("POST")} className="rounded border border-emerald-600 px-3 py-1.5 text-sm text-emerald-800 hover:bg-emerald-50 disabled:opacity-50">
          Accept unanimous units automatically{query.field ? ` (${query.field})` : ""}
        </button>
        <button type="button" disabled={pending || queue.automatic === 0} onClick={() => call("DELETE")} className="rounded border border-slate-400 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50">
          Undo automatic acceptance
        </button>
        {message && <span role="status" className={message.kind === "ok" ? "text-sm text-emerald-800" : "text-sm text-red-700"}>{message.text}</span>}
      </div>
      {/* strongest disagreement first: the order is the queue's own, read a page at a time */}
      <ServerTable data={queue.rows} columns={columns} total={queue.total} page={query.page} pageSize={query.size} pageSizes={[25, 50, 100, 200]} sort={null} sortable={[]} testId="queue-table"
        emptyMessage={query.q ? `No disagreement in a sentence matching “${query.q}”${query.field || query.system || query.split ? " with these filters" : ""}.` : queueEmptyReason(queue, query)} />
    </div>
  );
}
