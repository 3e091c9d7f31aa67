// Agreement figures of the project as JSON (the array `tropos export --what agreement` prints) or CSV:
// the built-in MMTE/MetaHOPE figures, or every field's figures of a project running its own scheme.
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { withProject } from "@/lib/http/api-handler";
import { getPgPool } from "@/lib/db/pg-pool";
import { figuresToCsv } from "@/lib/reports/report-csv";
import { agreementOptionsOf, parseReportQuery } from "@/lib/reports/report-query";
import { getRuntimeAgreementFigures } from "@/lib/reports/scheme-runtime-figures";

export const dynamic = "force-dynamic";

export const GET = withProject<{ slug: string }>("report.read", async (req, { access }) => {
  const q = parseReportQuery(new URL(req.url).searchParams);
  const figures = await getRuntimeAgreementFigures(getDb(), getPgPool(), access.project.id, agreementOptionsOf(q));
  if (q.format === "csv") {
    return new NextResponse("\ufeff" + figuresToCsv(figures), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${access.project.slug}-agreement.csv"` },
    });
  }
  // a file to save, not a page to read (issue 29 point 10: "Agreement JSON" opened in the tab); fetch() callers are unaffected
  return NextResponse.json(figures, { headers: { "Content-Disposition": `attachment; filename="${access.project.slug}-agreement.json"` } });
});
