/**
 * Which annotations an agreement figure rests on, in words, attached to every figure (the
 * `includes` key of exports) and printed beside every figure on the dashboard.
 *
 * Why (issue 13, point 1): a reader of "α 0.235" must be able to tell whether it counts
 * imported work, work still in progress, adjudicated values, one split or all systems, without
 * reading the code. The rule itself is in lib/reports/README.md ("What every figure includes");
 * this sentence is its short form, with the filter the figure was computed under.
 */
import type { TReportFilter } from "./report-input";

const SCHEME_UNITS: Record<string, string> = {
  metahope: "every annotator's saved values (imported, submitted or still in progress) on the translations that annotator reviewed",
  mmte: "every annotator's saved values (imported, submitted or still in progress)",
};
/** A project's own scheme (the scheme runtime) counts what MMTE counts: every saved value. */
const OWN_SCHEME_UNITS = SCHEME_UNITS.mmte;

/** `scheme`: "metahope", "mmte", or the id of a project's own scheme. */
/** `tail`: what the figure does with adjudicated values (accuracy against adjudicated gold uses them). */
export function figureIncludes(scheme: string, filter: TReportFilter = {}, tail = "adjudicated values not used"): string {
  return includesSentence(Object.hasOwn(SCHEME_UNITS, scheme) ? SCHEME_UNITS[scheme] : OWN_SCHEME_UNITS, filter, tail);
}

/** The sentence of a figure of a project's own scheme, whatever its id (even one named like a preset). */
export function ownSchemeIncludes(filter: TReportFilter = {}, tail = "adjudicated values not used"): string {
  return includesSentence(OWN_SCHEME_UNITS, filter, tail);
}

function includesSentence(units: string, filter: TReportFilter, tail: string): string {
  const where = [
    filter.split ? `split "${filter.split}"` : "every split",
    filter.systems?.length ? `systems ${filter.systems.join(", ")}` : "every system",
    ...(filter.language ? [`target language "${filter.language}"`] : []),
  ];
  return `${units}; ${where.join(", ")}; ${tail}`;
}
