// Agreement figures of the project as JSON (the array `tropos export --what agreement` prints) or CSV.
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { withProject } from "@/lib/http/api-handler";
import { getAgreementFigures } from "@/lib/reports";
import { figuresToCsv } from "@/lib/reports/report-csv";
import { agreementOptionsOf, parseReportQuery } from "@/lib/reports/report-query";

export const dynamic = "force-dynamic";

export const GET = withProject<{ slug: string }>("report.read", async (req, { access }) => {
  const q = parseReportQuery(new URL(req.url).searchParams);
  const figures = await getAgreementFigures(getDb(), access.project.id, agreementOptionsOf(q));
  if (q.format === "csv") {
    return new NextResponse("\ufeff" + figuresToCsv(figures), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${access.project.slug}-agreement.csv"` },
    });
  }
  return NextResponse.json(figures);
});
