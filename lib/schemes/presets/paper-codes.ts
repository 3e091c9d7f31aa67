/**
 * The codes the papers' analyses are written against, as TypeScript literal lists: MMTE's Likert
 * scale, equivalence and emotion labels and post-edit kinds (Wang et al. 2024, §3.2, app. B), and
 * MetaHOPE's error categories, penalties and realisation patterns (Liang & Han 2026, §3, §4.2).
 * The presets (mmte.json, metahope.json) are what a project runs; these lists are what the paper
 * tables (lib/reports/analyses/paper, lib/scoring) count against, so this module refuses to load
 * when a preset and a list disagree (same values, same order): a preset edit that renames a paper
 * code fails at start-up instead of silently emptying a paper table. A project's own variant of
 * a preset (an extra label) is the analyses' business (they add its labels after the paper's).
 *
 * Pure: no database or framework imports.
 */
import type { MetahopeCategory, MetahopeSeverity, RealisationPattern } from "@/lib/import/types";
import type { TSchemeField } from "../language/scheme-field";
import { MMTE_PRESET } from "./mmte";

/** MMTE app. B.1 / B.4: the 5-point Likert scale of the quality dimensions and authenticity. */
export const LIKERT_VALUES = [1, 2, 3, 4, 5] as const;
export type TLikert = (typeof LIKERT_VALUES)[number];

/** MMTE §3.2, table 2: equivalence of a metaphorical source MRW's translation (digit keys 1–5 in this order). */
export const EQUIVALENCE_METAPHORICAL_LABELS = ["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR"] as const;
export type TEquivalenceMetaphoricalLabel = (typeof EQUIVALENCE_METAPHORICAL_LABELS)[number];
/** MMTE app. B.2: equivalence of a literal source MRW's translation. */
export const EQUIVALENCE_LITERAL_LABELS = ["LITERAL", "METAPHORICAL", "ERROR"] as const;
export type TEquivalenceLiteralLabel = (typeof EQUIVALENCE_LITERAL_LABELS)[number];
export type TEquivalenceLabel = TEquivalenceMetaphoricalLabel | TEquivalenceLiteralLabel;

/** MMTE §3.2, app. B.3: the emotion a translation conveys against the source. */
export const EMOTION_LABELS = ["ZERO", "LESS", "SAME", "MORE"] as const;
export type TEmotionLabel = (typeof EMOTION_LABELS)[number];

/** MMTE app. B.5: the two post-edits (the edit fields' variants). */
export const POST_EDIT_KINDS = ["figurative", "literal"] as const;

/** MetaHOPE table 1, in its order. */
export const METAHOPE_CATEGORIES = ["IMP", "RAM", "MIS", "STL", "PRF"] as const satisfies readonly MetahopeCategory[];
export type TMetahopeCategory = MetahopeCategory;

/** MetaHOPE §3: minor … critical scored 2, 4, 6, 8, 10 (the severity attribute's option values). */
export const METAHOPE_PENALTIES = [2, 4, 6, 8, 10] as const satisfies readonly MetahopeSeverity[];
export type TMetahopeSeverity = MetahopeSeverity;

/** MetaHOPE §4.2, figure 4: how an MRW is realised in the translation (the alignment's patterns). */
export const REALISATION_PATTERNS = ["DIRECT", "PARAPHRASE", "DISTRIBUTED", "IMPLICIT", "PARTIAL", "OMISSION"] as const satisfies readonly RealisationPattern[];

/** MetaHOPE's post-edit: one reference translation per annotator and sentence (its edit field's variant). */
export const METAHOPE_POST_EDIT_KINDS = ["reference"] as const;

// ---------------------------------------------------------------------------
// The presets must say the same
// ---------------------------------------------------------------------------

function same(what: string, fromPreset: readonly unknown[], paper: readonly unknown[]) {
  if (fromPreset.length !== paper.length || fromPreset.some((c, i) => c !== paper[i])) {
    throw new Error(`paper codes: the preset's ${what} (${fromPreset.join(", ")}) differ from the paper's (${paper.join(", ")})`);
  }
}

const alternatives = (fields: readonly TSchemeField[], id: string) => fields.filter((f) => f.id === id);
const optionValues = (f: TSchemeField | undefined) => (f && f.kind === "choice" ? (f.options ?? []).map((o) => o.value) : []);
/** The alternative of a field shown for metaphorical source MRWs (MMTE's EQUIVALENCE has one per metaphoricity). */
export const isMetaphoricalAlternative = (f: TSchemeField) => !!f.when && "item" in f.when && f.when.item === "metaphorical" && f.when.in.includes(true);

const equivalence = alternatives(MMTE_PRESET.fields, "EQUIVALENCE");
same("metaphorical equivalence labels", optionValues(equivalence.find(isMetaphoricalAlternative)), EQUIVALENCE_METAPHORICAL_LABELS);
same("literal equivalence labels", optionValues(equivalence.find((f) => !isMetaphoricalAlternative(f))), EQUIVALENCE_LITERAL_LABELS);
same("emotion labels", optionValues(alternatives(MMTE_PRESET.fields, "EMOTION")[0]), EMOTION_LABELS);
for (const id of ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "AUTHENTICITY"]) {
  const f = alternatives(MMTE_PRESET.fields, id)[0];
  same(`${id} scale`, f?.kind === "scale" ? [f.min, f.max, f.step] : [], [LIKERT_VALUES[0], LIKERT_VALUES[LIKERT_VALUES.length - 1], 1]);
}
// MetaHOPE's categories, penalties, patterns and post-edit kinds: built-in-codes.ts holds them against the preset
