/**
 * What a finished job came to, in one line for the Jobs page (issue 29 point 4: a finished job
 * said only "Done", and the import's counts, a suggestion run's ok/failed/tokens and an export's
 * file were gone from view). Pure: reads the `result`/`error` JSON the job kinds store
 * (lib/jobs/import-job.ts, suggest-job.ts, export-job.ts), defensively, since rows written by an
 * earlier release may lack a key.
 */
import type { TJobView } from "@/lib/jobs/job-view";

const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const plural = (k: number, one: string, many = `${one}s`) => `${k.toLocaleString("en")} ${k === 1 ? one : many}`;

const COUNT_NAMES: [string, string, string][] = [
  ["documents", "document", "documents"],
  ["segments", "segment", "segments"],
  ["mrws", "MRW", "MRWs"],
  ["translations", "translation", "translations"],
  ["alignments", "alignment", "alignments"],
  ["annotations", "annotation", "annotations"],
  ["errorSpans", "error span", "error spans"],
  ["postEdits", "post-edit", "post-edits"],
  ["metricScores", "metric score", "metric scores"],
];

function importOutcome(result: unknown): string | null {
  const outcomes = (result as { outcomes?: unknown } | null)?.outcomes;
  if (!Array.isArray(outcomes) || outcomes.length === 0) return null;
  const stored = outcomes.filter((o) => (o as { stored?: unknown }).stored === true);
  const totals = new Map<string, number>();
  for (const o of stored) {
    const counts = ((o as { counts?: Record<string, unknown> }).counts ?? {}) as Record<string, unknown>;
    for (const [key] of COUNT_NAMES) totals.set(key, (totals.get(key) ?? 0) + n(counts[key]));
  }
  const parts = COUNT_NAMES.filter(([key]) => (totals.get(key) ?? 0) > 0).map(([key, one, many]) => plural(totals.get(key)!, one, many));
  const warnings = stored.reduce((sum, o) => sum + (Array.isArray((o as { warnings?: unknown }).warnings) ? ((o as { warnings: unknown[] }).warnings.length) : 0), 0);
  return `${plural(stored.length, "file")} of ${outcomes.length} stored${parts.length ? `: ${parts.join(", ")}` : ""}${warnings ? ` (${plural(warnings, "warning")})` : ""}`;
}

function suggestOutcome(result: unknown): string | null {
  if (!result || typeof result !== "object") return null;
  const r = result as Record<string, unknown>;
  const parts = [`${n(r.ok)} ok`, `${n(r.failed)} failed`];
  if (n(r.skipped)) parts.push(`${n(r.skipped)} had a suggestion already`);
  parts.push(plural(n(r.tokensIn) + n(r.tokensOut), "token"));
  if (typeof r.cost === "number") parts.push(`cost ${r.cost.toFixed(4)}`);
  return `${typeof r.field === "string" ? `${r.field}: ` : ""}${parts.join(" · ")}`;
}

function exportOutcome(result: unknown): string | null {
  if (!result || typeof result !== "object") return null;
  const r = result as Record<string, unknown>;
  if (typeof r.fileName !== "string") return null;
  const kb = n(r.bytes) / 1024;
  return `${r.fileName}: ${plural(n(r.lines), "line")}, ${kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(kb))} kB`}`;
}

/** The outcome of a finished job (null while it runs or when it stored nothing to say). */
export function describeOutcome(job: Pick<TJobView, "kind" | "status" | "result" | "error">): string | null {
  if (job.status === "queued" || job.status === "running") return null;
  const error = (job.error as { message?: unknown } | null)?.message;
  const what = job.kind === "import" ? importOutcome(job.result) : job.kind === "suggest" ? suggestOutcome(job.result) : exportOutcome(job.result);
  if (job.status === "done") return what;
  // failed or cancelled: why first, then what had been done
  const why = typeof error === "string" ? error : job.status === "failed" ? "failed" : "cancelled";
  return what && job.kind !== "export" ? `${why} — ${what}` : why;
}

/** Whether a suggestion run has units that failed and can be tried again. */
export function retryableFailures(job: Pick<TJobView, "kind" | "status" | "result">): { model: string; field: string; failed: number } | null {
  if (job.kind !== "suggest" || job.status === "queued" || job.status === "running") return null;
  const r = (job.result ?? null) as { endpoint?: unknown; field?: unknown; failed?: unknown } | null;
  if (!r || typeof r.endpoint !== "string" || typeof r.field !== "string" || n(r.failed) === 0) return null;
  return { model: r.endpoint, field: r.field, failed: n(r.failed) };
}
