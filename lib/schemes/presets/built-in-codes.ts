/**
 * The codes the built-in runtime keeps in its own tables, read from the presets' definitions
 * (issue 14, "the enums become data"). Until migration 20261126010000_enums_as_text they were
 * PostgreSQL enums; now they are text, and this module is what checks them where they are
 * written (the workspace's error spans and post-edits, imports, gold references, restores):
 *
 * - ErrorSpan.category: a label value of MetaHOPE's METAHOPE_ERRORS spans field (IMP … PRF);
 * - ErrorSpan.severity: the severity attribute's option label in capitals (MINOR … CRITICAL),
 *   whose option value is the penalty (2 … 10);
 * - Alignment.pattern: a pattern value of MetaHOPE's ALIGNMENT field (DIRECT … OMISSION);
 * - PostEdit.kind and GoldReference.kind: the variant of an MMTE or MetaHOPE edit field in
 *   capitals (FIGURATIVE, LITERAL; REFERENCE, MetaHOPE's post-edit, issue 19).
 *
 * These are exactly the former enums' strings, so no stored value changed; built-in-codes.test.ts
 * holds them against the enums of the init migration (REFERENCE came after them, as text). The TypeScript literal types of the codes
 * stay those of paper-codes.ts (the paper tables are written against them); `codes()`
 * refuses to load when the definition and those constants disagree, so a preset edit that renames
 * a code fails at start-up instead of storing values the tables do not know.
 *
 * Pure: no database or framework imports.
 */
import { z } from "zod";
import type { TSchemeField } from "../language/scheme-field";
import { METAHOPE_CATEGORIES, METAHOPE_PENALTIES, METAHOPE_POST_EDIT_KINDS, POST_EDIT_KINDS, REALISATION_PATTERNS, type TMetahopeSeverity } from "./paper-codes";
import { METAHOPE_PRESET } from "./metahope";
import { MMTE_PRESET } from "./mmte";
import { EDIT_KINDS } from "../edit-kinds";

type TFieldOfKind<K extends TSchemeField["kind"]> = Extract<TSchemeField, { kind: K }>;

function presetField<K extends TSchemeField["kind"]>(fields: readonly TSchemeField[], id: string, kind: K): TFieldOfKind<K> {
  const f = fields.find((x) => x.id === id);
  if (!f || f.kind !== kind) throw new Error(`built-in codes: the preset has no ${kind} field ${id}`);
  return f as TFieldOfKind<K>;
}

/** The definition's codes, typed as the constants they must equal (same values, same order). */
function codes<T extends string | number>(what: string, fromDefinition: readonly (string | number)[], typed: readonly T[]): readonly T[] {
  if (fromDefinition.length !== typed.length || fromDefinition.some((c, i) => c !== typed[i])) {
    throw new Error(`built-in codes: the preset's ${what} (${fromDefinition.join(", ")}) differ from the built-in runtime's (${typed.join(", ")})`);
  }
  return typed;
}

const errorsField = presetField(METAHOPE_PRESET.fields, "METAHOPE_ERRORS", "spans");
const severityAttribute = errorsField.attributes.find((a) => a.id === "severity");
if (!severityAttribute) throw new Error("built-in codes: METAHOPE_ERRORS has no severity attribute");
const alignmentField = presetField(METAHOPE_PRESET.fields, "ALIGNMENT", "alignment");

/** ErrorSpan.category values, in the preset's order. */
export const ERROR_CATEGORY_CODES = codes("error categories", errorsField.labels.map((l) => l.value), METAHOPE_CATEGORIES);

/** The penalties (the severity options' values), in the preset's order. */
export const PENALTY_CODES = codes("severity penalties", severityAttribute.options.map((o) => o.value), METAHOPE_PENALTIES);

/** ErrorSpan.severity by penalty: the option's label in capitals. */
export const SEVERITY_CODE_BY_PENALTY: ReadonlyMap<TMetahopeSeverity, string> = new Map(
  PENALTY_CODES.map((p) => {
    const o = severityAttribute.options.find((x) => x.value === p)!;
    return [p, String(o.label ?? o.value).toUpperCase()];
  }),
);

/** The penalty of a stored severity code. */
export const PENALTY_BY_SEVERITY_CODE: ReadonlyMap<string, TMetahopeSeverity> = new Map([...SEVERITY_CODE_BY_PENALTY].map(([p, c]) => [c, p]));

/** Alignment.pattern values, in the preset's order. */
export const REALISATION_PATTERN_CODES = codes("realisation patterns", alignmentField.patterns?.map((p) => p.value) ?? [], REALISATION_PATTERNS);

const editVariants = (fields: readonly TSchemeField[]) => fields.filter((f): f is TFieldOfKind<"edit"> => f.kind === "edit").map((f) => String(f.variant));

/** The MMTE and MetaHOPE edit fields' variants (figurative, literal; reference): what Tropos JSONL calls a post-edit's kind. */
export const POST_EDIT_VARIANT_CODES = codes("post-edit variants", [...editVariants(MMTE_PRESET.fields), ...editVariants(METAHOPE_PRESET.fields)], [...POST_EDIT_KINDS, ...METAHOPE_POST_EDIT_KINDS]);

/** PostEdit.kind and GoldReference.kind: the variants in capitals. */
export const EDIT_KIND_CODES = codes("post-edit kinds", POST_EDIT_VARIANT_CODES.map((v) => v.toUpperCase()), EDIT_KINDS);
export type TEditKindCode = (typeof EDIT_KIND_CODES)[number];

/** Zod enums over the definition's codes, for the boundaries that take them. */
export const ZPenalty = z.literal(PENALTY_CODES);
export const ZRealisationPatternCode = z.enum(REALISATION_PATTERN_CODES);
export const ZEditKindCode = z.enum(EDIT_KIND_CODES);
export const ZPostEditVariant = z.enum(POST_EDIT_VARIANT_CODES);

/** The severity code of a penalty; throws for a penalty the preset does not list (callers validate first). */
export function severityCodeOf(penalty: number): string {
  const c = SEVERITY_CODE_BY_PENALTY.get(penalty as TMetahopeSeverity);
  if (!c) throw new Error(`No MetaHOPE severity has the penalty ${penalty}; the preset lists ${[...SEVERITY_CODE_BY_PENALTY.keys()].join(", ")}.`);
  return c;
}

/** The penalty of a stored severity code; throws for a code the preset does not list (a row written around the checks). */
export function penaltyOf(code: string): TMetahopeSeverity {
  const p = PENALTY_BY_SEVERITY_CODE.get(code);
  if (p === undefined) throw new Error(`The stored severity "${code}" is not one of the MetaHOPE preset's (${[...PENALTY_BY_SEVERITY_CODE.keys()].join(", ")}).`);
  return p;
}

/** The columns holding built-in codes, and what each accepts (NULL only where a draft may leave it). */
export const BUILT_IN_CODE_COLUMNS = {
  ErrorSpan: { category: { codes: ERROR_CATEGORY_CODES as readonly string[], nullable: true }, severity: { codes: [...PENALTY_BY_SEVERITY_CODE.keys()], nullable: true } },
  Alignment: { pattern: { codes: REALISATION_PATTERN_CODES as readonly string[], nullable: false } },
  PostEdit: { kind: { codes: EDIT_KIND_CODES as readonly string[], nullable: false } },
  GoldReference: { kind: { codes: EDIT_KIND_CODES as readonly string[], nullable: false } },
} as const satisfies Record<string, Record<string, { codes: readonly string[]; nullable: boolean }>>;

/**
 * What is wrong with the codes of one row of `table` (a restored backup row, say), or null: each
 * coded column must hold one of its codes (or NULL where a draft may). Tables without codes pass.
 */
export function builtInCodeIssue(table: string, row: Record<string, unknown>): string | null {
  const columns = (BUILT_IN_CODE_COLUMNS as Record<string, Record<string, { codes: readonly string[]; nullable: boolean }>>)[table];
  if (!columns) return null;
  for (const [column, spec] of Object.entries(columns)) {
    const v = row[column];
    if ((v === null || v === undefined) && spec.nullable) continue;
    if (typeof v !== "string" || !spec.codes.includes(v)) return `${table}.${column}: ${JSON.stringify(v ?? null)} is not one of ${spec.codes.join(", ")}`;
  }
  return null;
}
