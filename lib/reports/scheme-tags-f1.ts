/**
 * Precision, recall and F1 of each annotator's token tags against the item's gold tags (issue 16
 * point 4, as the metaphor-detection shared tasks report them), for BIO `tags` fields with gold:
 * - `label: "token"`: a token is positive when its tag is not O (B- or I-); TP, FP and FN are
 *   counted over every token of the sentences the annotator tagged;
 * - `label: "span"`: a span is a B- tag with the I- tags that follow it; a span counts as found
 *   only when the gold has the same span (same first and last token).
 * Values are shares 0–1; `n` is the number of tokens or gold spans. A sentence whose tag sequence
 * does not have the gold's length is left out. Pooled over systems (tags are on the source), and
 * per language (`language`) when the items are in several. Pure.
 */
import type { TAgreementFigure } from "./agreement-figure";
import { POOLED_SYSTEM, type TSchemeValueRow } from "./scheme-agreement";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

const segmentOf = (unit: string) => unit.slice(0, unit.indexOf("|"));

/** [first, last] token of every B…I chunk. */
export function bioSpans(tags: readonly string[]): string[] {
  const out: string[] = [];
  let start = -1;
  const close = (end: number) => {
    if (start >= 0) out.push(`${start}-${end}`);
    start = -1;
  };
  tags.forEach((t, i) => {
    if (t.startsWith("B-")) {
      close(i - 1);
      start = i;
    } else if (t.startsWith("I-")) {
      if (start < 0) start = i;
    } else close(i - 1);
  });
  close(tags.length - 1);
  return out;
}

export interface TCounts {
  tp: number;
  fp: number;
  fn: number;
  n: number;
}

export const emptyCounts = (): TCounts => ({ tp: 0, fp: 0, fn: 0, n: 0 });

/** Adds one sentence's token counts (a tag other than O is positive) and span counts (same first and last token) to `token` and `span`. */
export function countTags(mineIn: readonly unknown[], refIn: readonly unknown[], token: TCounts, span: TCounts): void {
  const mine = mineIn.map((t) => (typeof t === "string" ? t : "O"));
  const ref = refIn.map((t) => (typeof t === "string" ? t : "O"));
  mine.forEach((t, i) => {
    const a = t !== "O";
    const b = ref[i] !== "O";
    if (a && b) token.tp++;
    else if (a) token.fp++;
    else if (b) token.fn++;
    token.n++;
  });
  const ms = new Set(bioSpans(mine));
  const gs = new Set(bioSpans(ref));
  for (const s of ms) if (gs.has(s)) span.tp++;
  else span.fp++;
  for (const s of gs) if (!ms.has(s)) span.fn++;
  span.n += gs.size;
}

export const prf = (c: TCounts) => {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : null;
  const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : null;
  const f = p !== null && r !== null && p + r > 0 ? (2 * p * r) / (p + r) : p === 0 || r === 0 ? 0 : null;
  return { precision: p, recall: r, f1: f };
};

export function schemeTagsF1Figures(scheme: TSchemeDefinition, rows: readonly TSchemeValueRow[], goldBySegment: ReadonlyMap<string, ReadonlyMap<string, unknown>>): TAgreementFigure[] {
  const out: TAgreementFigure[] = [];
  for (const field of scheme.fields) {
    if (field.kind !== "tags" || field.gold?.from !== "item" || out.some((f) => f.field === field.id)) continue;
    const gold = goldBySegment.get(field.id);
    if (!gold) continue;
    // annotator → language ("" = every language) → counts
    const token = new Map<string, Map<string, TCounts>>();
    const span = new Map<string, Map<string, TCounts>>();
    const languages = new Set<string>();
    const at = (m: Map<string, Map<string, TCounts>>, annotator: string, language: string) => {
      let byLang = m.get(annotator);
      if (!byLang) m.set(annotator, (byLang = new Map()));
      let c = byLang.get(language);
      if (!c) byLang.set(language, (c = emptyCounts()));
      return c;
    };
    for (const r of rows) {
      if (r.field !== field.id || !Array.isArray(r.value)) continue;
      const g = gold.get(segmentOf(r.unit));
      if (!Array.isArray(g) || g.length !== r.value.length) continue;
      if (r.language) languages.add(r.language);
      for (const language of r.language ? ["", r.language] : [""]) countTags(r.value, g, at(token, r.annotator, language), at(span, r.annotator, language));
    }
    // per language too when the items are in several (as the agreement figures)
    const perLanguage = languages.size > 1 ? ["", ...[...languages].sort()] : [""];
    for (const language of perLanguage) {
      for (const [label, counts] of [["token", token], ["span", span]] as const) {
        for (const annotator of [...counts.keys()].sort()) {
          const c = counts.get(annotator)!.get(language);
          if (!c) continue;
          const v = prf(c);
          for (const statistic of ["precision", "recall", "f1"] as const) {
            out.push({ scheme: scheme.id, system: POOLED_SYSTEM, field: field.id, statistic, label, ...(language ? { language } : {}), annotator, value: v[statistic], n: c.n, raters: 1 });
          }
        }
      }
    }
  }
  return out;
}
