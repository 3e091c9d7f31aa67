// `tropos export --what gold-checks` (issue 31 points 1–2): every scored qualification attempt
// (one row per attempt and field: pass/fail, correct of total, the share, when, the field's pass
// mark) and each
// annotator's accuracy on hidden gold checks per field and week. Small: read in memory.
import type { Db } from "@/lib/db/client";
import type { TableExport } from "@/lib/db/export/tables";
import type { TableRow } from "@/lib/export/table-lines";
import type { TFieldScore } from "@/lib/gold-checks/score-against-gold";
import { goldCheckAccuracy } from "@/lib/db/gold-checks/hidden-checks";

export const GOLD_CHECK_COLUMNS = ["kind", "annotator", "attempt", "passed", "week", "field", "correct", "total", "accuracy", "at", "passMark"] as const;

export function exportGoldChecks(db: Db, projectId: string): TableExport {
  async function* rows(): AsyncGenerator<TableRow> {
    const attempts = await db.qualificationAttempt.findMany({ where: { projectId }, orderBy: [{ annotatorId: "asc" }, { attempt: "asc" }], select: { annotatorId: true, attempt: true, passed: true, passMark: true, scores: true, scoredAt: true } });
    const emails = new Map((await db.user.findMany({ where: { id: { in: [...new Set(attempts.map((a) => a.annotatorId))] } }, select: { id: true, email: true } })).map((u) => [u.id, u.email]));
    const sorted = attempts.map((a) => ({ ...a, email: emails.get(a.annotatorId) ?? a.annotatorId })).sort((a, b) => a.email.localeCompare(b.email) || a.attempt - b.attempt);
    for (const a of sorted) {
      for (const [field, s] of Object.entries(a.scores as unknown as Record<string, TFieldScore>).sort(([x], [y]) => x.localeCompare(y))) {
        yield { kind: "qualification", annotator: a.email, attempt: a.attempt, passed: a.passed, week: null, field, correct: s.correct, total: s.total, accuracy: s.share, at: a.scoredAt.toISOString(), passMark: s.passMark ?? a.passMark };
      }
    }
    for (const r of await goldCheckAccuracy(db, projectId)) {
      yield { kind: "check", annotator: r.annotator, attempt: null, passed: null, week: r.week, field: r.field, correct: r.correct, total: r.total, accuracy: r.accuracy, at: null, passMark: null };
    }
  }
  return { columns: GOLD_CHECK_COLUMNS, rows: rows() };
}
