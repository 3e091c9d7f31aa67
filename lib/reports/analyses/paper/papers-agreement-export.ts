/**
 * The papers' agreement export as a named analysis (`papers.agreement-export`,
 * lib/schemes/language/named-analyses.ts), which the MMTE and MetaHOPE presets list: the rows the
 * export always gave a project of those presets (lib/reports/index.ts getAgreementFigures:
 * `scheme` mmte/metahope, Fleiss' κ per label, every α level, Pearson r), computed from the
 * scheme's values, so a study's scripted export does not change. scheme-runtime-figures.ts runs it
 * when the scheme lists it and it binds; otherwise the export is the generic scheme report's.
 *
 * It binds the fields BY ID, as binding.ts does, but more strictly than the paper tables: that
 * code reads the paper's label lists and scale as constants (mmte-ratings.ts: EQUIVALENCE_CODES,
 * EMOTION_CODES, LIKERT 1–5; agreement-figures.ts: METAHOPE_CATEGORY_ORDER), drops any other
 * value as invalid, and reports no field it does not know. So a variant binds only when
 * - each MMTE field it has (EQUIVALENCE … OVERALL) has the kind, scope and scale the paper tables
 *   read (binding.ts mmteMismatch), a scale with step 1, and a choice exactly the paper's labels;
 * - its METAHOPE_ERRORS, if any, are weighted spans on the translation with exactly the paper's
 *   five categories;
 * - every other field is one the export leaves out for the presets too (the post-edits, target
 *   words, the realisation alignment), since a field of its own would be missing from the export.
 * Else the reason is named per field and the generic report (every field's figures) is exported.
 * Fewer fields are fine (a project of some parts only). Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { EMOTION_LABELS, EQUIVALENCE_LITERAL_LABELS, EQUIVALENCE_METAPHORICAL_LABELS } from "@/lib/schemes/presets/paper-codes";
import { METAHOPE_CATEGORY_ORDER } from "@/lib/scoring/metahope-scores";
import type { TAgreementFigure } from "../../agreement-figure";
import { MMTE_AGREEMENT_FIELDS } from "./mmte-agreement-fields";
import type { TAgreementOptions } from "../../agreement-options";
import type { TReportData } from "../../report-input";
import type { TAgreementRowsAnalysis } from "../agreement-rows";
import { computeAgreementFigures } from "./agreement-figures";
import { reportLanguagesOf } from "./language-comparison";
import { mmteMismatch, type TMissingField } from "./binding";

export const PAPERS_AGREEMENT_EXPORT = "papers.agreement-export";

/** The presets' fields the papers' export never reported: a variant may have them in any form. */
const LEFT_OUT = new Set(["TARGET_WORDS", "POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL", "ALIGNMENT", "METAHOPE_POSTEDIT"]);
const LABELS: Record<string, readonly string[]> = {
  EQUIVALENCE: [...new Set<string>([...EQUIVALENCE_METAPHORICAL_LABELS, ...EQUIVALENCE_LITERAL_LABELS])],
  EMOTION: EMOTION_LABELS,
};

export interface TPapersAgreementExportBinding {
  /** the scheme lists the analysis */
  listed: boolean;
  /** listed, and every field it has is one the export's code reads right */
  bound: boolean;
  /** why it does not bind, per field */
  refused: TMissingField[];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x)) && new Set(a).size === a.length;

function mmteRefusal(id: string, alternatives: TSchemeField[]): string | null {
  for (const f of alternatives) {
    const why = mmteMismatch(id, f);
    if (why) return why;
    if (f.kind === "scale" && f.step !== 1) return `is a scale in steps of ${f.step}, the export reads the values 1, 2, 3, 4, 5`;
  }
  const known = LABELS[id];
  if (!known) return null;
  const values = [...new Set(alternatives.flatMap((f) => (f.kind === "choice" ? (f.options ?? []).map((o) => String(o.value)) : [])))];
  if (sameSet(values, known)) return null;
  const extra = values.filter((v) => !known.includes(v));
  const absent = known.filter((v) => !values.includes(v));
  return [
    extra.length ? `has label${extra.length > 1 ? "s" : ""} ${extra.join(", ")} beyond the paper's (the export counts only the paper's labels)` : "",
    absent.length ? `has no label ${absent.join(", ")} (the export gives a row for each of the paper's labels)` : "",
  ].filter(Boolean).join(" and ");
}

function metahopeRefusal(f: TSchemeField): string | null {
  if (f.kind !== "spans") return `is a ${f.kind} field, the export reads error spans`;
  if (f.scope !== "translation") return `is per ${typeof f.scope === "string" ? f.scope : "role"}, the export reads spans on each translation`;
  const weighted = f.attributes.some((a) => a.options.some((o) => typeof o.weight === "number")) || f.labels.some((l) => typeof l.weight === "number") || (f.weights ?? []).length > 0;
  if (!weighted) return "has no penalty on its spans (no severity attribute with option weights)";
  const labels = f.labels.map((l) => String(l.value));
  if (sameSet(labels, METAHOPE_CATEGORY_ORDER)) return null;
  const extra = labels.filter((l) => !(METAHOPE_CATEGORY_ORDER as readonly string[]).includes(l));
  const absent = METAHOPE_CATEGORY_ORDER.filter((c) => !labels.includes(c));
  return [
    extra.length ? `has error categor${extra.length > 1 ? "ies" : "y"} ${extra.join(", ")} beyond the paper's five (the export counts only those five)` : "",
    absent.length ? `has no category ${absent.join(", ")} (the export gives figures for each of the paper's five)` : "",
  ].filter(Boolean).join(" and ");
}

/** Whether the papers' agreement export runs for this scheme, and why not when it is listed but cannot. */
export function bindPapersAgreementExport(def: TSchemeDefinition): TPapersAgreementExportBinding {
  const listed = def.analyses.includes(PAPERS_AGREEMENT_EXPORT);
  if (!listed) return { listed, bound: false, refused: [] };
  const refused: TMissingField[] = [];
  const ids = [...new Set(def.fields.map((f) => f.id))];
  for (const id of ids) {
    const alternatives = def.fields.filter((f) => f.id === id);
    let why: string | null;
    if ((MMTE_AGREEMENT_FIELDS as readonly string[]).includes(id)) why = mmteRefusal(id, alternatives);
    else if (id === "METAHOPE_ERRORS") why = alternatives.length > 1 ? "has alternatives, the export reads one list of spans" : metahopeRefusal(alternatives[0]);
    else why = LEFT_OUT.has(id) ? null : "is not a field of the papers' export (its figures would be missing from it)";
    if (why) refused.push({ field: id, reason: why });
  }
  return { listed, bound: refused.length === 0, refused };
}

/** One line saying why a listed export is not the papers' (for notes); null when it is, or is not listed. */
export function papersAgreementExportNote(b: TPapersAgreementExportBinding): string | null {
  if (!b.listed || b.bound) return null;
  return `${PAPERS_AGREEMENT_EXPORT} not used, the agreement export is every field's: ${b.refused.map((m) => `field ${m.field} ${m.reason}`).join("; ")}.`;
}

/**
 * The export's rows, from the paper analyses' report rows. A study over several target languages
 * is reported per language pair: without `opts.language`, the figures of every language, each row
 * carrying its `language`.
 */
export function papersAgreementRows(data: TReportData, opts: TAgreementOptions = {}): TAgreementFigure[] {
  const languages = reportLanguagesOf(data);
  if (opts.language || languages.length < 2) return computeAgreementFigures(data, opts);
  return languages.flatMap((language) => computeAgreementFigures(data, { ...opts, language }).map((f) => ({ ...f, language })));
}

/** Its entry in the registry of analyses whose rows take the place of the generic agreement figures (../agreement-rows.ts). */
export const PAPERS_AGREEMENT_ROWS: TAgreementRowsAnalysis = { name: PAPERS_AGREEMENT_EXPORT, binds: (def) => bindPapersAgreementExport(def).bound, rows: papersAgreementRows };
