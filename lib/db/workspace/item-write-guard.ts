// The rule every annotator write obeys (issue 13.18): it lands only under the caller's OPEN
// assignment (TODO or IN_PROGRESS) of the item, and never on a value an adjudication decided.
//
// Atomicity: the check runs inside the write's own statement (lib/db/workspace/save-value.ts: a CTE) and
// takes a FOR SHARE lock on the assignment row. Saves of one annotator still run side by side
// (shared locks), but a submit, which locks the row FOR UPDATE, waits for the saves in flight, and
// a save arriving after it re-reads the row, finds DONE and writes nothing. So a submit racing a
// save never leaves a write after DONE.
//
// Decided values. Chosen rule: reopening an item is always allowed (and logged in AuditLog), but
// a write that would change a decided value is refused with VALUE_DECIDED naming the decision.
// Refusing reopen alone would not be enough: the adjudication queue reads every annotation, so a
// value can be decided while its item is still in progress. A decision covers
//   - an annotation field: a decision on the same segment, item (translation × MRW) and field;
//   - the MetaHOPE errors of a translation: any METAHOPE_<CAT> decision on that translation (a
//     span changes every category cell of the translation).
import { AppError } from "@/lib/errors";

export const OPEN_STATUSES = ["TODO", "IN_PROGRESS"] as const;

/** The refusal of a write to an item that is not open (status DONE or SKIPPED). */
export function itemClosedError(status: string): AppError {
  const what = status === "SKIPPED" ? "skipped" : "submitted";
  return new AppError("ITEM_SUBMITTED", `This item was ${what}; reopen it to change it.`, { status });
}

export interface TDecision {
  field: string;
  value: unknown;
  automatic: boolean;
  updatedAt: string | Date;
  email: string | null;
}

function shown(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);
}

/** The refusal naming the decision that covers the value (`label`: the label of the field written, the decision's own field). */
export function decidedError(d: TDecision, label: string): AppError {
  const day = new Date(d.updatedAt).toISOString().slice(0, 10);
  const by = d.automatic ? "accepted automatically because the annotators agreed" : `by ${d.email ?? "an adjudicator"}`;
  return new AppError(
    "VALUE_DECIDED",
    `Decided by adjudication: ${label} = ${shown(d.value)} (${by}, ${day}). ${label} can no longer be changed here; ask the adjudicator to revise the decision.`,
    { decision: { field: d.field, value: d.value, automatic: d.automatic, updatedAt: new Date(d.updatedAt).toISOString() } },
  );
}
