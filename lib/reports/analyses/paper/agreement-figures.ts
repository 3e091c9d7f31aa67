/**
 * All agreement figures of a project from its report rows (pure): MetaHOPE
 * (per-MRW penalties, see metahope-cells.ts) and MMTE (per-item labels and
 * Likert scores, see mmte-ratings.ts), in the flat shape of agreement-figure.ts.
 */
import type { TAgreementFigure } from "../../agreement-figure";
import { MMTE_AGREEMENT_FIELDS } from "./mmte-agreement-fields";
import { ZAgreementOptions, type TAgreementOptions } from "../../agreement-options";
import { metahopeAgreementFigures } from "./metahope-agreement";
import { metahopeCellsOf, metahopeUnitVectorsOf } from "./metahope-cells";
import { mmteAgreementFigures } from "./mmte-agreement";
import { mmteRatingsOf } from "./mmte-ratings";
import { figureIncludes } from "../../figure-includes";
import { buildReportIndex, scopeIndexOf, scopeOf, type TReportIndex } from "../../report-index";
import type { TReportData } from "../../report-input";

export function computeAgreementFigures(data: TReportData, optsIn: TAgreementOptions = {}): TAgreementFigure[] {
  return computeAgreementFiguresOf(buildReportIndex(data), optsIn);
}

/**
 * The figures over a report index (see report-index.ts), so the dashboard shares it with the score tables.
 * `wantsInterval` limits the bootstrap (when asked for) to the figures it accepts: the dashboard
 * computes intervals only for what its summary tables show (each costs B recomputations).
 */
export function computeAgreementFiguresOf(ix: TReportIndex, optsIn: TAgreementOptions = {}, view: { wantsInterval?: (f: TAgreementFigure) => boolean } = {}): TAgreementFigure[] {
  const parsed = ZAgreementOptions.parse(optsIn);
  const opts = parsed.bootstrap && view.wantsInterval ? { ...parsed, bootstrap: { ...parsed.bootstrap, wants: view.wantsInterval } } : parsed;
  const scope = scopeOf(ix, opts);
  const sx = scopeIndexOf(ix, scope);
  const schemes = opts.schemes?.length ? opts.schemes : ["metahope", "mmte"];
  const out: TAgreementFigure[] = [];
  if (schemes.includes("metahope")) {
    const cells = metahopeCellsOf(ix, sx, opts.metahopeCategories);
    if (cells.coverage.annotators.length > 0) {
      out.push(...metahopeAgreementFigures(metahopeUnitVectorsOf(ix, sx, opts.metahopeCategories), scope.emailById, { fields: opts.fields, bootstrap: opts.bootstrap }));
    }
  }
  if (schemes.includes("mmte")) {
    const fields = MMTE_AGREEMENT_FIELDS.filter((f) => !opts.fields?.length || opts.fields.includes(f));
    const ratings = mmteRatingsOf(ix, sx, fields);
    out.push(...mmteAgreementFigures(ratings, scope.systems.map((s) => s.name), scope.emailById, { fields, bootstrap: opts.bootstrap }));
  }
  const includes: Record<string, string> = { metahope: figureIncludes("metahope", opts), mmte: figureIncludes("mmte", opts) };
  for (const f of out) f.includes = includes[f.scheme];
  return out;
}
