// Dashboard options as a plain GET form: every choice is in the address, so a view can be
// bookmarked, shared and reproduced (and the page works without JavaScript).
import type { TAgreementConvention } from "@/lib/reports/agreement-conventions";
import type { TReportQuery } from "@/lib/reports/report-query";

const label = "flex flex-col gap-1 text-xs font-medium text-slate-600";
const input = "rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900";

export function FiltersForm({ slug, query, conventions, systems, annotators, ciAuto }: { slug: string; query: TReportQuery; conventions: readonly TAgreementConvention[]; systems: string[]; annotators: string[]; ciAuto: boolean }) {
  const chosen = new Set(query.systems ?? []);
  return (
    <form method="get" action={`/projects/${slug}/dashboard`} className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-3 md:grid-cols-4 lg:grid-cols-6" aria-label="Dashboard options">
      {/* the language pair is chosen by the tabs above; applying the options keeps it */}
      {query.language && <input type="hidden" name="language" value={query.language} />}
      <label className={label}>
        Split
        <select name="split" defaultValue={query.split ?? ""} className={input}>
          <option value="">All</option>
          <option value="PILOT">Pilot</option>
          <option value="TEST">Test</option>
        </select>
      </label>
      <fieldset className="col-span-2 flex flex-col gap-1 text-xs font-medium text-slate-600">
        <legend>Systems (none ticked = all)</legend>
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {systems.map((s) => (
            <label key={s} className="inline-flex items-center gap-1 text-sm font-normal text-slate-800">
              <input type="checkbox" name="system" value={s} defaultChecked={chosen.has(s)} /> {s}
            </label>
          ))}
        </div>
      </fieldset>
      <label className={label}>
        Agreement convention
        <select name="convention" defaultValue={query.convention} className={input}>
          {conventions.map((c) => (
            <option key={c.id} value={c.id} title={c.description}>{c.name}</option>
          ))}
        </select>
      </label>
      <label className={label}>
        Score values from
        <select name="annotator" defaultValue={query.annotator ?? ""} className={input}>
          <option value="">Panel (adjudicated, else aggregated)</option>
          {annotators.map((a) => (
            <option key={a} value={a}>Only {a}</option>
          ))}
        </select>
      </label>
      <label className={label}>
        Aggregation of raw values
        <select name="aggregation" defaultValue={query.aggregation} className={input}>
          <option value="mean">Mean</option>
          <option value="majority">Majority</option>
        </select>
      </label>
      <label className={label}>
        EPS counts
        <select name="eps" defaultValue={query.eps} className={input}>
          <option value="all">All errors</option>
          <option value="sentence-level">Sentence-level pass only (MetaHOPE pilot)</option>
        </select>
      </label>
      <label className={label}>
        Sentences for “per sentence”
        <input name="sentences" type="number" min={1} defaultValue={query.sentences ?? ""} placeholder="segments" className={input} />
      </label>
      <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
        <input type="hidden" name="adjudicated" value="0" />
        <input type="checkbox" name="adjudicated" value="1" defaultChecked={query.adjudicated} /> Use adjudicated values
      </label>
      <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
        <input type="hidden" name="ci" value="0" />
        <input type="checkbox" name="ci" value="1" defaultChecked={query.ci} /> Bootstrap 95% CI{ciAuto ? " (auto)" : ""}
      </label>
      <div className="flex items-end">
        <button type="submit" className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">Apply</button>
      </div>
    </form>
  );
}
