import { ZodError } from "zod";
import { getDb } from "@/lib/db/client";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { requireProjectPage } from "@/lib/http/page-access";
import { parseReportQuery, type TReportQuery } from "@/lib/reports/report-query";
import { SchemeDashboard } from "./scheme-dashboard";
import { accessGrants } from "@/lib/authz/permissions";
import { StudyPlannerLink } from "@/components/dashboard/study-planner-link";

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
  // one dashboard for every scheme, the MMTE and MetaHOPE presets included (their paper tables are named analyses)
  const runtime = await getProjectRuntime(getDb(), access.project.id);
  const view = { ciGiven: sp.ci !== undefined, detailField: one(sp.detailField), detailSystem: one(sp.detailSystem), pair: one(sp.pair) };
  return (
    <>
      {accessGrants(access.roles, access.user.isAdmin, "project.manage") && <StudyPlannerLink slug={slug} />}
      <SchemeDashboard slug={slug} projectId={access.project.id} sourceLang={access.project.sourceLang} runtime={runtime} query={q} view={view} />
    </>
  );
}
