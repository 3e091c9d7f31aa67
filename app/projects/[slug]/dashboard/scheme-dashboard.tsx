// The dashboard of a project running its own scheme (lib/schemes/scheme-runtime.ts): computed on
// request from the stored values (one pass; lib/reports/scheme-report.ts), laid out by
// components/dashboard/scheme-dashboard-view.tsx. The page's guard (report.read) is the built-in
// dashboard's: managers and adjudicators, never annotators, see everyone's values.
import { getPgPool } from "@/lib/db/pg-pool";
import type { TSchemeReportFilter } from "@/lib/db/scheme-report-data";
import type { TReportQuery } from "@/lib/reports/report-query";
import { schemeAccuracyRows, schemeAgreementRows } from "@/lib/reports/scheme-dashboard";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { SchemeDashboardView } from "@/components/dashboard/scheme-dashboard-view";
import { emosSummary } from "@/components/dashboard/emos-section";
import { mqmSummary } from "@/components/dashboard/mqm-section";
import { SchemePaperSection } from "./scheme-paper-section";

/** The report and how long it took (read and computation), printed on the page as the built-in dashboard does. */
async function timedReport(projectId: string, runtime: { version: number; definition: TSchemeDefinition }, filter: TSchemeReportFilter) {
  const started = performance.now();
  const report = await getSchemeReport(getPgPool(), projectId, runtime, filter);
  return { report, elapsedMs: Math.round(performance.now() - started) };
}

export async function SchemeDashboard({ slug, projectId, runtime, query }: { slug: string; projectId: string; runtime: { version: number; definition: TSchemeDefinition }; query: TReportQuery }) {
  const filter: TSchemeReportFilter = { split: query.split, systems: query.systems };
  const { report, elapsedMs } = await timedReport(projectId, runtime, filter);
  // one spaced column: the paper tables start below the per-field dashboard's last section, not against it
  return (
    <div className="space-y-6">
    <SchemeDashboardView
      slug={slug}
      scheme={report.scheme}
      filter={filter}
      systems={report.systems}
      fields={report.fields}
      progress={report.progress}
      agreement={schemeAgreementRows(report)}
      accuracy={schemeAccuracyRows(report)}
      distributions={report.distributions}
      includes={report.includes}
      figureCount={report.figures.length}
      elapsedMs={elapsedMs}
      emos={report.analyses.emos && emosSummary(report.analyses.emos)}
      crSt={report.analyses.crSt}
      mqm={report.analyses.mqm && mqmSummary(report.analyses.mqm)}
      meta4xnli={report.analyses.meta4xnli}
    />
    {/* the paper tables the scheme lists, bound to its fields by id (MMTE, MetaHOPE variants) */}
    <SchemePaperSection slug={slug} projectId={projectId} definition={runtime.definition} query={query} />
    </div>
  );
}
