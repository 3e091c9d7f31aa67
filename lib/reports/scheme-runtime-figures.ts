/**
 * The agreement figures of any project, whichever runtime its scheme runs under
 * (lib/schemes/scheme-runtime.ts): the built-in MMTE/MetaHOPE figures
 * (getAgreementFigures, unchanged) or, for a project running its own scheme, the
 * figures of every field of that scheme with `scheme` = the scheme's id
 * (scheme-report.ts). What `tropos export --what agreement` and
 * GET /api/projects/[slug]/reports/agreement print. Models follow the annotators:
 * their accuracy (and tags precision/recall/F1) against gold, `rater: "model"`
 * (lib/db/model-rater-figures.ts).
 */
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { getModelRaterFigures } from "@/lib/db/model-rater-figures";
import { getProjectRuntime } from "@/lib/db/project-schemes";
import type { TAgreementFigure } from "./agreement-figure";
import type { TAgreementOptions } from "./agreement-options";
import { getAgreementFigures } from "./index";
import { getSchemeReport } from "./scheme-report";
import { getSchemePaperTables } from "@/lib/db/scheme-paper-input";
import { bindPaperAnalyses } from "./paper-analysis-binding";

export async function getRuntimeAgreementFigures(db: Db, pool: Pool, projectId: string, opts: TAgreementOptions = {}): Promise<TAgreementFigure[]> {
  const runtime = await getProjectRuntime(db, projectId);
  const models = (figures: TAgreementFigure[]) => getModelRaterFigures(db, pool, projectId, runtime, { split: opts.split, systems: opts.systems, fields: opts.fields }).then((m) => [...figures, ...m]);
  if (runtime.kind !== "scheme") return models(await getAgreementFigures(db, projectId, opts));
  const [report, paper] = await Promise.all([
    getSchemeReport(pool, projectId, runtime, { split: opts.split, systems: opts.systems }, { fields: opts.fields, bootstrap: opts.bootstrap }),
    // MetaHOPE tables 3–4 of a variant that lists them (agreement per MRW instance, SEGS and per category)
    bindPaperAnalyses(runtime.definition).length ? getSchemePaperTables(db, projectId, runtime.definition, { agreement: opts }) : null,
  ]);
  return models([...report.figures, ...(paper?.metahopeAgreement ?? [])]);
}
