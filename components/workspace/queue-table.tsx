"use client";
// The annotator's queue as one server-read page (components/ui/server-table.tsx): number in the
// list, sentence (linked to the item), split, status, time, and skip/reopen.
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { ServerTable } from "@/components/ui/server-table";
import { QueueSkipButton } from "@/components/workspace/queue-skip-button";
import type { TQueueRow } from "@/lib/workspace/queue-types";
import { QUEUE_PAGE_SIZES } from "@/lib/workspace/queue-query";
import { formatDuration } from "@/lib/workspace/format-duration";

const STATUS_STYLE: Record<string, string> = {
  TODO: "bg-slate-100 text-slate-700",
  IN_PROGRESS: "bg-sky-100 text-sky-800",
  DONE: "bg-emerald-100 text-emerald-800",
  SKIPPED: "bg-amber-100 text-amber-800",
};


type TRow = TQueueRow & { rank: number };

export function QueueTable(p: { slug: string; rows: TRow[]; total: number; page: number; pageSize: number; sort: { id: string; desc: boolean }; emptyMessage: string }) {
  const columns: ColumnDef<TRow, unknown>[] = [
    { id: "rank", header: "#", cell: ({ row }) => <span className="text-slate-500">{row.original.rank.toLocaleString("en")}</span> },
    {
      id: "segment",
      header: "Segment",
      cell: ({ row }) => (
        <Link href={`/projects/${p.slug}/items/${row.original.segmentId}`} className="block max-w-2xl truncate text-indigo-700 hover:underline" lang={row.original.language} title={row.original.externalId}>
          {row.original.preview}
        </Link>
      ),
    },
    { id: "split", header: "Split", cell: ({ row }) => row.original.split?.toLowerCase() ?? "—" },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLE[row.original.status]}`}>{row.original.status.toLowerCase().replace("_", " ")}</span>,
    },
    { id: "time", header: "Time", cell: ({ row }) => formatDuration(row.original.timeSpentMs) },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) =>
        row.original.status !== "DONE" ? <QueueSkipButton slug={p.slug} segmentId={row.original.segmentId} skipped={row.original.status === "SKIPPED"} /> : null,
    },
  ];
  return (
    <ServerTable
      data={p.rows}
      columns={columns}
      total={p.total}
      page={p.page}
      pageSize={p.pageSize}
      pageSizes={QUEUE_PAGE_SIZES}
      sort={p.sort}
      sortable={["rank", "segment", "status", "time"]}
      keys={{ page: "page", size: "size", sort: "sort", dir: "dir" }}
      defaultSort="rank"
      testId="queue-table"
      rowTestId="queue-row"
      emptyMessage={p.emptyMessage}
    />
  );
}
