/**
 * Binds the paper analyses a scheme lists (MMTE table 3 and figures 3–5, MetaHOPE tables 3–6) to
 * the scheme's fields BY ID, so that a variant of a preset (its own guideline wording, one more
 * label or error category) keeps its tables under the scheme runtime. Each analysis needs the
 * fields its code reads (the registry's `fields`, lib/schemes/language/named-analyses.ts) with
 * the kind, scope and scale that code understands; when one is missing or is something else,
 * the analysis is not computed and says which field and why, and the other analyses still run.
 *
 * What each table really reads (lib/reports/analyses/paper/score-tables.ts, metahope-cells.ts):
 * - MMTE table 3: the four translation scales, AUTHENTICITY per MRW instance, EQUIVALENCE (the
 *   METAPHORICAL_FULL group); BLEU/ROUGE read the gold references (not a field).
 * - MMTE figures 3–5: EQUIVALENCE and EMOTION per MRW instance (3, 5), the five quality
 *   dimensions (4).
 * - MetaHOPE tables 3–6: METAHOPE_ERRORS, spans on the translation whose penalty is their weight
 *   (the severity attribute's option weights); ALIGNMENT and the post-edit are not read.
 * Labels the variant adds are named: an error category beyond the paper's five gets its own
 * row/column (computed like the five, lib/reports/analyses/paper/paper-tables.ts); an MMTE option beyond
 * the paper's labels gets its own entry in figures 3 and 5 (score-tables.ts), with a note. Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { findNamedAnalysis } from "@/lib/schemes/language/named-analyses";
import { METAHOPE_CATEGORY_ORDER } from "@/lib/scoring/metahope-scores";
import { EMOTION_LABELS, EQUIVALENCE_LITERAL_LABELS, EQUIVALENCE_METAPHORICAL_LABELS } from "@/lib/schemes/presets/paper-codes";
import { MMTE_AGREEMENT_FIELDS, type TMmteAgreementField } from "./mmte-agreement-fields";

export const PAPER_ANALYSES = ["mmte.table3", "mmte.figures3-5", "metahope.tables3-6"] as const;
export type TPaperAnalysis = (typeof PAPER_ANALYSES)[number];

export interface TMissingField {
  field: string;
  /** why the analysis cannot read it: absent, or what it is instead */
  reason: string;
}

export interface TPaperAnalysisBinding {
  name: TPaperAnalysis;
  title: string;
  /** computed: every field it needs is there with a kind it reads */
  bound: boolean;
  missing: TMissingField[];
  /** what the variant adds that the paper has not (extra labels), in words */
  notes: string[];
  /** MetaHOPE: the error categories beyond the paper's five, in the field's label order */
  extraCategories?: string[];
}

const SCALE_FIELDS = new Set(["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "AUTHENTICITY"]);
const MRW_FIELDS = new Set(["AUTHENTICITY", "EQUIVALENCE", "EMOTION"]);
const PAPER_LABELS: Record<string, readonly string[]> = {
  EQUIVALENCE: [...EQUIVALENCE_METAPHORICAL_LABELS, ...EQUIVALENCE_LITERAL_LABELS],
  EMOTION: EMOTION_LABELS,
};

export function isPaperAnalysis(name: string): name is TPaperAnalysis {
  return (PAPER_ANALYSES as readonly string[]).includes(name);
}

/** Why `f` (one alternative of the field) is not what `id` must be for the MMTE code; null when it is. */
export function mmteMismatch(id: string, f: TSchemeField): string | null {
  const scope = MRW_FIELDS.has(id) ? "mrw-translation" : "translation";
  if (f.scope !== scope) return `is per ${typeof f.scope === "string" ? f.scope : "role"}, the table reads it per ${scope}`;
  if (SCALE_FIELDS.has(id)) {
    if (f.kind !== "scale") return `is a ${f.kind} field, the table reads a 1–5 scale`;
    if (f.min !== 1 || f.max !== 5) return `is a ${f.min}–${f.max} scale, the table reads 1–5`;
    return null;
  }
  if (f.kind !== "choice") return `is a ${f.kind} field, the table reads a choice of ${id === "EMOTION" ? "emotion" : "equivalence"} labels`;
  return null;
}

/** The MMTE options of a choice field that the paper has not: their values are left out of the figures. */
function extraOptions(id: string, alternatives: TSchemeField[]): string[] {
  const known = PAPER_LABELS[id];
  if (!known) return [];
  const out: string[] = [];
  for (const f of alternatives) {
    if (f.kind !== "choice") continue;
    for (const o of f.options ?? []) if (!known.includes(String(o.value)) && !out.includes(String(o.value))) out.push(String(o.value));
  }
  return out;
}

function bindMmte(name: TPaperAnalysis, def: TSchemeDefinition, needs: readonly string[]): Omit<TPaperAnalysisBinding, "name" | "title"> {
  const missing: TMissingField[] = [];
  const notes: string[] = [];
  for (const id of needs) {
    const alternatives = def.fields.filter((f) => f.id === id);
    if (alternatives.length === 0) {
      missing.push({ field: id, reason: "the scheme has no such field" });
      continue;
    }
    const why = alternatives.map((f) => mmteMismatch(id, f)).find((w) => w !== null);
    if (why) {
      missing.push({ field: id, reason: why });
      continue;
    }
    const extra = extraOptions(id, alternatives);
    // table 3 reads EQUIVALENCE only for "every metaphorical MRW FULL": another label is simply not FULL
    if (extra.length && name === "mmte.figures3-5") notes.push(`${id} option${extra.length > 1 ? "s" : ""} ${extra.join(", ")} beyond the paper's labels: ${extra.length > 1 ? "each has its own entry" : "an entry of its own"} in figures 3 and 5, after the paper's.`);
  }
  return { bound: missing.length === 0, missing, notes };
}

function bindMetahope(def: TSchemeDefinition): Omit<TPaperAnalysisBinding, "name" | "title"> {
  const f = def.fields.find((x) => x.id === "METAHOPE_ERRORS");
  const fail = (reason: string) => ({ bound: false, missing: [{ field: "METAHOPE_ERRORS", reason }], notes: [] });
  if (!f) return fail("the scheme has no such field");
  if (f.kind !== "spans") return fail(`is a ${f.kind} field, the tables read error spans`);
  if (f.scope !== "translation") return fail(`is per ${typeof f.scope === "string" ? f.scope : "role"}, the tables read spans on each translation`);
  const weighted = f.attributes.some((a) => a.options.some((o) => typeof o.weight === "number")) || f.labels.some((l) => typeof l.weight === "number") || (f.weights ?? []).length > 0;
  if (!weighted) return fail("has no penalty on its spans (no severity attribute with option weights)");
  const labels = f.labels.map((l) => String(l.value));
  const extraCategories = labels.filter((l) => !(METAHOPE_CATEGORY_ORDER as readonly string[]).includes(l));
  const absent = METAHOPE_CATEGORY_ORDER.filter((c) => !labels.includes(c));
  const notes = [
    ...(extraCategories.length ? [`Error categor${extraCategories.length > 1 ? "ies" : "y"} ${extraCategories.join(", ")} beyond the paper's five: shown in ${extraCategories.length > 1 ? "their own rows and columns" : "its own row and column"}, computed the same way; SEGS and the penalty sums stay over the paper's five categories, as published.`] : []),
    ...(absent.length ? [`The scheme has no label ${absent.join(", ")}: ${absent.length > 1 ? "those categories are" : "that category is"} 0 throughout.`] : []),
  ];
  return { bound: true, missing: [], notes, extraCategories };
}

/** The paper analyses the scheme lists, each bound to its fields or naming what is missing. */
export function bindPaperAnalyses(def: TSchemeDefinition): TPaperAnalysisBinding[] {
  const out: TPaperAnalysisBinding[] = [];
  for (const name of def.analyses) {
    if (!isPaperAnalysis(name)) continue;
    const entry = findNamedAnalysis(name)!;
    const b = name === "metahope.tables3-6" ? bindMetahope(def) : bindMmte(name, def, entry.fields);
    out.push({ name, title: entry.title, ...b });
  }
  return out;
}

/** One line per analysis that cannot be computed, naming the field: for the report's notes and the export. */
export function missingFieldNotes(bindings: readonly TPaperAnalysisBinding[]): string[] {
  return bindings
    .filter((b) => !b.bound)
    .map((b) => `${b.name} not computed: ${b.missing.map((m) => `field ${m.field} ${m.reason === "the scheme has no such field" ? "is missing from the scheme" : m.reason}`).join("; ")}.`);
}

/**
 * The MMTE fields the dashboard's MMTE agreement, field detail and rating distributions read
 * (agreement-figures.ts, mmte-ratings.ts: MMTE_AGREEMENT_FIELDS), that this scheme has with the kind,
 * scope and scale that code understands, in MMTE's order; none when the scheme lists no MMTE paper
 * analysis (a lead's own scheme with a field called FLUENCY is not MMTE).
 */
export function mmteAgreementFieldsOf(def: TSchemeDefinition): TMmteAgreementField[] {
  if (!def.analyses.some((a) => a.startsWith("mmte.") && isPaperAnalysis(a))) return [];
  return MMTE_AGREEMENT_FIELDS.filter((id) => {
    const alternatives = def.fields.filter((f) => f.id === id);
    return alternatives.length > 0 && alternatives.every((f) => mmteMismatch(id, f) === null);
  });
}
