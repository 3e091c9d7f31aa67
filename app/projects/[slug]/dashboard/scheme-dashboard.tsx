// The dashboard of a project running its own scheme (lib/schemes/scheme-runtime.ts): computed on
// request from the stored values (one pass; lib/reports/scheme-report.ts, read with the models
// beside the annotators by lib/reports/scheme-dashboard-data.ts), laid out by
// components/dashboard/scheme-dashboard-view.tsx. The page's guard (report.read) is the built-in
// dashboard's: managers and adjudicators, never annotators, see everyone's values. A project with
// several target languages shows one at a time (lib/reports/scheme-report-language.ts).
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import type { TReportQuery } from "@/lib/reports/report-query";
import { schemeAccuracyRows, schemeAgreementRows } from "@/lib/reports/scheme-dashboard";
import { getSchemeDashboardData } from "@/lib/reports/scheme-dashboard-data";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { SchemeDashboardView } from "@/components/dashboard/scheme-dashboard-view";
import { emosSummary } from "@/components/dashboard/emos-section";
import { mqmSummary } from "@/components/dashboard/mqm-section";
import { SchemePaperSection } from "./scheme-paper-section";

export async function SchemeDashboard({ slug, projectId, sourceLang, runtime, query }: { slug: string; projectId: string; sourceLang: string; runtime: { version: number; definition: TSchemeDefinition }; query: TReportQuery }) {
  const { report, elapsedMs, modelRaters } = await getSchemeDashboardData(getDb(), getPgPool(), projectId, runtime, query);
  // one spaced column: the paper tables start below the per-field dashboard's last section, not against it
  return (
    <div className="space-y-6">
    <SchemeDashboardView
      slug={slug}
      sourceLang={sourceLang}
      scheme={report.scheme}
      filter={report.filter}
      languages={report.languages}
      modelRaters={modelRaters}
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
