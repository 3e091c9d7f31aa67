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
import { buildSchemeFullReport } from "@/lib/reports/scheme-full-report";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { getSegmentExternalIds } from "@/lib/db/segment-external-ids";
import { analysisModelFields } from "@/lib/reports/scheme-analysis-fields";
import { getSchemePaperTables } from "@/lib/db/scheme-paper-input";
import { bindPaperAnalyses } from "@/lib/reports/paper-analysis-binding";

export const dynamic = "force-dynamic";

export const GET = withProject<{ slug: string }>("report.read", async (req, { access }) => {
  const q = parseReportQuery(new URL(req.url).searchParams);
  const db = getDb();
  const runtime = await getProjectRuntime(db, access.project.id);
  if (runtime.kind === "scheme") {
    // a project running its own scheme: every field's figures, distributions and progress (no built-in score tables)
    const { id: _id, schemeConfig: _c, ...project } = access.project;
    const { format: _f, ...filters } = q;
    const [report, external, paper] = await Promise.all([
      getSchemeReport(getPgPool(), access.project.id, runtime, { split: q.split, systems: q.systems }, agreementOptionsOf(q)),
      // score rows name segments by external id: read only for a scheme with a named analysis
      analysisModelFields(runtime.definition).length ? getSegmentExternalIds(getPgPool(), access.project.id) : new Map<string, string>(),
      // the paper tables it lists (an MMTE or MetaHOPE variant), bound to its fields by id
      bindPaperAnalyses(runtime.definition).length ? getSchemePaperTables(db, access.project.id, runtime.definition, { scores: scoreOptionsOf(q), agreement: agreementOptionsOf(q) }) : undefined,
    ]);
    const externalIdOf = (id: string) => external.get(id) ?? id;
    return new NextResponse(JSON.stringify(buildSchemeFullReport({ project, filters, report, definition: runtime.definition, externalIdOf, paper }), null, 2), {
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
