// The dashboard's "Drift" panel (issue 31 point 4): each annotator's agreement with the rest of the
// panel over their last W submitted items, beside the interval windows of that size drawn from the
// other annotators give; flagged annotators first and highlighted, each with the items that moved
// the figure (links to the adjudication item page). Viewing it runs the drift check
// (lib/db/drift/drift-check.ts: flags opened notify the managers once), whose figures are kept by
// the report data's version. Guarded like the dashboard (report.read: managers and adjudicators,
// never annotators); only managers change the window.
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { checkDrift } from "@/lib/db/drift/drift-check";
import { getDriftWindow } from "@/lib/db/drift/drift-data";
import { accessGrants } from "@/lib/authz/permissions";
import { requireProjectPage } from "@/lib/http/page-access";
import type { TDriftRow } from "@/lib/reports/drift";
import { flagFieldOf } from "@/lib/db/drift/drift-check";
import { raterLabel } from "@/lib/import/imported-annotator";
import { DriftWindowForm } from "./drift-window-form";

const STATISTIC_LABEL: Record<TDriftRow["statistic"], string> = { percent_agreement: "agreement", alpha: "α", gold_accuracy: "right on gold checks" };

const MOVED_SHOWN = 10;

function figure(r: TDriftRow, x: number | null): string {
  if (x === null) return "—";
  return r.statistic === "alpha" ? x.toFixed(3) : `${(x * 100).toFixed(0)} %`;
}

export async function DriftPanel({ slug, projectId }: { slug: string; projectId: string }) {
  const access = await requireProjectPage(slug, "report.read", `/projects/${slug}/dashboard`);
  const db = getDb();
  const pool = getPgPool();
  const window = await getDriftWindow(db, projectId);
  const { rows } = await checkDrift(db, pool, projectId, slug);
  const ids = [...new Set(rows.flatMap((r) => r.moved.slice(0, MOVED_SHOWN).map((m) => m.segmentId)))];
  const names = new Map((await db.segment.findMany({ where: { projectId, id: { in: ids } }, select: { id: true, externalId: true } })).map((s) => [s.id, s.externalId]));
  const sorted = [...rows].sort((a, b) => Number(b.flagged) - Number(a.flagged) || a.field.localeCompare(b.field) || a.source.localeCompare(b.source) || a.annotator.localeCompare(b.annotator));
  const flagged = rows.filter((r) => r.flagged).length;
  return (
    <section id="drift" aria-labelledby="drift-heading" className="rounded border p-4" data-testid="drift-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="drift-heading" className="text-lg font-semibold">
          Drift {flagged > 0 && <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-sm text-red-800">{flagged} flagged</span>}
        </h2>
        {accessGrants(access.roles, access.user.isAdmin, "project.manage") ? <DriftWindowForm slug={slug} window={window} /> : <span className="text-sm text-slate-500">Window: last {window} items</span>}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Each annotator&apos;s agreement with the rest of the panel over their last {window} submitted items: for a nominal field the share of units where they give the other
        annotators&apos; majority label, for ordered fields Krippendorff&apos;s α at the field&apos;s level against the others&apos; median (ordinal) or mean; tags and spans
        count the tokens and characters anyone marked, a vector each dimension. The interval is the
        central 95 % of the same figure on windows of as many units drawn from the other annotators&apos; values over the whole project; below it, the annotator is
        flagged and the managers are notified once. Rows marked &ldquo;gold checks&rdquo; give the share of right answers over the annotator&apos;s last {window} answers to hidden
        gold checks, against the other annotators&apos; accuracy on as many answers.
      </p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No figures yet: drift needs fields with a level and items submitted by at least two annotators.</p>
      ) : (
        <table className="mt-3 w-full text-sm [&_td]:pr-3 [&_th]:pr-3">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1">Field</th>
              <th>Annotator</th>
              <th>Items · units</th>
              <th>Window figure</th>
              <th>Panel&apos;s interval</th>
              <th>Items that moved it</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((r) => (
              <tr key={`${flagFieldOf(r)} ${r.annotator}`} className={r.flagged ? "bg-red-50 font-medium text-red-900" : "border-t"} data-testid={r.flagged ? "drift-flagged" : "drift-row"}>
                <td className="py-1 align-top">
                  {r.field}
                  {r.source === "gold" && <span className="ml-1 text-xs font-normal text-amber-800">gold checks</span>}
                </td>
                <td className="align-top">
                  {raterLabel(r.annotator)}
                  {r.flagged && <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs text-white">drift</span>}
                </td>
                <td className="align-top">
                  {r.items} · {r.units}
                </td>
                <td className="align-top" title={r.reason}>
                  {figure(r, r.value)} <span className="text-xs text-slate-500">{r.statistic === "alpha" ? `α ${r.level}` : STATISTIC_LABEL[r.statistic]}</span>
                  {r.value === null && r.reason && <div className="text-xs font-normal text-slate-500">{r.reason}</div>}
                </td>
                <td className="align-top">{r.lower === null ? "—" : `${figure(r, r.lower)} – ${figure(r, r.upper)}`}</td>
                <td className="align-top">
                  {r.flagged && r.moved.length > 0 && (
                    <ol className="list-decimal pl-5 font-normal">
                      {r.moved.slice(0, MOVED_SHOWN).map((m) => (
                        <li key={`${m.segmentId} ${m.unit}`}>
                          <a className="underline" href={`/projects/${slug}/adjudication/${encodeURIComponent(m.segmentId)}`}>
                            {names.get(m.segmentId) ?? m.segmentId}
                          </a>{" "}
                          <span className="text-slate-600">
                            {r.source === "gold" ? "wrong answer" : `${String(m.value)} vs. panel ${typeof m.panel === "number" ? Number(m.panel.toFixed(2)) : m.panel}`}
                          </span>
                        </li>
                      ))}
                      {r.moved.length > MOVED_SHOWN && <li className="list-none text-slate-500">and {r.moved.length - MOVED_SHOWN} more</li>}
                    </ol>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
