// Options of the one dashboard as a plain GET form (split and systems; the language pair is kept):
// every choice is in the address, so a view can be shared. When the scheme lists paper analyses
// (MMTE, MetaHOPE), the options those tables are computed under too, as the built-in dashboard
// offered them: the agreement convention, whose values the scores are of, the aggregation of raw
// values, the EPS counts, the sentences "per sentence" divides by, adjudicated values, intervals.
import type { TSchemeReportFilter } from "@/lib/db/reports/scheme-report-data";
import type { TAgreementConvention } from "@/lib/reports/agreement-conventions";
import type { TReportQuery } from "@/lib/reports/report-query";
import { raterLabel } from "@/lib/import/imported-annotator";

const label = "flex flex-col gap-1 text-xs font-medium text-slate-600";
const input = "rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900";

export interface TPaperOptions {
  query: TReportQuery;
  conventions: readonly TAgreementConvention[];
  annotators: string[];
  /** intervals are on because the project is small (no choice in the address) */
  ciAuto: boolean;
}

export function SchemeFiltersForm({ slug, filter, systems, paper }: { slug: string; filter: TSchemeReportFilter; systems: string[]; paper?: TPaperOptions }) {
  const chosen = new Set(filter.systems ?? []);
  const q = paper?.query;
  return (
    <form method="get" action={`/projects/${slug}/dashboard`} className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-3" aria-label="Dashboard options">
      {/* the language pair is chosen by the tabs above; Apply keeps it */}
      {filter.language && <input type="hidden" name="language" value={filter.language} />}
      <label className={label}>
        Split
        <select name="split" defaultValue={filter.split ?? ""} className={input}>
          <option value="">All</option>
          <option value="PILOT">Pilot</option>
          <option value="TEST">Test</option>
        </select>
      </label>
      {systems.length > 0 && (
        <fieldset className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          <legend>Systems (none ticked = all)</legend>
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            {systems.map((s) => (
              <label key={s} className="inline-flex items-center gap-1 text-sm font-normal text-slate-800">
                <input type="checkbox" name="system" value={s} defaultChecked={chosen.has(s)} /> {s}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {paper && q && (
        <fieldset className="flex basis-full flex-wrap items-end gap-4 border-t border-slate-100 pt-2" data-testid="paper-options">
          <legend className="float-left mb-1 w-full text-xs font-medium text-slate-500">Paper tables</legend>
          <label className={label}>
            Agreement convention
            <select name="convention" defaultValue={q.convention} className={input}>
              {paper.conventions.map((c) => (
                <option key={c.id} value={c.id} title={c.description}>{c.name}</option>
              ))}
            </select>
          </label>
          <label className={label}>
            Score values from
            <select name="annotator" defaultValue={q.annotator ?? ""} className={input}>
              <option value="">Panel (adjudicated, else aggregated)</option>
              {paper.annotators.map((a) => (
                <option key={a} value={a}>Only {raterLabel(a)}</option>
              ))}
            </select>
          </label>
          <label className={label}>
            Aggregation of raw values
            <select name="aggregation" defaultValue={q.aggregation} className={input}>
              <option value="mean">Mean</option>
              <option value="majority">Majority</option>
            </select>
          </label>
          <label className={label}>
            EPS counts
            <select name="eps" defaultValue={q.eps} className={input}>
              <option value="all">All errors</option>
              <option value="sentence-level">Sentence-level pass only (MetaHOPE pilot)</option>
            </select>
          </label>
          <label className={label}>
            Sentences for “per sentence”
            <input name="sentences" type="number" min={1} defaultValue={q.sentences ?? ""} placeholder="segments" className={input} />
          </label>
          <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
            <input type="hidden" name="adjudicated" value="0" />
            <input type="checkbox" name="adjudicated" value="1" defaultChecked={q.adjudicated} /> Use adjudicated values
          </label>
          <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
            <input type="hidden" name="ci" value="0" />
            <input type="checkbox" name="ci" value="1" defaultChecked={q.ci} /> Bootstrap 95% CI{paper.ciAuto ? " (auto)" : ""}
          </label>
        </fieldset>
      )}
      <button type="submit" className="rounded border border-slate-300 bg-white px-3 py-1 text-sm">
        Apply
      </button>
    </form>
  );
}
