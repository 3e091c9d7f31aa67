// How token tags are drawn (issue 16 point 3): an underline per tagged word in the tag's colour,
// and the gap before a continuing word (I-) underlined too, so a multi-word chunk is one unbroken
// line and two chunks side by side stay two lines. Shared by the tags field, the parallel
// versions panel and the adjudication grid, with one legend. Class names are literal so Tailwind
// keeps them.
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";

type TTagsField = Extract<TSchemeField, { kind: "tags" }>;

const COLOURS = ["decoration-amber-600", "decoration-rose-600", "decoration-emerald-600", "decoration-sky-600", "decoration-violet-600", "decoration-lime-600"] as const;
const SWATCH = ["bg-amber-600", "bg-rose-600", "bg-emerald-600", "bg-sky-600", "bg-violet-600", "bg-lime-600"] as const;
const LINE = "underline decoration-[3px] underline-offset-4";

/** The tag of a stored entry without its B-/I- prefix, and whether it continues a chunk. */
export function tagParts(field: TTagsField, t: unknown): { tag: string | null; continues: boolean } {
  if (t === null || t === undefined || t === "O") return { tag: null, continues: false };
  const s = String(t);
  if (!field.bio) return { tag: s, continues: false };
  return { tag: s.replace(/^[BI]-/, ""), continues: s.startsWith("I-") };
}

const colourIndex = (field: TTagsField, tag: string) => Math.max(0, field.tags.findIndex((x) => String(x.value) === tag)) % COLOURS.length;

/** Classes of a tagged token (empty for an untagged one). */
export function tokenTagClass(field: TTagsField, t: unknown): string {
  const { tag } = tagParts(field, t);
  return tag === null ? "" : `${LINE} ${COLOURS[colourIndex(field, tag)]}`;
}

/** Classes of the gap before token i: underlined when token i continues the chunk of token i-1. */
export function gapTagClass(field: TTagsField, tags: readonly unknown[] | null, i: number): string {
  if (!tags || i === 0) return "";
  const here = tagParts(field, tags[i]);
  const before = tagParts(field, tags[i - 1]);
  return here.continues && here.tag !== null && here.tag === before.tag ? `${LINE} ${COLOURS[colourIndex(field, here.tag)]}` : "";
}

export function tagSwatch(field: TTagsField, tag: string): string {
  return SWATCH[colourIndex(field, tag)];
}
