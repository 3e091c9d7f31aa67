// Score tables (the paper tables the scheme lists: MetaHOPE tables 5–6, MMTE table 3 and figures 3–5) as JSON, or as long-format CSV.
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { withProject } from "@/lib/http/api-handler";
import { agreementOptionsOf, parseReportQuery, scoreOptionsOf } from "@/lib/reports/report-query";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { getSchemePaperTables } from "@/lib/db/reports/paper-input";
import { csvRow } from "@/lib/export/csv-cell";
import { PAPER_SCORE_COLUMNS, paperScoreRows } from "@/lib/reports/analyses/paper/paper-score-rows";

export const dynamic = "force-dynamic";

export const GET = withProject<{ slug: string }>("report.read", async (req, { access }) => {
  const q = parseReportQuery(new URL(req.url).searchParams);
  const runtime = await getProjectRuntime(getDb(), access.project.id);
  // the paper tables the scheme lists, bound to its fields by id (missing fields named in `notes`)
  const paper = await getSchemePaperTables(getDb(), access.project.id, runtime.definition, { scores: scoreOptionsOf(q), agreement: agreementOptionsOf(q) });
  if (q.format === "csv") {
    const lines = [csvRow([...PAPER_SCORE_COLUMNS]), ...paperScoreRows(paper).map((r) => csvRow(PAPER_SCORE_COLUMNS.map((c) => (r[c] ?? "") as string | number)))];
    return new NextResponse("\ufeff" + lines.join("\r\n") + "\r\n", {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${access.project.slug}-scores.csv"` },
    });
  }
  return NextResponse.json({ ...paper.scores, analyses: paper.analyses, notes: paper.notes, extraCategories: paper.extraCategories }, { headers: { "Content-Disposition": `attachment; filename="${access.project.slug}-scores.json"` } });
});
