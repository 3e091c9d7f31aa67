// Score tables (MetaHOPE tables 5–6, MMTE table 3 and figures 3–5) as JSON, or as long-format CSV.
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { withProject } from "@/lib/http/api-handler";
import { getScoreTables } from "@/lib/reports";
import { scoreTablesToCsv } from "@/lib/reports/report-csv";
import { parseReportQuery, scoreOptionsOf } from "@/lib/reports/report-query";

export const dynamic = "force-dynamic";

export const GET = withProject<{ slug: string }>("report.read", async (req, { access }) => {
  const q = parseReportQuery(new URL(req.url).searchParams);
  const tables = await getScoreTables(getDb(), access.project.id, scoreOptionsOf(q));
  if (q.format === "csv") {
    return new NextResponse("\ufeff" + scoreTablesToCsv(tables), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${access.project.slug}-scores.csv"` },
    });
  }
  // a file to save, not a page to read (issue 29 point 10: "Agreement JSON" opened in the tab); fetch() callers are unaffected
  return NextResponse.json(tables, { headers: { "Content-Disposition": `attachment; filename="${access.project.slug}-scores.json"` } });
});
