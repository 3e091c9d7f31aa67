/**
 * All agreement figures of a project from its report rows (pure): MetaHOPE
 * (per-MRW penalties, see metahope-cells.ts) and MMTE (per-item labels and
 * Likert scores, see mmte-ratings.ts), in the flat shape of agreement-figure.ts.
 */
import type { TAgreementFigure } from "./agreement-figure";
import { MMTE_AGREEMENT_FIELDS } from "./agreement-figure";
import { ZAgreementOptions, type TAgreementOptions } from "./agreement-options";
import { metahopeAgreementFigures } from "./metahope-agreement";
import { metahopeCells, metahopeUnitVectors } from "./metahope-cells";
import { mmteAgreementFigures } from "./mmte-agreement";
import { mmteRatings } from "./mmte-ratings";
import type { TReportData } from "./report-input";
import { scopeReportData } from "./report-scope";

export function computeAgreementFigures(data: TReportData, optsIn: TAgreementOptions = {}): TAgreementFigure[] {
  const opts = ZAgreementOptions.parse(optsIn);
  const scope = scopeReportData(data, opts);
  const schemes = opts.schemes?.length ? opts.schemes : ["metahope", "mmte"];
  const out: TAgreementFigure[] = [];
  if (schemes.includes("metahope")) {
    const cells = metahopeCells(data, scope);
    if (cells.coverage.annotators.length > 0) {
      out.push(...metahopeAgreementFigures(metahopeUnitVectors(data, scope, cells), scope.emailById, { fields: opts.fields, bootstrap: opts.bootstrap }));
    }
  }
  if (schemes.includes("mmte")) {
    const fields = MMTE_AGREEMENT_FIELDS.filter((f) => !opts.fields?.length || opts.fields.includes(f));
    const ratings = mmteRatings(data, scope, fields);
    out.push(...mmteAgreementFigures(ratings, scope.systems.map((s) => s.name), scope.emailById, { fields, bootstrap: opts.bootstrap }));
  }
  return out;
}
