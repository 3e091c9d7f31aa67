// The one dashboard: every project runs its stored scheme (lib/schemes/scheme-runtime.ts), the
// MMTE and MetaHOPE presets included. Computed on request from the stored values (one pass;
// lib/reports/scheme-report.ts, read with the models beside the annotators by
// lib/reports/scheme-dashboard-data.ts), laid out by components/dashboard/scheme-dashboard-view.tsx;
// below it the paper analyses the scheme lists (MMTE table 3 and figures 3–7, MetaHOPE tables 3–6,
// the MMTE agreement and rating distributions), bound to its fields by id
// (lib/reports/analyses/paper/paper-dashboard.ts) and laid out as the built-in dashboard laid them out.
// The page's guard (report.read): managers and adjudicators, never annotators, see everyone's
// values. A project with several target languages shows one at a time
// (lib/reports/scheme-report-language.ts); the paper analyses are of the same pair.
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { AGREEMENT_CONVENTIONS } from "@/lib/reports/agreement-conventions";
import { reportQueryString, type TReportQuery } from "@/lib/reports/report-query";
import { schemeAccuracyRows, schemeAgreementRows } from "@/lib/reports/scheme-dashboard";
import { getSchemeDashboardPageData } from "@/lib/reports/scheme-dashboard-page-data";
import type { TPaperDashboardView } from "@/lib/reports/analyses/paper/paper-dashboard";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { SchemeDashboardView } from "@/components/dashboard/scheme-dashboard-view";
import { SchemePaperTablesView } from "@/components/dashboard/scheme-paper-tables-view";
import { emosSummary } from "@/components/dashboard/emos-section";
import { mqmSummary } from "@/components/dashboard/mqm-section";
import { DriftPanel } from "@/components/dashboard/drift-panel";
import { GoldCheckAccuracy } from "@/components/dashboard/gold-check-accuracy";
import { AdaptiveRedundancySection } from "@/components/dashboard/adaptive-redundancy-section";

export async function SchemeDashboard({ slug, projectId, sourceLang, runtime, query, view }: { slug: string; projectId: string; sourceLang: string; runtime: { version: number; definition: TSchemeDefinition }; query: TReportQuery; view: TPaperDashboardView }) {
  // the report, the models beside the annotators and the paper analyses (computed once per data version)
  const { report, elapsedMs, modelRaters, paper, paperView } = await getSchemeDashboardPageData(getDb(), getPgPool(), projectId, runtime, query, view);
  // every link of the page (language pairs, downloads, the field detail) keeps every option
  const qs = paper ? reportQueryString(paper.query) : undefined;
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
      qs={qs}
      paperOptions={paper ? { query: paper.query, conventions: AGREEMENT_CONVENTIONS, annotators: paper.annotators, ciAuto: paper.ciAuto } : undefined}
    />
    <DriftPanel slug={slug} projectId={projectId} />
    {/* the paper tables the scheme lists, bound to its fields by id (MMTE, MetaHOPE and their variants) */}
    {paperView && <SchemePaperTablesView slug={slug} sourceLang={sourceLang} qs={qs} {...paperView} />}
    <GoldCheckAccuracy projectId={projectId} />
    <AdaptiveRedundancySection projectId={projectId} definition={runtime.definition} />
    </div>
  );
}
