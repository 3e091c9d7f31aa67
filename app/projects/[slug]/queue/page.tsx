// My queue: the caller's assigned items per split, in their own (possibly shuffled) order, with
// progress, time spent, status, skip, and "continue where I stopped". One queue per annotator (an
// assignment is annotator × item, for the project's whole scheme), named by the scheme's name and
// version. The list is read a page at a time in SQL, with a search over the sentences, a status
// filter and a sort (issue 29 point 5: a queue of 5,000 items rendered every row).
import Link from "next/link";
import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { getQueuePage, getQueueScopes, getQueueSummary } from "@/lib/db/workspace/queue-page";
import { getProjectScheme } from "@/lib/db/projects/project-schemes";
import { parseQueueQuery, queueHref, QUEUE_STATUS_FILTERS, type TQueueQuery } from "@/lib/workspace/queue-query";
import { QueueTable } from "@/components/workspace/queue-table";
import { formatDuration } from "@/lib/workspace/format-duration";
import { qualificationPanel } from "@/components/workspace/qualification-panel";

export const dynamic = "force-dynamic";

const STATUS_LABEL: Record<(typeof QUEUE_STATUS_FILTERS)[number], string> = {
  ALL: "every status",
  OPEN: "to do (not done or skipped)",
  TODO: "not started",
  IN_PROGRESS: "in progress",
  DONE: "done",
  SKIPPED: "skipped",
};

export default async function QueuePage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug } = await params;
  const asked = parseQueueQuery(await searchParams);
  const access = await requireProjectPage(slug, "annotation.write", `/projects/${slug}/queue`);
  const pool = getPgPool();
  const ids = { projectId: access.project.id, annotatorId: access.user.id };
  // before a pass, the qualification replaces the queue (issue 31 point 1)
  const qualification = await qualificationPanel({ slug, ...ids });
  if (qualification?.blocking) return qualification.node;
  const scopes = await getQueueScopes(pool, ids);
  if (scopes.length === 0) return <p className="text-slate-600">No items are assigned to you in this project yet.</p>;
  const splits: TQueueQuery["split"][] = scopes.map((s) => s.split ?? "NONE");
  const split: TQueueQuery["split"] = asked.split !== "ALL" && splits.includes(asked.split) ? asked.split : "ALL";
  const q: TQueueQuery = { ...asked, split };
  const [scheme, sum, page] = await Promise.all([getProjectScheme(getDb(), access.project.id), getQueueSummary(pool, ids, q), getQueuePage(pool, ids, q)]);
  const pct = sum.total ? Math.round((100 * sum.done) / sum.total) : 0;
  const filtering = q.q !== "" || q.status !== "ALL";
  return (
    <div className="space-y-4">
      {qualification?.node}
      {q.done && sum.continueSegmentId === null && (
        <p role="status" className="rounded border border-emerald-300 bg-emerald-50 p-2 text-sm">
          All items of this queue are done. Thank you!
        </p>
      )}
      <h2 className="text-base font-semibold" data-testid="queue-scheme">
        {scheme?.definition.name ?? "This project's scheme"}
        {scheme && <span className="ml-2 text-sm font-normal text-slate-500">version {scheme.version}</span>}
      </h2>
      <nav aria-label="Split" className="flex flex-wrap gap-2 text-sm">
        {(["ALL", ...splits] as const).map((s) => (
          <Link key={s} href={queueHref(slug, q, { split: s })} aria-current={s === split ? "page" : undefined} className={`rounded px-2 py-1 ${s === split ? "bg-slate-800 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300"}`}>
            {s === "ALL" ? "All splits" : s === "NONE" ? "No split" : s.toLowerCase()}
          </Link>
        ))}
      </nav>
      <section aria-label="Progress" className="flex flex-wrap items-center gap-4 rounded border border-slate-200 bg-white p-3">
        <div className="min-w-64 flex-1">
          <div className="text-sm" data-testid="queue-progress">
            {sum.done} / {sum.total} done{sum.skipped ? ` · ${sum.skipped} skipped` : ""} · {formatDuration(sum.timeSpentMs)} spent
          </div>
          <div className="mt-1 h-2 rounded bg-slate-200" role="progressbar" aria-label="Items done" aria-valuemin={0} aria-valuemax={sum.total} aria-valuenow={sum.done}>
            <div className="h-2 rounded bg-emerald-500" style={{ width: `${pct}%` }} />
          </div>
          {sum.languages.length > 1 && (
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Progress per language">
              {sum.languages.map((l) => (
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
          <Link href={`/projects/${slug}/items/${sum.continueSegmentId}`} className="rounded bg-indigo-600 px-3 py-1.5 font-medium text-white">
            Continue where I stopped
          </Link>
        ) : (
          <span className="text-sm text-emerald-700">Nothing left to do here.</span>
        )}
      </section>
      {/* a GET form: the search and the filter are in the address, like the page and the sort */}
      {/* keyed by what it shows: after "Clear" (a client-side navigation) its fields start from the address again, not from what was typed */}
      <form key={`${split}|${q.status}|${q.q}`} method="get" role="search" aria-label="Search the queue" className="flex flex-wrap items-end gap-3 text-sm">
        {split !== "ALL" && <input type="hidden" name="split" value={split} />}
        {q.sort !== "rank" && <input type="hidden" name="sort" value={q.sort} />}
        {q.dir !== "asc" && <input type="hidden" name="dir" value={q.dir} />}
        {q.size !== 50 && <input type="hidden" name="size" value={q.size} />}
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          Search sentences and ids
          <input type="search" name="q" defaultValue={q.q} placeholder="words or an id" className="w-72 rounded border border-slate-300 px-2 py-1 text-sm font-normal" data-testid="queue-search" />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          Status
          <select name="status" defaultValue={q.status} className="rounded border border-slate-300 px-2 py-1 text-sm font-normal">
            {QUEUE_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-slate-800 px-3 py-1 text-white">
          Show
        </button>
        {filtering && (
          <Link href={queueHref(slug, q, { q: "", status: "ALL" })} className="text-indigo-700 underline">
            Clear
          </Link>
        )}
      </form>
      <QueueTable
        slug={slug}
        rows={page.rows}
        total={page.filtered}
        page={q.page}
        pageSize={q.size}
        sort={{ id: q.sort, desc: q.dir === "desc" }}
        emptyMessage={filtering ? "No item of this queue matches the search and the status." : "No items here."}
      />
    </div>
  );
}
