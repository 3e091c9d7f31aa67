"use client";
// The dashboard of a project running its own scheme (the scheme runtime): progress per annotator,
// agreement per field from its measurement level, accuracy against gold, the distribution of
// values per field and every figure. All numbers come from the server (lib/reports/scheme-report.ts,
// scheme-dashboard.ts); this only lays them out. The built-in dashboard is dashboard-view.tsx.
import { useEffect, useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { AllFigures } from "@/components/dashboard/all-figures";
import { Includes } from "@/components/dashboard/includes-note";
import { SchemeDistributionsChart } from "@/components/dashboard/scheme-distributions-chart";
import { SchemeFiltersForm, type TPaperOptions } from "@/components/dashboard/scheme-filters-form";
import { ValueCell, fmt } from "@/components/dashboard/value-cell";
import type { TSchemeProgressRow, TSchemeReportFilter } from "@/lib/db/reports/scheme-report-data";
import type { TCell } from "@/lib/reports/figure-cell";
import type { TPairCell, TSchemeAccuracyRow, TSchemeAgreementRow } from "@/lib/reports/scheme-dashboard";
import type { TSchemeDistribution } from "@/lib/reports/scheme-distributions";
import type { TSchemeFieldInfo } from "@/lib/reports/scheme-report";
import { EmosSection, type TEmosSummary } from "@/components/dashboard/emos-section";
import { MqmSection, type TMqmSummary } from "@/components/dashboard/mqm-section";
import { CrStSection } from "@/components/dashboard/cr-st-section";
import type { TCrStAnalysis } from "@/lib/reports/analyses/cr-st-subsets";
import { Meta4xnliSection } from "@/components/dashboard/meta4xnli-section";
import { LanguageTabs } from "@/components/dashboard/language-tabs";
import { ModelRaters } from "@/components/dashboard/model-raters";
import type { TModelAgreementRow } from "@/lib/models/model-agreement";
import type { TMeta4xnliAnalysis } from "@/lib/reports/analyses/meta4xnli-analysis";
import { raterLabel } from "@/lib/import/imported-annotator";

export interface SchemeDashboardViewProps {
  slug: string;
  /** the project's source language, for the language pairs' names */
  sourceLang?: string;
  scheme: { id: string; name: string; version: number };
  /** the report's filter; `language` is the target language shown when the project has several */
  filter: TSchemeReportFilter;
  /** the target languages of the project's translations: several = one report per language, chosen by tabs */
  languages?: string[];
  /** models beside the annotators (`tropos export --what model-agreement`); shown when a model suggested values */
  modelRaters?: TModelAgreementRow[];
  systems: string[];
  fields: TSchemeFieldInfo[];
  progress: TSchemeProgressRow[];
  agreement: TSchemeAgreementRow[];
  accuracy: TSchemeAccuracyRow[];
  distributions: TSchemeDistribution[];
  includes: { agreement: string; accuracy: Record<string, string> };
  figureCount: number;
  elapsedMs: number;
  /** the emos.metrics analysis, when the scheme lists it */
  emos?: TEmosSummary;
  /** the cr-st.accuracy analysis, when the scheme lists it */
  crSt?: TCrStAnalysis;
  /** the mqm.scores analysis, when the scheme lists it */
  mqm?: TMqmSummary;
  /** the meta4xnli.detection / .interpretation analyses, when the scheme lists them */
  meta4xnli?: TMeta4xnliAnalysis;
  /** every option in the address (lib/reports/report-query.ts reportQueryString), when the scheme lists paper analyses: the links keep them */
  qs?: string;
  /** the options of the paper analyses below the dashboard (convention, score values, EPS, intervals), in the same form */
  paperOptions?: TPaperOptions;
}

const POOLED = "all";

function cellColumn<T>(id: string, header: string, get: (r: T) => TCell | null, digits = 3, suffix = ""): ColumnDef<T, unknown> {
  return { id, header, accessorFn: (r) => get(r)?.value ?? null, cell: ({ row }) => <ValueCell cell={get(row.original)} digits={digits} suffix={suffix} />, sortUndefined: "last" };
}

/** A pairwise statistic: the one pair's value, or the range over the pairs. */
function PairValue({ p }: { p: TPairCell | null }) {
  if (!p || p.pairs === 0) return <span className="text-slate-400" title="not computed for this row">n/a</span>;
  if (p.cell) return <ValueCell cell={p.cell} />;
  if (p.min === null) return <span className="text-amber-800">no value ({p.pairs} pairs)</span>;
  return (
    <span className="block" title="range over the annotator pairs; every pair is in the table of every figure below">
      <span className="font-mono tabular-nums">
        {fmt(p.min)} – {fmt(p.max)}
      </span>
      <span className="block text-[11px] leading-tight text-slate-500">
        {p.defined} of {p.pairs} pairs
      </span>
    </span>
  );
}

const pairColumn = <T,>(id: string, header: string, get: (r: T) => TPairCell | null): ColumnDef<T, unknown> => ({
  id,
  header,
  accessorFn: (r) => get(r)?.cell?.value ?? get(r)?.min ?? null,
  cell: ({ row }) => <PairValue p={get(row.original)} />,
  sortUndefined: "last",
});

function queryString(filter: TSchemeReportFilter): string {
  const p = new URLSearchParams();
  if (filter.split) p.set("split", filter.split);
  if (filter.systems?.length) p.set("systems", filter.systems.join(","));
  if (filter.language) p.set("language", filter.language);
  return p.toString();
}

export function SchemeDashboardView(props: SchemeDashboardViewProps) {
  const { slug, scheme, filter } = props;
  const [perSystem, setPerSystem] = useState(true);
  const qs = props.qs ?? queryString(filter);
  const agreementRows = perSystem ? props.agreement : props.agreement.filter((r) => r.system === POOLED);
  const accuracyRows = perSystem ? props.accuracy : props.accuracy.filter((r) => r.system === POOLED);
  const hasSystems = props.agreement.some((r) => r.system !== POOLED) || props.accuracy.some((r) => r.system !== POOLED);
  const withoutAgreement = props.fields.filter((f) => f.noAgreement);
  // a performance mark when the page has hydrated: bench/demo-dashboard.ts times it in Chromium
  useEffect(() => void performance.mark("tropos:dashboard-hydrated"), []);

  const progressColumns: ColumnDef<TSchemeProgressRow, unknown>[] = [
    { id: "annotator", header: "Annotator", accessorFn: (r) => raterLabel(r.annotator) },
    { accessorKey: "done", header: "Done" },
    { accessorKey: "assigned", header: "Assigned" },
    { id: "share", header: "Done %", accessorFn: (r) => (r.assigned ? (100 * r.done) / r.assigned : null), cell: ({ getValue }) => <span className="font-mono tabular-nums">{fmt(getValue() as number | null, 1)}</span> },
    { accessorKey: "inProgress", header: "In progress" },
    { accessorKey: "todo", header: "Not started" },
    { accessorKey: "skipped", header: "Skipped" },
  ];
  const agreementColumns: ColumnDef<TSchemeAgreementRow, unknown>[] = [
    {
      id: "field",
      header: "Field",
      accessorFn: (r) => r.label,
      cell: ({ row: { original: r } }) => (
        <span className="block">
          <span className="font-medium">{r.label}</span>
          <span className="block text-[11px] text-slate-500">
            {r.kind} · {r.level} · {r.scope}
          </span>
        </span>
      ),
    },
    { accessorKey: "system", header: "System" },
    { id: "units", header: "Units", accessorFn: (r) => r.alpha?.n ?? null },
    { id: "raters", header: "Raters", accessorFn: (r) => r.alpha?.raters ?? null },
    cellColumn("alpha", "α (field's level)", (r) => r.alpha),
    {
      id: "lower",
      header: "α at lower levels",
      accessorFn: (r) => r.lowerAlphas.map((a) => `${a.level} ${fmt(a.cell?.value)}`).join("; "),
      cell: ({ row: { original: r } }) =>
        r.lowerAlphas.length === 0 ? (
          <span className="text-slate-400">–</span>
        ) : (
          <span className="block text-xs">
            {r.lowerAlphas.map((a) => (
              <span key={a.level} className="block" title={a.cell?.note ?? a.cell?.reason}>
                {a.level} <span className="font-mono tabular-nums">{fmt(a.cell?.value)}</span>
              </span>
            ))}
          </span>
        ),
    },
    cellColumn("fleiss", "Fleiss κ", (r) => r.fleiss),
    { ...pairColumn<TSchemeAgreementRow>("kappa", "Cohen κ", (r) => r.kappa), header: "Cohen κ (unweighted nominal, quadratic ordered)" },
    pairColumn("r", "Pearson r", (r) => r.pearson),
    cellColumn("exact", "Exact %", (r) => r.exact, 1),
    { id: "alpha-n", header: "α n", accessorFn: (r) => r.alpha?.n ?? null },
    { id: "exact-n", header: "exact n", accessorFn: (r) => r.exact?.n ?? null },
    { id: "note", header: "note", accessorFn: (r) => [r.alpha?.note, r.exact?.note].filter(Boolean).join("; ") },
  ];
  const accuracyColumns: ColumnDef<TSchemeAccuracyRow, unknown>[] = [
    { id: "field", header: "Field", accessorFn: (r) => r.label },
    { accessorKey: "system", header: "System" },
    { id: "annotator", header: "Annotator", accessorFn: (r) => (r.annotator ? raterLabel(r.annotator) : "every annotator") },
    cellColumn("accuracy", "Accuracy %", (r) => r.cell, 1),
    { accessorKey: "gold", header: "Gold" },
    { id: "n", header: "n", accessorFn: (r) => r.cell.n },
  ];

  return (
    <div className="space-y-6" data-testid="dashboard">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-medium">
          Progress &amp; agreement <span className="text-sm font-normal text-slate-500">· {scheme.name}, scheme version {scheme.version}</span>
        </h2>
        <div className="flex flex-wrap gap-3 text-sm" aria-label="Downloads">
          <a download className="text-indigo-700 underline" href={`/api/projects/${slug}/reports/agreement?format=csv&${qs}`}>Agreement CSV</a>
          <a download className="text-indigo-700 underline" href={`/api/projects/${slug}/reports/agreement?format=json&${qs}`}>Agreement JSON</a>
          <a download className="font-medium text-indigo-700 underline" href={`/api/projects/${slug}/reports/full?${qs}`} data-testid="download-full-report">Whole report (JSON)</a>
        </div>
      </div>
      {props.languages && props.languages.length > 1 && (
        <LanguageTabs slug={slug} sourceLang={props.sourceLang ?? "source"} languages={props.languages} current={filter.language} qs={qs} note="Every table and figure below is of the chosen pair; a value not about a translation counts in every pair its item has a translation in." />
      )}
      <SchemeFiltersForm slug={slug} filter={filter} systems={props.systems} paper={props.paperOptions} />
      <p className="text-xs text-slate-500" data-testid="scheme-convention-note">
        Agreement per field from its measurement level: Krippendorff&apos;s α at the field&apos;s level and every level below it; Fleiss&apos; κ for nominal fields when every unit has the same number of raters; Cohen&apos;s κ per annotator pair
        (weighted for ordered fields); Pearson&apos;s r for interval and ratio fields; exact agreement over the units every annotator rated. Computed in {props.elapsedMs} ms.
      </p>

      <section aria-labelledby="scheme-progress">
        <h3 id="scheme-progress" className="mb-1 font-medium">Progress</h3>
        <p className="text-xs text-slate-500">Items per annotator, from their assignments (submitted or imported = done).</p>
        {props.progress.length === 0 ? (
          <p className="text-sm text-slate-500">No assignments yet.</p>
        ) : (
          <DataTable data={props.progress} columns={progressColumns} csvName={`${slug}-progress`} testId="scheme-progress" />
        )}
      </section>

      <section aria-labelledby="scheme-agreement" className="space-y-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="scheme-agreement" className="font-medium">Agreement per field</h3>
          {hasSystems && (
            <label className="inline-flex items-center gap-1 text-sm">
              <input type="checkbox" checked={perSystem} onChange={(e) => setPerSystem(e.target.checked)} data-testid="per-system" /> per system (else pooled over systems only)
            </label>
          )}
        </div>
        <Includes text={props.includes.agreement} testId="includes-scheme-agreement" />
        {agreementRows.length === 0 ? (
          <p className="text-sm text-slate-500">No field has values from two or more annotators in this selection.</p>
        ) : (
          <DataTable data={agreementRows} columns={agreementColumns} csvName={`${slug}-agreement-per-field`} testId="scheme-agreement" csvOnly={["alpha-n", "exact-n", "note"]} />
        )}
        {withoutAgreement.length > 0 && (
          <p className="text-xs text-slate-500">
            No agreement figures: {withoutAgreement.map((f) => `${f.label} (${f.noAgreement})`).join("; ")}.
          </p>
        )}
      </section>

      {props.accuracy.length > 0 && (
        <section aria-labelledby="scheme-accuracy" className="space-y-1">
          <h3 id="scheme-accuracy" className="font-medium">Accuracy against gold</h3>
          {[...new Set(props.accuracy.map((r) => r.field))].map((f) => (
            <Includes key={f} text={`${props.fields.find((x) => x.id === f)?.label ?? f}: ${props.includes.accuracy[f]}`} testId={`includes-accuracy-${f}`} />
          ))}
          <DataTable data={accuracyRows} columns={accuracyColumns} csvName={`${slug}-accuracy`} testId="scheme-accuracy" csvOnly={["n"]} />
        </section>
      )}

      {props.modelRaters && props.modelRaters.length > 0 && <ModelRaters slug={slug} rows={props.modelRaters} />}

      {props.mqm && <MqmSection mqm={props.mqm} />}
      {props.emos && <EmosSection emos={props.emos} />}
      {props.crSt && <CrStSection analysis={props.crSt} />}
      {props.meta4xnli && <Meta4xnliSection analysis={props.meta4xnli} />}

      <SchemeDistributionsChart data={props.distributions} fields={props.fields} caption={<Includes text={props.includes.agreement} />} />

      <section aria-labelledby="all-figures">
        <AllFigures slug={slug} qs={qs} summaryId="all-figures" count={props.figureCount} />
      </section>
    </div>
  );
}
