// The dashboard's gold-check section (issue 31 points 1–2): each annotator's qualification (passed
// at which attempt, or not yet) and accuracy on hidden gold checks over time, per week (all fields
// with gold pooled; `tropos export --what gold-checks` has them per field). Nothing is shown in a
// project without gold items. Read on its own, so the dashboard inserts it in one line.
import { getDb } from "@/lib/db/client";
import { goldCheckAccuracy } from "@/lib/db/gold-checks/hidden-checks";
import { raterLabel } from "@/lib/import/imported-annotator";

const pct = (correct: number, total: number) => (total ? `${Math.round((1000 * correct) / total) / 10} %` : "—");

export async function GoldCheckAccuracy({ projectId }: { projectId: string }) {
  const db = getDb();
  const [items, rows, attempts] = await Promise.all([
    db.goldItem.count({ where: { projectId } }),
    goldCheckAccuracy(db, projectId),
    db.qualificationAttempt.findMany({ where: { projectId }, orderBy: { attempt: "asc" }, select: { annotatorId: true, attempt: true, passed: true } }),
  ]);
  if (items === 0 && rows.length === 0 && attempts.length === 0) return null;
  const emails = new Map((await db.user.findMany({ where: { id: { in: [...new Set(attempts.map((a) => a.annotatorId))] } }, select: { id: true, email: true } })).map((u) => [u.id, u.email]));
  const qualification = new Map<string, string>();
  for (const a of attempts) {
    const email = emails.get(a.annotatorId) ?? a.annotatorId;
    if (!qualification.get(email)?.startsWith("passed")) qualification.set(email, a.passed ? `passed (attempt ${a.attempt})` : `not passed (${a.attempt} attempt${a.attempt === 1 ? "" : "s"})`);
  }
  const weeks = [...new Set(rows.map((r) => r.week))].sort();
  const annotators = [...new Set([...rows.map((r) => r.annotator), ...qualification.keys()])].sort();
  const tally = (annotator: string, week?: string) =>
    rows.filter((r) => r.annotator === annotator && (week === undefined || r.week === week)).reduce((t, r) => ({ correct: t.correct + r.correct, total: t.total + r.total }), { correct: 0, total: 0 });
  return (
    <section aria-labelledby="gold-checks-dashboard-heading" className="rounded border border-slate-200 bg-white p-4" data-testid="gold-check-accuracy">
      <h3 id="gold-checks-dashboard-heading" className="font-medium">Gold checks</h3>
      <p className="text-sm text-slate-600">Qualification results and accuracy on hidden gold checks per week (share of answers equal to gold; n answers). Gold items are left out of every figure above.</p>
      {annotators.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No qualification attempt or hidden check answered yet.</p>
      ) : (
        <table className="mt-2 text-left text-sm">
          <thead>
            <tr className="text-xs text-slate-600">
              <th className="pr-4">Annotator</th><th className="pr-4">Qualification</th><th className="pr-4">Hidden checks, all</th>
              {weeks.map((w) => <th key={w} className="pr-4">week of {w}</th>)}
            </tr>
          </thead>
          <tbody>
            {annotators.map((a) => {
              const all = tally(a);
              return (
                <tr key={a} className="border-t border-slate-100">
                  <td className="pr-4">{raterLabel(a)}</td>
                  <td className="pr-4">{qualification.get(a) ?? "—"}</td>
                  <td className="pr-4">{pct(all.correct, all.total)} <span className="text-slate-500">(n {all.total})</span></td>
                  {weeks.map((w) => {
                    const t = tally(a, w);
                    return <td key={w} className="pr-4">{t.total ? <>{pct(t.correct, t.total)} <span className="text-slate-500">(n {t.total})</span></> : "—"}</td>;
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
