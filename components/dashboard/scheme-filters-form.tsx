// Options of the scheme-runtime dashboard as a plain GET form (split and systems; the language pair is kept): every choice is
// in the address, as on the built-in dashboard (filters-form.tsx), so a view can be shared.
import type { TSchemeReportFilter } from "@/lib/db/scheme-report-data";

const label = "flex flex-col gap-1 text-xs font-medium text-slate-600";
const input = "rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900";

export function SchemeFiltersForm({ slug, filter, systems }: { slug: string; filter: TSchemeReportFilter; systems: string[] }) {
  const chosen = new Set(filter.systems ?? []);
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
      <button type="submit" className="rounded border border-slate-300 bg-white px-3 py-1 text-sm">
        Apply
      </button>
    </form>
  );
}
