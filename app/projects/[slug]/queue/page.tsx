// My queue: the caller's assigned items per scheme and split, in their own (possibly shuffled)
// order, with progress, time spent, status, skip, and "continue where I stopped". A project that
// runs its own scheme has one queue (SCHEME assignments), named by the scheme's name.
import Link from "next/link";
import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { getAnnotatorQueue, progressByLanguage, summarizeQueue } from "@/lib/db/workspace-queue";
import { getProjectScheme } from "@/lib/db/project-schemes";
import { SCHEME_ASSIGNMENT } from "@/lib/schemes/scheme-runtime";
import { QueueSkipButton } from "@/components/workspace/queue-skip-button";

export const dynamic = "force-dynamic";

const STATUS_STYLE: Record<string, string> = {
  TODO: "bg-slate-100 text-slate-700",
  IN_PROGRESS: "bg-sky-100 text-sky-800",
  DONE: "bg-emerald-100 text-emerald-800",
  SKIPPED: "bg-amber-100 text-amber-800",
};

function minutes(ms: number): string {
  if (ms > 0 && ms < 60000) return `${Math.round(ms / 1000)} s`;
  const m = Math.round(ms / 60000);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

export default async function QueuePage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ scheme?: string; split?: string; done?: string }> }) {
  const { slug } = await params;
  const sp = await searchParams;
  const access = await requireProjectPage(slug, "annotation.write", `/projects/${slug}/queue`);
  const db = getDb();
  const all = await getAnnotatorQueue(db, { projectId: access.project.id, annotatorId: access.user.id });
  const own = all.some((r) => r.scheme === SCHEME_ASSIGNMENT) ? await getProjectScheme(db, access.project.id) : null;
  const schemeName = (s: string) => (s === "MMTE" ? "MMTE" : s === "METAHOPE" ? "MetaHOPE" : (own?.definition.name ?? "This project's scheme"));
  const schemes = [...new Set(all.map((r) => r.scheme))];
  const scheme = schemes.includes(sp.scheme as never) ? (sp.scheme as (typeof schemes)[number]) : schemes[0];
  const inScheme = all.filter((r) => r.scheme === scheme);
  const splits = [...new Set(inScheme.map((r) => r.split ?? "NONE"))];
  const split = sp.split && splits.includes(sp.split as never) ? sp.split : "ALL";
  const rows = split === "ALL" ? inScheme : inScheme.filter((r) => (r.split ?? "NONE") === split);
  const sum = summarizeQueue(rows);
  const languages = progressByLanguage(rows);
  const pct = sum.total ? Math.round((100 * sum.done) / sum.total) : 0;
  const href = (s: string | undefined, sp2: string) => `/projects/${slug}/queue?scheme=${s}${sp2 === "ALL" ? "" : `&split=${sp2}`}`;
  if (all.length === 0) return <p className="text-slate-600">No items are assigned to you in this project yet.</p>;
  return (
    <div className="space-y-4">
      {sp.done && sum.continueSegmentId === null && (
        <p role="status" className="rounded border border-emerald-300 bg-emerald-50 p-2 text-sm">
          All items of this queue are done. Thank you!
        </p>
      )}
      <nav aria-label="Scheme" className="flex flex-wrap gap-2 text-sm">
        {schemes.map((s) => (
          <Link key={s} href={href(s, "ALL")} aria-current={s === scheme ? "page" : undefined} className={`rounded px-2 py-1 ${s === scheme ? "bg-indigo-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300"}`}>
            {schemeName(s)}
          </Link>
        ))}
        <span className="mx-2 text-slate-400">|</span>
        {["ALL", ...splits].map((s) => (
          <Link key={s} href={href(scheme, s)} aria-current={s === split ? "page" : undefined} className={`rounded px-2 py-1 ${s === split ? "bg-slate-800 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300"}`}>
            {s === "ALL" ? "All splits" : s === "NONE" ? "No split" : s.toLowerCase()}
          </Link>
        ))}
      </nav>
      <section aria-label="Progress" className="flex flex-wrap items-center gap-4 rounded border border-slate-200 bg-white p-3">
        <div className="min-w-64 flex-1">
          <div className="text-sm" data-testid="queue-progress">
            {sum.done} / {sum.total} done{sum.skipped ? ` · ${sum.skipped} skipped` : ""} · {minutes(sum.timeSpentMs)} spent
          </div>
          <div className="mt-1 h-2 rounded bg-slate-200" role="progressbar" aria-label="Items done" aria-valuemin={0} aria-valuemax={sum.total} aria-valuenow={sum.done}>
            <div className="h-2 rounded bg-emerald-500" style={{ width: `${pct}%` }} />
          </div>
          {languages.length > 1 && (
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Progress per language">
              {languages.map((l) => (
                <li key={l.language} data-testid={`queue-progress-${l.language}`} className="flex items-center gap-1">
                  <span className="font-medium uppercase">{l.language}</span> {l.done} / {l.total} done
                  <span className="inline-block h-1.5 w-16 rounded bg-slate-200" role="progressbar" aria-label={`Items done in ${l.language}`} aria-valuemin={0} aria-valuemax={l.total} aria-valuenow={l.done}>
                    <span className="block h-1.5 rounded bg-emerald-500" style={{ width: `${l.total ? Math.round((100 * l.done) / l.total) : 0}%` }} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {sum.continueSegmentId ? (
          <Link href={`/projects/${slug}/items/${sum.continueSegmentId}?scheme=${scheme}`} className="rounded bg-indigo-600 px-3 py-1.5 font-medium text-white">
            Continue where I stopped
          </Link>
        ) : (
          <span className="text-sm text-emerald-700">Nothing left to do here.</span>
        )}
      </section>
      <table className="w-full table-fixed border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-600">
            <th className="w-12 py-1">#</th>
            <th className="py-1">Segment</th>
            <th className="w-24 py-1">Split</th>
            <th className="w-28 py-1">Status</th>
            <th className="w-20 py-1">Time</th>
            <th className="w-20 py-1"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.segmentId} className="border-b border-slate-100 align-top" data-testid="queue-row">
              <td className="py-1 text-slate-500">{i + 1}</td>
              <td className="truncate py-1">
                <Link href={`/projects/${slug}/items/${r.segmentId}?scheme=${scheme}`} className="text-indigo-700 hover:underline" lang={r.language}>
                  {r.preview}
                </Link>
              </td>
              <td className="py-1">{r.split?.toLowerCase() ?? "—"}</td>
              <td className="py-1">
                <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLE[r.status]}`}>{r.status.toLowerCase().replace("_", " ")}</span>
              </td>
              <td className="py-1">{minutes(r.timeSpentMs)}</td>
              <td className="py-1">
                {r.status !== "DONE" && <QueueSkipButton slug={slug} segmentId={r.segmentId} scheme={r.scheme} skipped={r.status === "SKIPPED"} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
