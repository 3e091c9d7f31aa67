import { issueText, type TOutcome } from "./import-types";

const COUNT_LABELS: [string, string][] = [
  ["documents", "Documents"],
  ["segments", "Segments"],
  ["mrws", "MRWs"],
  ["translations", "Translations"],
  ["alignments", "Alignments"],
  ["annotations", "Annotations"],
  ["errorSpans", "Error spans"],
  ["postEdits", "Post-edits"],
  ["metricScores", "Metric scores"],
];

/** One file's parse result: counts, errors with line numbers, warnings, the first rows. */
export function ImportPreview({ outcome }: { outcome: TOutcome }) {
  const o = outcome;
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="import-preview" aria-label={`Preview of ${o.file}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium break-all">{o.file}</h3>
        <span className="text-sm text-slate-600">format: <span data-testid="detected-format">{o.format ?? "not recognised"}</span></span>
      </header>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm sm:grid-cols-5 lg:grid-cols-9">
        {COUNT_LABELS.map(([k, label]) => (
          <div key={k} className="rounded bg-slate-50 px-2 py-1">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="font-semibold" data-testid={`preview-count-${k}`}>{o.counts[k] ?? 0}</dd>
          </div>
        ))}
      </dl>
      {o.warnings.length > 0 && (
        // shown open, right under the counts: a warning says what was read differently from the file
        // (a <v> taken to the end of the text, an I- tag after O), which a lead should see before storing
        <div className="mt-3 rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{o.warnings.length} warning{o.warnings.length === 1 ? "" : "s"} (stored anyway):</p>
          <ul className="mt-1 max-h-56 list-disc overflow-auto pl-5 font-mono text-xs" data-testid="import-warnings">
            {o.warnings.map((w, i) => <li key={i}>{issueText(w)}</li>)}
          </ul>
        </div>
      )}
      {o.annotators.length > 0 && (
        // whose work it is: a member by their email, anyone else as this project's imported rater (no login)
        <p className="mt-3 text-sm text-slate-700" data-testid="import-raters">
          Work by:{" "}
          {o.annotators.map((a, i) => (
            <span key={a.name}>
              {i > 0 && ", "}
              {a.imported ? <>{a.name} <span className="text-slate-500">(imported rater{a.created ? ", new" : ""})</span></> : a.email}
            </span>
          ))}
        </p>
      )}
      {o.errors.length > 0 && (
        <div role="alert" className="mt-3 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">{o.errors.length} error{o.errors.length === 1 ? "" : "s"}: nothing of this file will be stored.</p>
          <ul className="mt-1 max-h-56 list-disc overflow-auto pl-5 font-mono text-xs" data-testid="import-errors">
            {o.errors.map((e, i) => <li key={i}>{issueText(e)}</li>)}
          </ul>
        </div>
      )}
      {o.preview.segments.length > 0 && (
        <table className="mt-3 w-full table-fixed text-left text-sm" data-testid="preview-segments">
          <caption className="text-left text-xs text-slate-500">First segments</caption>
          <thead className="bg-slate-100 text-xs uppercase text-slate-600">
            <tr><th className="w-1/4 px-2 py-1">Segment</th><th className="px-2 py-1">Text</th><th className="w-1/4 px-2 py-1">MRWs</th></tr>
          </thead>
          <tbody>
            {o.preview.segments.map((s) => (
              <tr key={s.id} className="border-t border-slate-100 align-top">
                <td className="break-all px-2 py-1 font-mono text-xs">{s.id}</td>
                <td className="px-2 py-1">{s.text}</td>
                <td className="px-2 py-1">{s.mrws.join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {o.preview.translations.length > 0 && (
        <table className="mt-3 w-full table-fixed text-left text-sm" data-testid="preview-translations">
          <caption className="text-left text-xs text-slate-500">First translations</caption>
          <thead className="bg-slate-100 text-xs uppercase text-slate-600">
            <tr><th className="w-1/4 px-2 py-1">Segment</th><th className="w-1/6 px-2 py-1">System</th><th className="px-2 py-1">Text</th></tr>
          </thead>
          <tbody>
            {o.preview.translations.map((t, i) => (
              <tr key={i} className="border-t border-slate-100 align-top">
                <td className="break-all px-2 py-1 font-mono text-xs">{t.segment}</td>
                <td className="px-2 py-1">{t.system}</td>
                <td className="px-2 py-1">{t.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {o.preview.annotations.length > 0 && (
        <table className="mt-3 w-full table-fixed text-left text-sm">
          <caption className="text-left text-xs text-slate-500">First annotations</caption>
          <thead className="bg-slate-100 text-xs uppercase text-slate-600">
            <tr><th className="px-2 py-1">Annotator</th><th className="px-2 py-1">Segment</th><th className="px-2 py-1">Field</th><th className="px-2 py-1">Value</th></tr>
          </thead>
          <tbody>
            {o.preview.annotations.map((a, i) => (
              <tr key={i} className="border-t border-slate-100 align-top">
                <td className="px-2 py-1">{a.annotator}</td>
                <td className="break-all px-2 py-1 font-mono text-xs">{a.segment}</td>
                <td className="px-2 py-1">{a.field}</td>
                <td className="break-all px-2 py-1">{a.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
