// The paper tables a project under the scheme runtime lists (MMTE table 3 and figures 3–5,
// MetaHOPE tables 3–6), bound to its fields by id (lib/reports/scheme-paper-tables.ts), below its
// per-field dashboard; nothing when the scheme lists none.
import { getDb } from "@/lib/db/client";
import { getSchemePaperTables } from "@/lib/db/scheme-paper-input";
import { findConvention } from "@/lib/reports/agreement-conventions";
import { metahopeSummary } from "@/lib/reports/dashboard-summary";
import { bindPaperAnalyses } from "@/lib/reports/paper-analysis-binding";
import { agreementOptionsOf, scoreOptionsOf, type TReportQuery } from "@/lib/reports/report-query";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { SchemePaperTablesView } from "@/components/dashboard/scheme-paper-tables-view";

export async function SchemePaperSection({ slug, projectId, definition, query }: { slug: string; projectId: string; definition: TSchemeDefinition; query: TReportQuery }) {
  if (bindPaperAnalyses(definition).length === 0) return null;
  const paper = await getSchemePaperTables(getDb(), projectId, definition, { scores: scoreOptionsOf(query), agreement: agreementOptionsOf(query) });
  const bound = (name: string) => paper.analyses.some((a) => a.name === name && a.bound);
  return (
    <SchemePaperTablesView
      slug={slug}
      notes={paper.notes}
      metahope={bound("metahope.tables3-6") ? metahopeSummary(paper.metahopeAgreement, findConvention(query.convention)) : null}
      extraCategories={paper.extraCategories.map((c) => c.category)}
      scores={paper.scores}
      mmteFigures={bound("mmte.figures3-5")}
    />
  );
}
