/**
 * The agreement figures of any project. A scheme that lists a named analysis whose rows take the
 * place of the generic figures, and binds it (analyses/agreement-rows.ts: the MMTE and MetaHOPE
 * presets' papers.agreement-export), gets that analysis's rows, so the export a study scripted
 * against does not change; any other scheme gets the figures of every field with `scheme` = the scheme's id (scheme-report.ts),
 * and MetaHOPE tables 3–4 where it lists them. What `tropos export --what agreement` and
 * GET /api/projects/[slug]/reports/agreement print. Models follow the annotators:
 * their accuracy (and tags precision/recall/F1) against gold, `rater: "model"`
 * (lib/db/reports/model-rater-figures.ts). A project of several target languages gives each language's
 * figures, or the one asked for (`language`; lib/reports/scheme-report-language.ts).
 */
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { getModelRaterFigures } from "@/lib/db/reports/model-rater-figures";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import type { TAgreementFigure } from "./agreement-figure";
import type { TAgreementOptions } from "./agreement-options";
import { getSchemeReport } from "./scheme-report";
import { getReportLanguages } from "@/lib/db/reports/languages";
import { splitByTargetLanguage } from "./scheme-report-language";
import { getSchemePaperTables } from "@/lib/db/reports/paper-input";
import { bindPaperAnalyses } from "./analyses/paper/binding";
import { agreementRowsAnalysisOf } from "./analyses/agreement-rows";
import { getPaperReportData } from "@/lib/db/reports/paper-input";

export async function getRuntimeAgreementFigures(db: Db, pool: Pool, projectId: string, opts: TAgreementOptions = {}): Promise<TAgreementFigure[]> {
  const runtime = await getProjectRuntime(db, projectId);
  const own = agreementRowsAnalysisOf(runtime.definition);
  if (own) {
    const models = await getModelRaterFigures(db, pool, projectId, runtime, { split: opts.split, systems: opts.systems, fields: opts.fields });
    return [...own.rows(await getPaperReportData(db, projectId, { withTranslationText: false }), opts), ...models];
  }
  // several target languages and none asked for: every language's figures, each naming its language
  // (as the built-in export gives them); else the one language's (or the one report's)
  const languages = await getReportLanguages(pool, projectId);
  const each = opts.language || !splitByTargetLanguage(languages) ? [opts.language] : languages;
  const out: TAgreementFigure[] = [];
  for (const language of each) {
    const filter = { split: opts.split, systems: opts.systems, language };
    const report = await getSchemeReport(pool, projectId, runtime, filter, { fields: opts.fields, bootstrap: opts.bootstrap });
    const models = await getModelRaterFigures(db, pool, projectId, runtime, { ...filter, language: report.filter.language, fields: opts.fields });
    // the models' figures name the language as the annotators' do (only when the report is split by it)
    out.push(...report.figures, ...models.map((f) => (splitByTargetLanguage(languages) ? { ...f, language: report.filter.language } : f)));
  }
  // MetaHOPE tables 3–4 of a variant that lists them (agreement per MRW instance, SEGS and per category)
  if (bindPaperAnalyses(runtime.definition).length) out.push(...((await getSchemePaperTables(db, projectId, runtime.definition, { agreement: opts })).metahopeAgreement ?? []));
  return out;
}
