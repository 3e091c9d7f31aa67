/** One cell of a dashboard table: a figure's value with what a reader must know next to it. */
export interface TCell {
  value: number | null;
  reason?: string;
  ci95?: [number | null, number | null];
  ciReason?: string;
  n: number;
  /** annotators the value rests on (agreement figures) */
  raters?: number;
  /** why the value is missing, or a small-sample warning (figure-note.ts) */
  note?: string;
}
