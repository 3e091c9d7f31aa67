import { ZodError } from "zod";
import { getDb } from "@/lib/db/client";
import { getReportData } from "@/lib/db/report-data-cache";
import { getModelAgreementRows } from "@/lib/db/model-agreement-data";
import { getMetricScores } from "@/lib/db/metric-scores";
import { getPgPool } from "@/lib/db/pg-pool";
import { getProjectRuntime, getSchemeInForce } from "@/lib/db/project-schemes";
import { requireProjectPage } from "@/lib/http/page-access";
import { dashboardModelOf } from "@/lib/reports/dashboard-model-memo";
import { parseReportQuery, type TReportQuery } from "@/lib/reports/report-query";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { SchemeDashboard } from "./scheme-dashboard";

export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

export default async function DashboardPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<SearchParams> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "report.read", `/projects/${slug}/dashboard`);
  const sp = await searchParams;
  let q: TReportQuery;
  try {
    q = parseReportQuery(sp);
  } catch (e) {
    const msg = e instanceof ZodError ? e.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") : "invalid parameters";
    return (
      <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
        The dashboard options in the address are invalid ({msg}). <a className="underline" href={`/projects/${slug}/dashboard`}>Reset them</a>.
      </p>
    );
  }
  // every project with a stored scheme (the MMTE and MetaHOPE presets included) gets the one dashboard;
  // the built-in one is left only for a project of an earlier release not yet moved onto its scheme
  const runtime = await getProjectRuntime(getDb(), access.project.id);
  const view = { ciGiven: sp.ci !== undefined, detailField: one(sp.detailField), detailSystem: one(sp.detailSystem), pair: one(sp.pair) };
  if (runtime.kind === "scheme") return <SchemeDashboard slug={slug} projectId={access.project.id} sourceLang={access.project.sourceLang} runtime={runtime} query={q} view={view} />;
  const [data, modelRaters, scheme, metricScores] = await Promise.all([
    getReportData(getDb(), access.project.id),
    getModelAgreementRows(getDb(), access.project.id),
    getSchemeInForce(getDb(), access.project.id),
    getMetricScores(getPgPool(), access.project.id),
  ]);
  // computed once per version of the data and options: a view with nothing changed computes nothing
  const model = dashboardModelOf(data, q, view, metricScores);
  // every figure stays on the server: the page shows the summary tables (their figures are in
  // them) and the folded table of all figures fetches its own (they were most of the payload)
  const { figures, ...shown } = model;
  // the paper tables and figures the project's preset lists (its named analyses) are shown
  return <DashboardView slug={slug} sourceLang={access.project.sourceLang} figureCount={figures.length} modelRaters={modelRaters} analyses={scheme.analyses} schemeFields={[...new Set(scheme.fields.map((f) => f.id))]} {...shown} />;
}
