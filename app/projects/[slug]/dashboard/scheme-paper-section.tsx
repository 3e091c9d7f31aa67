// The paper tables a project under the scheme runtime lists (MMTE table 3 and figures 3–5,
// MetaHOPE tables 3–6), bound to its fields by id (lib/reports/scheme-paper-tables.ts), below its
// per-field dashboard; nothing when the scheme lists none.
import { getDb } from "@/lib/db/client";
import { getSchemePaperTables } from "@/lib/db/scheme-paper-input";
import { bindPaperAnalyses } from "@/lib/reports/paper-analysis-binding";
import { agreementOptionsOf, scoreOptionsOf, type TReportQuery } from "@/lib/reports/report-query";
import { schemePaperViewOf } from "@/lib/reports/scheme-paper-view";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { SchemePaperTablesView } from "@/components/dashboard/scheme-paper-tables-view";

export async function SchemePaperSection({ slug, projectId, definition, query }: { slug: string; projectId: string; definition: TSchemeDefinition; query: TReportQuery }) {
  if (bindPaperAnalyses(definition).length === 0) return null;
  const paper = await getSchemePaperTables(getDb(), projectId, definition, { scores: scoreOptionsOf(query), agreement: agreementOptionsOf(query) });
  return <SchemePaperTablesView slug={slug} {...schemePaperViewOf(paper, query.convention)} />;
}
