"use client";
// The agreement dashboard and score tables of one project (MetaHOPE tables 3–6, MMTE table 3
// and figures 3–5). All numbers come from the server (lib/reports); this only lays them out.
import { useEffect } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { AllFigures } from "@/components/dashboard/all-figures";
import { EquivalenceBars } from "@/components/dashboard/equivalence-bars";
import { FiltersForm } from "@/components/dashboard/filters-form";
import { Heatmap } from "@/components/dashboard/heatmap";
import { Includes } from "@/components/dashboard/includes-note";
import { ModelRaters } from "@/components/dashboard/model-raters";
import { MmteFigureHeatmaps } from "@/components/dashboard/mmte-figure-heatmaps";
import { RatingDistributions } from "@/components/dashboard/rating-distributions";
import type { TModelAgreementRow } from "@/lib/models/model-agreement";
import { ScoreTablesView } from "@/components/dashboard/score-tables-view";
import { LanguageTabs } from "@/components/dashboard/language-tabs";
import { QualityByEquivalenceChart } from "@/components/dashboard/quality-by-equivalence-chart";
import { LanguageComparisonChart } from "@/components/dashboard/language-comparison-chart";
import { ValueCell } from "@/components/dashboard/value-cell";
import type { TAgreementFigure } from "@/lib/reports/agreement-figure";
import type { TCell, TMetahopeSummaryRow, TMmteSummaryRow } from "@/lib/reports/dashboard-summary";
import type { TDashboardModel } from "@/lib/reports/dashboard-model";
import type { TReportQuery } from "@/lib/reports/report-query";
import { MMTE_AGREEMENT_FIELDS } from "@/lib/reports/agreement-figure";
import { figureIncludes } from "@/lib/reports/figure-includes";

/** The model without the flat figures (they stay on the server; the summary tables hold the shown ones). */
export type DashboardViewProps = Omit<TDashboardModel, "figures"> & {
  slug: string;
  sourceLang: string;
  figureCount: number;
  modelRaters?: TModelAgreementRow[];
  /** the named analyses of the project's scheme (lib/schemes/language/named-analyses.ts): each paper table is shown when listed */
  analyses: readonly string[];
  /** the field ids of the project's scheme in force */
  schemeFields: readonly string[];
};

const val = (c: TCell | null) => (c ? c.value : null);
function cellColumn<T>(id: string, header: string, get: (r: T) => TCell | null, digits = 3, suffix = ""): ColumnDef<T, unknown> {
  return { id, header, accessorFn: (r) => val(get(r)), cell: ({ row }) => <ValueCell cell={get(row.original)} digits={digits} suffix={suffix} />, sortUndefined: "last" };
}

/** CSV-only columns of a summary table: n and raters of each statistic, and every note of the row. */
function sampleColumns<T>(cells: [id: string, get: (r: T) => TCell | null][]): ColumnDef<T, unknown>[] {
  return [
    ...cells.flatMap(([id, get]) => [
      { id: `${id}-n`, header: `${id} n`, accessorFn: (r: T) => get(r)?.n ?? null } as ColumnDef<T, unknown>,
      { id: `${id}-raters`, header: `${id} raters`, accessorFn: (r: T) => get(r)?.raters ?? null } as ColumnDef<T, unknown>,
    ]),
    { id: "note", header: "note", accessorFn: (r: T) => cells.map(([id, get]) => (get(r)?.note ? `${id}: ${get(r)?.note}` : "")).filter(Boolean).join("; ") },
  ];
}
// columns given by accessorKey have no `id` (TanStack derives it): only the ids set here are CSV-only
const csvOnlyOf = <T,>(cols: ColumnDef<T, unknown>[]) => cols.flatMap((c) => (c.id ? [c.id] : [])).filter((id) => id === "note" || id.endsWith("-n") || id.endsWith("-raters"));

function queryString(q: TReportQuery, extra: Record<string, string> = {}) {
  const p = new URLSearchParams();
  if (q.split) p.set("split", q.split);
  if (q.systems?.length) p.set("systems", q.systems.join(","));
  if (q.language) p.set("language", q.language);
  p.set("aggregation", q.aggregation);
  p.set("adjudicated", q.adjudicated ? "1" : "0");
  if (q.annotator) p.set("annotator", q.annotator);
  p.set("eps", q.eps);
  if (q.sentences) p.set("sentences", String(q.sentences));
  if (q.ci) p.set("ci", "1");
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return p.toString();
}

export function DashboardView(props: DashboardViewProps) {
  const { slug, query, metahope, mmte, detail, perLabel } = props;
  const listed = (name: string) => props.analyses.includes(name);
  // the detail's fields: those of MMTE's agreement table (its order is the paper's table 3, hence
  // the constant) that the project's scheme has
  const detailFields = MMTE_AGREEMENT_FIELDS.filter((f) => props.schemeFields.includes(f));
  const showMetahope = listed("metahope.tables3-6");
  const showMmteFigures = listed("mmte.figures3-5");
  // score tables of the analyses listed: MetaHOPE 5–6 with metahope.tables3-6, MMTE 3 with mmte.table3
  const scores = { ...props.scores, metahope: showMetahope ? props.scores.metahope : null, mmte: listed("mmte.table3") ? props.scores.mmte : null };
  const mmteScores = showMmteFigures ? props.scores.mmte : null;
  const convention = props.conventions.find((c) => c.id === query.convention) ?? props.conventions[0];
  const totalsAnnotators = [...new Set(metahope.flatMap((r) => Object.keys(r.totals)))];
  const mhColumns: ColumnDef<TMetahopeSummaryRow, unknown>[] = [
    { accessorKey: "system", header: "System" },
    { accessorKey: "field", header: "Field" },
    cellColumn("alpha", `α (${convention.alphaLevel})`, (r) => r.alpha),
    cellColumn("kappa", `κ (${convention.kappaWeights})`, (r) => r.kappa),
    cellColumn("r", "Pearson r", (r) => r.r),
    cellColumn("exact", "Exact %", (r) => r.exact, 1),
    ...totalsAnnotators.map((a, i) => ({ id: `total-${i}`, header: `Total ${a}`, accessorFn: (r: TMetahopeSummaryRow) => r.totals[a] ?? null }) as ColumnDef<TMetahopeSummaryRow, unknown>),
    ...sampleColumns<TMetahopeSummaryRow>([["alpha", (r) => r.alpha], ["kappa", (r) => r.kappa], ["r", (r) => r.r], ["exact", (r) => r.exact]]),
  ];
  const mmColumns: ColumnDef<TMmteSummaryRow, unknown>[] = [
    { accessorKey: "system", header: "System" },
    { accessorKey: "field", header: "Field" },
    { accessorKey: "annotators", header: "Annotators" },
    cellColumn("fleiss", "Fleiss κ", (r) => r.fleiss),
    cellColumn("alpha", "Krippendorff α", (r) => r.alpha),
    cellColumn("kappa", "Cohen κ (2 annotators)", (r) => r.kappa),
    cellColumn("exact", "Exact %", (r) => r.exact, 1),
    ...sampleColumns<TMmteSummaryRow>([["fleiss", (r) => r.fleiss], ["alpha", (r) => r.alpha], ["kappa", (r) => r.kappa], ["exact", (r) => r.exact]]),
  ];
  const qs = queryString(query);
  const filter = { split: query.split, systems: query.systems, language: query.language };
  const labelsIncluded = `every annotator's saved label (imported, submitted or still in progress), one per annotator and MRW instance; ${query.annotator ? `annotator ${query.annotator} only` : query.adjudicated ? "an adjudicated value replaces the annotators' labels of its instance" : "adjudicated values not used"}`;
  // a performance mark when the page has hydrated: bench/demo-dashboard.ts times it in Chromium
  useEffect(() => void performance.mark("tropos:dashboard-hydrated"), []);

  return (
    <div className="space-y-6" data-testid="built-in-dashboard">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-medium">Agreement &amp; scores</h2>
        <div className="flex flex-wrap gap-3 text-sm" aria-label="Downloads">
          <a download className="text-indigo-700 underline" href={`/api/projects/${slug}/reports/agreement?format=csv&${qs}`}>Agreement CSV</a>
          <a download className="text-indigo-700 underline" href={`/api/projects/${slug}/reports/agreement?format=json&${qs}`}>Agreement JSON</a>
          <a download className="text-indigo-700 underline" href={`/api/projects/${slug}/reports/scores?format=csv&${qs}`}>Scores CSV</a>
          <a download className="text-indigo-700 underline" href={`/api/projects/${slug}/reports/scores?format=json&${qs}`}>Scores JSON</a>
          <a download className="font-medium text-indigo-700 underline" href={`/api/projects/${slug}/reports/full?${qs}`} data-testid="download-full-report">Whole report (JSON)</a>
        </div>
      </div>
      {props.languages.length > 1 && <LanguageTabs slug={slug} sourceLang={props.sourceLang} languages={props.languages} current={query.language} qs={qs} />}
      <FiltersForm slug={slug} query={query} conventions={props.conventions} systems={props.systems} annotators={props.annotators} ciAuto={props.ciAuto} />
      <p className="text-xs text-slate-500" data-testid="convention-note">
        <strong>{convention.name}:</strong> {convention.description} {query.ci ? `Intervals: 95% percentile bootstrap over units, ${query.iterations} resamples, seed 1.` : "No intervals (tick “Bootstrap 95% CI”)."} Computed in {props.elapsedMs} ms.
      </p>

      {showMetahope && (
        <section aria-labelledby="mh-agreement">
          <h3 id="mh-agreement" className="mb-1 font-medium">MetaHOPE agreement per MRW instance (tables 3–4)</h3>
          <Includes text={figureIncludes("metahope", filter)} testId="includes-metahope" />
          {metahope.length === 0 ? (
            <p className="text-sm text-slate-500">No MetaHOPE annotations in this selection.</p>
          ) : (
            <DataTable data={metahope} columns={mhColumns} csvName={`${slug}-metahope-agreement`} testId="metahope-agreement" csvOnly={csvOnlyOf(mhColumns)} />
          )}
        </section>
      )}

      {/* MMTE agreement per field, for a scheme with MMTE fields (a MetaHOPE-only preset has none) */}
      {detailFields.length > 0 && (
      <section aria-labelledby="mmte-agreement" className="space-y-3">
        <div>
          <h3 id="mmte-agreement" className="font-medium">MMTE agreement</h3>
          <Includes text={figureIncludes("mmte", filter)} testId="includes-mmte" />
        </div>
        {mmte.length === 0 ? (
          <p className="text-sm text-slate-500">No MMTE annotations with two or more annotators in this selection.</p>
        ) : (
          <DataTable data={mmte} columns={mmColumns} csvName={`${slug}-mmte-agreement`} testId="mmte-agreement" csvOnly={csvOnlyOf(mmColumns)} />
        )}
        <form method="get" className="flex flex-wrap items-end gap-3 text-xs" aria-label="Field detail">
          {Object.entries(Object.fromEntries(new URLSearchParams(qs))).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="convention" value={query.convention} />
          <label className="flex flex-col gap-1 font-medium text-slate-600">
            Detail field
            <select name="detailField" defaultValue={props.detailField} className="rounded border border-slate-300 px-2 py-1 text-sm">
              {detailFields.map((f) => <option key={f}>{f}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 font-medium text-slate-600">
            System
            <select name="detailSystem" defaultValue={props.detailSystem ?? ""} className="rounded border border-slate-300 px-2 py-1 text-sm">
              {props.systems.map((s) => <option key={s}>{s}</option>)}
            </select>
          </label>
          {detail && detail.annotators.length > 2 && (
            <label className="flex flex-col gap-1 font-medium text-slate-600">
              Confusion matrix pair
              <select name="pair" defaultValue={detail.pair ? detail.pair.join("-") : ""} className="rounded border border-slate-300 px-2 py-1 text-sm">
                {detail.annotators.flatMap((a, i) => detail.annotators.map((b, j) => (i < j ? <option key={`${i}-${j}`} value={`${i}-${j}`}>{`${a} × ${b}`}</option> : null)))}
              </select>
            </label>
          )}
          <button type="submit" className="rounded border border-slate-300 bg-white px-2 py-1 text-sm">Show</button>
        </form>
        {detail ? (
          <div className="grid gap-3 lg:grid-cols-2">
            <Heatmap
              title={`Pairwise Cohen κ (${detail.weights}), ${detail.field}, ${detail.system}`}
              sample={`over the ${detail.units} units any of the ${detail.annotators.length} annotators rated; each cell uses the units both rated`}
              name={`${slug}-kappa-${detail.field}-${detail.system}`}
              rowLabels={detail.annotators}
              colLabels={detail.annotators.map((_, i) => `#${i + 1}`)}
              values={detail.kappa}
              domain={[-1, 1]}
              caption={<Includes text={figureIncludes("mmte", filter)} />}
              testId="kappa-matrix"
            />
            {detail.confusion && detail.pair && (
              <Heatmap
                title={`Confusion matrix, ${detail.field}, ${detail.system}`}
                sample={`n = ${detail.confusion.n} units rated by both ${detail.annotators[detail.pair[0]]} (rows) and ${detail.annotators[detail.pair[1]]} (columns)`}
                rowTitle={detail.annotators[detail.pair[0]]}
                colTitle={detail.annotators[detail.pair[1]]}
                name={`${slug}-confusion-${detail.field}-${detail.system}`}
                rowLabels={detail.confusion.categories}
                colLabels={detail.confusion.categories}
                values={detail.confusion.counts}
                format={(v) => String(v ?? 0)}
                testId="confusion-matrix"
              />
            )}
            {perLabel.length > 0 && (
              <div className="lg:col-span-2">
                <DataTable
                  caption={`Per-label Fleiss κ, ${detail.field}, ${detail.system}`}
                  data={perLabel}
                  columns={[
                    { accessorKey: "label", header: "Label" },
                    { id: "v", header: "Fleiss κ", accessorFn: (f: TAgreementFigure) => f.value, cell: ({ row }) => <ValueCell cell={{ value: row.original.value, reason: row.original.reason, n: row.original.n, raters: row.original.raters, note: row.original.note }} /> },
                    { id: "n", header: "n", accessorFn: (f: TAgreementFigure) => f.n },
                    { id: "note", header: "note", accessorFn: (f: TAgreementFigure) => f.note ?? "" },
                  ]}
                  csvName={`${slug}-fleiss-per-label-${detail.field}`}
                  csvOnly={["n", "note"]}
                />
              </div>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-500">No {props.detailField} values for this system yet.</p>
        )}
      </section>
      )}

      {props.modelRaters && props.modelRaters.length > 0 && <ModelRaters slug={slug} rows={props.modelRaters} />}

      <ScoreTablesView slug={slug} scores={scores} />
      {mmteScores && <EquivalenceBars data={mmteScores.equivalence} caption={<Includes text={labelsIncluded} />} />}
      {props.ratingDistributions.length > 0 && <RatingDistributions data={props.ratingDistributions} caption={<Includes text={figureIncludes("mmte", filter)} />} />}
      {mmteScores && (
        <MmteFigureHeatmaps
          slug={slug}
          mmte={mmteScores}
          correlationCaption={<Includes text={props.scores.sourceDescription.replace(/\.$/, "")} />}
          labelsCaption={<Includes text={labelsIncluded} />}
        />
      )}

      {mmteScores && props.qualityByEquivalence && <QualityByEquivalenceChart data={props.qualityByEquivalence} caption={<Includes text={props.scores.sourceDescription.replace(/\.$/, "")} />} />}
      {props.languageComparison && (
        <LanguageComparisonChart
          data={props.languageComparison}
          pairName={(d) => `${props.sourceLang} → ${d.language}`}
          caption={<Includes text={`${props.scores.sourceDescription.replace(/\.$/, "")}; every language pair of the project, each with the options above`} />}
        />
      )}

      <section aria-labelledby="all-figures">
        <AllFigures slug={slug} qs={qs} summaryId="all-figures" count={props.figureCount} />
      </section>
    </div>
  );
}
