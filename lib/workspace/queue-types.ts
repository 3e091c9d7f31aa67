// The shapes of an annotator's queue: a row (one assignment, in their own order, shuffled per
// annotator when the project asks for it) and the progress summary. Read a page at a time by
// lib/db/workspace/queue-page.ts.
import type { AssignmentStatus, Split } from "@/lib/generated/prisma/enums";

export interface TQueueRow {
  segmentId: string;
  externalId: string;
  split: Split | null;
  status: AssignmentStatus;
  position: number;
  timeSpentMs: number;
  preview: string;
  /** the segment's language (Meta4XNLI queues hold EN and ES items) */
  language: string;
  documentTitle: string | null;
}

export interface TQueueSummary {
  done: number;
  skipped: number;
  total: number;
  timeSpentMs: number;
  /** First item not done or skipped, in the annotator's order ("continue where I stopped"). */
  continueSegmentId: string | null;
}
