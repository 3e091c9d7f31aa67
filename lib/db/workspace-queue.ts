// An annotator's queue in one project: their assignments in their own order (shuffled per
// annotator when the project asks for it), with status, time spent and per-split progress.
// Only the caller's own assignments are read.
import type { Db } from "@/lib/db/client";
import type { AssignmentStatus, Split } from "@/lib/generated/prisma/enums";
import type { TAssignmentScheme } from "@/lib/schemes/scheme-runtime";

export interface TQueueRow {
  segmentId: string;
  externalId: string;
  scheme: TAssignmentScheme;
  split: Split | null;
  status: AssignmentStatus;
  position: number;
  timeSpentMs: number;
  preview: string;
  /** the segment's language (Meta4XNLI queues hold EN and ES items) */
  language: string;
  documentTitle: string | null;
}

export async function getAnnotatorQueue(db: Db, opts: { projectId: string; annotatorId: string }): Promise<TQueueRow[]> {
  const rows = await db.assignment.findMany({
    where: { projectId: opts.projectId, annotatorId: opts.annotatorId },
    orderBy: [{ scheme: "asc" }, { position: "asc" }, { id: "asc" }],
    select: {
      scheme: true,
      status: true,
      position: true,
      timeSpentMs: true,
      segment: { select: { id: true, externalId: true, split: true, text: true, language: true, document: { select: { title: true, split: true } } } },
    },
  });
  return rows.map((r) => ({
    segmentId: r.segment.id,
    externalId: r.segment.externalId,
    scheme: r.scheme as TAssignmentScheme, // a text column holding only these values (written by lib/db/assignments.ts)
    // A segment without its own split inherits its document's.
    split: r.segment.split ?? r.segment.document.split,
    status: r.status,
    position: r.position,
    timeSpentMs: r.timeSpentMs,
    preview: r.segment.text.length > 140 ? `${r.segment.text.slice(0, 137)}…` : r.segment.text,
    language: r.segment.language,
    documentTitle: r.segment.document.title,
  }));
}

/** Done / total per language, in the order the languages first appear (one entry: a single-language queue). */
export function progressByLanguage(rows: readonly TQueueRow[]): { language: string; done: number; total: number }[] {
  const out = new Map<string, { language: string; done: number; total: number }>();
  for (const r of rows) {
    const p = out.get(r.language) ?? { language: r.language, done: 0, total: 0 };
    p.total++;
    if (r.status === "DONE") p.done++;
    out.set(r.language, p);
  }
  return [...out.values()];
}

export interface TQueueSummary {
  done: number;
  skipped: number;
  total: number;
  timeSpentMs: number;
  /** First item not done or skipped, in the annotator's order ("continue where I stopped"). */
  continueSegmentId: string | null;
}

export function summarizeQueue(rows: readonly TQueueRow[]): TQueueSummary {
  const open = rows.find((r) => r.status === "TODO" || r.status === "IN_PROGRESS");
  return {
    done: rows.filter((r) => r.status === "DONE").length,
    skipped: rows.filter((r) => r.status === "SKIPPED").length,
    total: rows.length,
    timeSpentMs: rows.reduce((s, r) => s + r.timeSpentMs, 0),
    continueSegmentId: open?.segmentId ?? null,
  };
}
