// The whole report (conventions, agreement figures, score tables) as one JSON file to download; for a
// project running its own scheme, the scheme report (lib/reports/scheme-full-report.ts).
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { withProject } from "@/lib/http/api-handler";
import { getPgPool } from "@/lib/db/pg-pool";
import { getProjectRuntime } from "@/lib/db/project-schemes";
import { getAgreementFigures, getScoreTables } from "@/lib/reports";
import { buildFullReport } from "@/lib/reports/full-report";
import { agreementOptionsOf, parseReportQuery, scoreOptionsOf } from "@/lib/reports/report-query";
import { getSchemeFullReport } from "@/lib/reports/scheme-full-report-data";

export const dynamic = "force-dynamic";

export const GET = withProject<{ slug: string }>("report.read", async (req, { access }) => {
  const q = parseReportQuery(new URL(req.url).searchParams);
  const db = getDb();
  const runtime = await getProjectRuntime(db, access.project.id);
  if (runtime.kind === "scheme") {
    // a project running its own scheme: every field's figures, distributions, progress and the models beside the annotators
    const { schemeConfig: _c, ...project } = access.project;
    const report = await getSchemeFullReport(db, getPgPool(), project, runtime, q);
    return new NextResponse(JSON.stringify(report, null, 2), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="${access.project.slug}-report.json"` },
    });
  }
  const [figures, scores] = await Promise.all([getAgreementFigures(db, access.project.id, agreementOptionsOf(q)), getScoreTables(db, access.project.id, scoreOptionsOf(q))]);
  const { id: _id, schemeConfig: _c, ...project } = access.project;
  const { format: _f, ...filters } = q;
  const report = buildFullReport({ project, filters, figures, scores });
  return new NextResponse(JSON.stringify(report, null, 2), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="${access.project.slug}-report.json"` },
  });
});
