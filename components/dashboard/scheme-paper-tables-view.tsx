"use client";
// The paper analyses of a project under the scheme runtime whose scheme lists them (MMTE table 3
// and figures 3–7, MetaHOPE tables 3–6; lib/reports/analyses/paper/paper-tables.ts), laid out as the
// built-in dashboard laid them out (its sections, test ids and captions: what users read the
// paper's figures from), and the notes of the analyses that could not be computed (the field they
// miss) or that the variant extends (an extra error category). On the dashboard (`dashboard`
// given: lib/reports/analyses/paper/paper-view.ts schemePaperDashboardViewOf) also the MMTE agreement per
// field with the detail of one field, the distribution of the ratings, figures 6 and 7, and what
// every figure includes. Numbers come from the server.
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { EquivalenceBars } from "@/components/dashboard/equivalence-bars";
import { Heatmap } from "@/components/dashboard/heatmap";
import { Includes } from "@/components/dashboard/includes-note";
import { LanguageComparisonChart } from "@/components/dashboard/language-comparison-chart";
import { MmteFigureHeatmaps } from "@/components/dashboard/mmte-figure-heatmaps";
import { QualityByEquivalenceChart } from "@/components/dashboard/quality-by-equivalence-chart";
import { RatingDistributions } from "@/components/dashboard/rating-distributions";
import { ScoreTablesView } from "@/components/dashboard/score-tables-view";
import { ValueCell } from "@/components/dashboard/value-cell";
import type { TAgreementFigure } from "@/lib/reports/agreement-figure";
import type { TMetahopeSummaryRow, TMmteSummaryRow } from "@/lib/reports/analyses/paper/dashboard-summary";
import type { TCell } from "@/lib/reports/figure-cell";
import type { TSchemePaperDashboardView, TSchemePaperView } from "@/lib/reports/analyses/paper/paper-view";
import { raterLabel } from "@/lib/import/imported-annotator";

export type SchemePaperTablesViewProps = TSchemePaperView & {
  slug: string;
  /** the project's source language, for the language pairs' names (figure 7) */
  sourceLang?: string;
  /** the dashboard's options in the address, kept by the field detail's form */
  qs?: string;
};

function cellColumn<T>(id: string, header: string, get: (r: T) => TCell | null, digits = 3): ColumnDef<T, unknown> {
  return { id, header, accessorFn: (r) => get(r)?.value ?? null, cell: ({ row }) => <ValueCell cell={get(row.original)} digits={digits} />, sortUndefined: "last" };
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

export function SchemePaperTablesView({ slug, sourceLang = "source", qs = "", notes, metahope, extraCategories, scores, mmteFigures, mmteDisplay, convention, dashboard }: SchemePaperTablesViewProps) {
  const mmte = mmteFigures ? scores?.mmte : null;
  const sourceDescription = scores ? scores.sourceDescription.replace(/\.$/, "") : "";
  const totalsAnnotators = [...new Set((metahope ?? []).flatMap((r) => Object.keys(r.totals)))];
  const mhColumns: ColumnDef<TMetahopeSummaryRow, unknown>[] = [
    { accessorKey: "system", header: "System" },
    { accessorKey: "field", header: "Field" },
    cellColumn("alpha", `α (${convention.alphaLevel})`, (r) => r.alpha),
    cellColumn("kappa", `κ (${convention.kappaWeights})`, (r) => r.kappa),
    cellColumn("r", "Pearson r", (r) => r.r),
    cellColumn("exact", "Exact %", (r) => r.exact, 1),
    ...totalsAnnotators.map((a, i) => ({ id: `total-${i}`, header: `Total ${raterLabel(a)}`, accessorFn: (r: TMetahopeSummaryRow) => r.totals[a] ?? null }) as ColumnDef<TMetahopeSummaryRow, unknown>),
    ...sampleColumns<TMetahopeSummaryRow>([["alpha", (r) => r.alpha], ["kappa", (r) => r.kappa], ["r", (r) => r.r], ["exact", (r) => r.exact]]),
  ];
  return (
    <section aria-labelledby="paper-tables" className="space-y-6" data-testid="scheme-paper-tables">
      <div className="space-y-1">
        <h2 id="paper-tables" className="text-lg font-medium">Paper tables</h2>
        <p className="text-xs text-slate-500" data-testid="convention-note">
          <strong>{convention.name}:</strong> {convention.description}
          {dashboard && (dashboard.query.ci ? ` Intervals: 95% percentile bootstrap over units, ${dashboard.query.iterations} resamples, seed 1.` : " No intervals (tick “Bootstrap 95% CI”).")}
        </p>
      </div>
      {notes.length > 0 && (
        <ul className="list-disc rounded border border-amber-200 bg-amber-50 py-2 pl-6 pr-3 text-sm text-amber-900" data-testid="paper-analysis-notes">
          {notes.map((n) => <li key={n}>{n}</li>)}
        </ul>
      )}
      {metahope && (
        <section aria-labelledby="mh-agreement">
          <h3 id="mh-agreement" className="mb-1 font-medium">
            MetaHOPE agreement per MRW instance (tables 3–4)
            {extraCategories.length > 0 && <span className="font-normal text-slate-600">; {extraCategories.join(", ")} beyond the paper&apos;s categories</span>}
          </h3>
          {dashboard && <Includes text={dashboard.includes.metahope} testId="includes-metahope" />}
          {metahope.length === 0 ? (
            <p className="text-sm text-slate-500">No MetaHOPE annotations in this selection.</p>
          ) : (
            <DataTable data={metahope} columns={mhColumns} csvName={`${slug}-metahope-agreement`} testId="metahope-agreement" csvOnly={csvOnlyOf(mhColumns)} />
          )}
        </section>
      )}
      {dashboard && dashboard.mmteFields.length > 0 && <MmteAgreement slug={slug} qs={qs} d={dashboard} />}
      {scores && <ScoreTablesView slug={slug} scores={scores} extraCategories={extraCategories} />}
      {mmte && <EquivalenceBars data={mmte.equivalence} display={mmteDisplay} caption={dashboard && <Includes text={dashboard.includes.labels} />} />}
      {dashboard && dashboard.ratingDistributions.length > 0 && <RatingDistributions data={dashboard.ratingDistributions} display={mmteDisplay} caption={<Includes text={dashboard.includes.mmte} />} />}
      {/* figures 4–5 labelled as on a project under the preset (same component) */}
      {mmte && (
        <MmteFigureHeatmaps
          slug={slug}
          mmte={mmte}
          correlationCaption={dashboard && <Includes text={sourceDescription} />}
          labelsCaption={dashboard && <Includes text={dashboard.includes.labels} />}
        />
      )}
      {mmte && dashboard?.qualityByEquivalence && <QualityByEquivalenceChart data={dashboard.qualityByEquivalence} caption={<Includes text={sourceDescription} />} />}
      {dashboard?.languageComparison && (
        <LanguageComparisonChart
          data={dashboard.languageComparison}
          pairName={(d) => `${sourceLang} → ${d.language}`}
          caption={<Includes text={`${sourceDescription}; every language pair of the project, each with the options above`} />}
        />
      )}
    </section>
  );
}

/** MMTE agreement per field and system under the convention, and the detail of one field (the built-in dashboard's section). */
function MmteAgreement({ slug, qs, d }: { slug: string; qs: string; d: TSchemePaperDashboardView }) {
  const { detail, perLabel, query } = d;
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
  const hidden = Object.entries(Object.fromEntries(new URLSearchParams(qs))).filter(([k]) => !["detailField", "detailSystem", "pair"].includes(k));
  return (
    <section aria-labelledby="mmte-agreement" className="space-y-3">
      <div>
        <h3 id="mmte-agreement" className="font-medium">MMTE agreement</h3>
        <Includes text={d.includes.mmte} testId="includes-mmte" />
      </div>
      {d.mmte.length === 0 ? (
        <p className="text-sm text-slate-500">No MMTE annotations with two or more annotators in this selection.</p>
      ) : (
        <DataTable data={d.mmte} columns={mmColumns} csvName={`${slug}-mmte-agreement`} testId="mmte-agreement" csvOnly={csvOnlyOf(mmColumns)} />
      )}
      <form method="get" action={`/projects/${slug}/dashboard`} className="flex flex-wrap items-end gap-3 text-xs" aria-label="Field detail">
        {hidden.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="convention" value={query.convention} />
        <label className="flex flex-col gap-1 font-medium text-slate-600">
          Detail field
          <select name="detailField" defaultValue={d.detailField ?? undefined} className="rounded border border-slate-300 px-2 py-1 text-sm">
            {d.mmteFields.map((f) => <option key={f}>{f}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 font-medium text-slate-600">
          System
          <select name="detailSystem" defaultValue={d.detailSystem ?? ""} className="rounded border border-slate-300 px-2 py-1 text-sm">
            {d.systems.map((s) => <option key={s}>{s}</option>)}
          </select>
        </label>
        {detail && detail.annotators.length > 2 && (
          <label className="flex flex-col gap-1 font-medium text-slate-600">
            Confusion matrix pair
            <select name="pair" defaultValue={detail.pair ? detail.pair.join("-") : ""} className="rounded border border-slate-300 px-2 py-1 text-sm">
              {detail.annotators.flatMap((a, i) => detail.annotators.map((b, j) => (i < j ? <option key={`${i}-${j}`} value={`${i}-${j}`}>{`${raterLabel(a)} × ${raterLabel(b)}`}</option> : null)))}
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
            rowLabels={detail.annotators.map(raterLabel)}
            colLabels={detail.annotators.map((_, i) => `#${i + 1}`)}
            values={detail.kappa}
            domain={[-1, 1]}
            caption={<Includes text={d.includes.mmte} />}
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
        <p className="text-sm text-slate-500">No {d.detailField} values for this system yet.</p>
      )}
    </section>
  );
}
