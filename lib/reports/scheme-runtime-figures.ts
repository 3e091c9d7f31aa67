/**
 * The agreement figures of any project, whichever runtime its scheme runs under
 * (lib/schemes/scheme-runtime.ts): the built-in MMTE/MetaHOPE figures
 * (getAgreementFigures, unchanged) or, for a project running its own scheme, the
 * figures of every field of that scheme with `scheme` = the scheme's id
 * (scheme-report.ts). What `tropos export --what agreement` and
 * GET /api/projects/[slug]/reports/agreement print.
 */
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { getProjectRuntime } from "@/lib/db/project-schemes";
import type { TAgreementFigure } from "./agreement-figure";
import type { TAgreementOptions } from "./agreement-options";
import { getAgreementFigures } from "./index";
import { getSchemeReport } from "./scheme-report";

export async function getRuntimeAgreementFigures(db: Db, pool: Pool, projectId: string, opts: TAgreementOptions = {}): Promise<TAgreementFigure[]> {
  const runtime = await getProjectRuntime(db, projectId);
  if (runtime.kind !== "scheme") return getAgreementFigures(db, projectId, opts);
  const report = await getSchemeReport(pool, projectId, runtime, { split: opts.split, systems: opts.systems }, { fields: opts.fields, bootstrap: opts.bootstrap });
  return report.figures;
}
