// The whole report as one JSON file to download: the scheme report (lib/reports/scheme-full-report.ts),
// every field's figures with the paper tables the scheme lists.
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { withProject } from "@/lib/http/api-handler";
import { getPgPool } from "@/lib/db/pg-pool";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { parseReportQuery } from "@/lib/reports/report-query";
import { getSchemeFullReport } from "@/lib/reports/scheme-full-report-data";

export const dynamic = "force-dynamic";

export const GET = withProject<{ slug: string }>("report.read", async (req, { access }) => {
  const q = parseReportQuery(new URL(req.url).searchParams);
  const db = getDb();
  const runtime = await getProjectRuntime(db, access.project.id);
  // every field's figures, distributions, progress, the paper tables the scheme lists and the models beside the annotators
  const { schemeConfig: _c, ...project } = access.project;
  const report = await getSchemeFullReport(db, getPgPool(), project, runtime, q);
  return new NextResponse(JSON.stringify(report, null, 2), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="${access.project.slug}-report.json"` },
  });
});
