// The queue's qualification section (issue 31 point 1). Before an annotator passed, it replaces the
// queue: what the qualification is, its items, and after a scored attempt the result with each
// wrong answer, the gold value and its rationale (shown only once the attempt is scored). After a
// pass, one line with the result above the queue. Loading it gives a new annotator the
// qualification items they lack (ensureQualificationAssignments), so the queue starts with them.
import Link from "next/link";
import { getDb } from "@/lib/db/client";
import { ensureQualificationAssignments, qualificationState, type TQualificationAttemptView, type TQualificationState } from "@/lib/db/gold-checks/qualification";
import { QualificationRetryButton } from "./qualification-retry-button";

const shown = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));
const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;

function AttemptResult({ attempt }: { attempt: TQualificationAttemptView }) {
  const wrong = attempt.answers.filter((a) => !a.correct);
  return (
    <div data-testid="qualification-result" className={`rounded border p-3 text-sm ${attempt.passed ? "border-emerald-300 bg-emerald-50" : "border-amber-300 bg-amber-50"}`}>
      <p className="font-medium">
        Attempt {attempt.attempt}: {attempt.passed ? "passed" : "not passed"} (pass mark {pct(attempt.passMark)} per field) —{" "}
        {Object.entries(attempt.scores)
          .map(([field, s]) => `${field} ${pct(s.share)} (${s.correct} of ${s.total}${s.passMark !== undefined && s.passMark !== attempt.passMark ? `; this field needs ${pct(s.passMark)}` : ""})`)
          .join(", ")}
      </p>
      {wrong.length > 0 && (
        <table className="mt-2 w-full text-left text-sm" data-testid="qualification-wrong">
          <thead>
            <tr className="text-xs text-slate-600"><th className="pr-3">Item</th><th className="pr-3">Field</th><th className="pr-3">Your answer</th><th className="pr-3">Gold</th><th>Why</th></tr>
          </thead>
          <tbody>
            {wrong.map((a, i) => (
              <tr key={i} className="border-t border-slate-200 align-top">
                <td className="pr-3">{a.externalId}</td><td className="pr-3">{a.field}</td><td className="pr-3">{shown(a.given)}</td><td className="pr-3 font-medium">{shown(a.gold)}</td><td>{a.rationale ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The fields with a mark or tolerance of their own, in words (" (FLUENCY: 90 %, within 1)"), or nothing. */
function ownRules(rules: TQualificationState["fieldRules"]): string {
  const parts = Object.entries(rules).map(([f, r]) => {
    const said = [r.passMark !== undefined ? pct(r.passMark) : null, r.tolerance !== undefined ? `an answer within ${r.tolerance} of the expected one counts` : null];
    return `${f}: ${said.filter(Boolean).join(", ")}`;
  });
  return parts.length ? ` (${parts.join("; ")})` : "";
}

/** null: the project has no qualification set. `blocking`: the queue is shown only after a pass. */
export async function qualificationPanel(o: { slug: string; projectId: string; annotatorId: string }): Promise<{ blocking: boolean; node: React.ReactNode } | null> {
  const db = getDb();
  await ensureQualificationAssignments(db, o.projectId, [o.annotatorId]);
  const state = await qualificationState(db, o.projectId, o.annotatorId);
  if (!state.required) return null;
  const last = state.attempts[state.attempts.length - 1];
  if (state.passed) return { blocking: false, node: last ? <AttemptResult attempt={last} /> : null };
  const next = state.items.find((i) => i.status !== "DONE");
  return {
    blocking: true,
    node: (
      <section aria-labelledby="qualification-heading" className="space-y-3 rounded border border-slate-200 bg-white p-4" data-testid="qualification-panel">
        <h2 id="qualification-heading" className="text-base font-semibold">Qualification</h2>
        <p className="text-sm text-slate-700">
          This project opens its main queue after a qualification: {state.items.length} item{state.items.length === 1 ? "" : "s"} whose answers are known. Submit all of them; you pass when
          each field&apos;s share of correct answers reaches {pct(state.passMark)}
          {ownRules(state.fieldRules)}. You will see each wrong answer with the expected one.
        </p>
        {last && <AttemptResult attempt={last} />}
        {state.canRetry ? (
          <QualificationRetryButton slug={o.slug} />
        ) : (
          <>
            <ol className="list-decimal pl-6 text-sm">
              {state.items.map((i) => (
                <li key={i.segmentId}>
                  <Link href={`/projects/${o.slug}/items/${i.segmentId}`} className="text-indigo-700 underline">{i.externalId}</Link>{" "}
                  <span className="text-slate-500">{i.status === "DONE" ? "submitted" : i.status === "IN_PROGRESS" ? "in progress" : "to do"}</span>
                </li>
              ))}
            </ol>
            {next && (
              <Link href={`/projects/${o.slug}/items/${next.segmentId}`} className="inline-block rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white" data-testid="qualification-continue">
                {state.items.some((i) => i.status === "DONE") ? "Continue the qualification" : "Start the qualification"}
              </Link>
            )}
          </>
        )}
      </section>
    ),
  };
}
