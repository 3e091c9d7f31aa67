import type { NormalisedPos } from "@/lib/import/types";
import { classInContext, type TPosContext } from "@/lib/import/pos-in-context";

/**
 * Maps raw part-of-speech tags from the tagsets found in the corpora to the
 * four content classes of SPEC §2 (NOUN, VERB, ADJ, ADV) or OTHER.
 * The raw tag is always kept by the caller (`rawPos`).
 *
 * Tagsets (detected from the tag itself; Chinese tags are lower case, the
 * others upper case, so they do not clash):
 * - Universal POS: NOUN, PROPN → NOUN; VERB, AUX → VERB; ADJ; ADV.
 * - VUAMC `wordcat` (BNC simplified): N, V, AJ, AV; compounds such as
 *   `V + AV` take their first part (the head of a phrasal verb).
 * - BNC CLAWS5 (`postype`): NN0/NN1/NN2/NP0 → NOUN; VV*, VB*, VD*, VH*, VM0 → VERB;
 *   AJ0/AJC/AJS → ADJ; AV0/AVP/AVQ → ADV; ambiguity tags `NN1-VVB` → first.
 * - Penn Treebank: NN* → NOUN, VB* → VERB, JJ* → ADJ, RB/RBR/RBS → ADV
 *   (MD, WRB, RP → OTHER).
 * - PSUCMC / ICTCLAS (PKU) Chinese tags: n, nr, ns, nt, nz, nx, ng, t, tg, s, vn → NOUN;
 *   v, vd, vg → VERB; a, an, ad, ag, b, z → ADJ; d, dg → ADV; idioms and fixed expressions
 *   (i, l) → their function in the sentence (lib/import/pos-in-context.ts), VERB without one;
 *   everything else (r, m, q, p, c, u, w, ew, f, j, e, y, o, k, …) → OTHER. This is MetaHOPE
 *   §4.1.1's normalisation of the "Chinese-specific POS categories … such as vn (verb-noun) and
 *   i (idiom)" into the four classes, so PSUCMC's idiom MRWs enter the analysis by default:
 *   vn is NOUN because the PKU tagger gives it only where a verb works as a noun in its sentence
 *   (after 的, as subject or object, modifying a noun: of the 691 vn words in
 *   PSUCMC_sequence.csv 196 follow 的 and one is followed by an aspect particle 了/着/过).
 * - Spelled-out names (noun, verb, adjective, adverb) in any case.
 */
export const CONTENT_POS: readonly NormalisedPos[] = ["NOUN", "VERB", "ADJ", "ADV"];

const UPPER: Record<string, NormalisedPos> = {
  // Universal POS
  NOUN: "NOUN",
  PROPN: "NOUN",
  VERB: "VERB",
  AUX: "VERB",
  ADJ: "ADJ",
  ADV: "ADV",
  // VUAMC wordcat / one-letter
  N: "NOUN",
  V: "VERB",
  AJ: "ADJ",
  AV: "ADV",
  A: "ADJ",
  ADJECTIVE: "ADJ",
  ADVERB: "ADV",
  // Penn
  NN: "NOUN",
  NNS: "NOUN",
  NNP: "NOUN",
  NNPS: "NOUN",
  VB: "VERB",
  VBD: "VERB",
  VBG: "VERB",
  VBN: "VERB",
  VBP: "VERB",
  VBZ: "VERB",
  JJ: "ADJ",
  JJR: "ADJ",
  JJS: "ADJ",
  RB: "ADV",
  RBR: "ADV",
  RBS: "ADV",
  // CLAWS5
  NN0: "NOUN",
  NN1: "NOUN",
  NN2: "NOUN",
  NP0: "NOUN",
  VM0: "VERB",
  AJ0: "ADJ",
  AJC: "ADJ",
  AJS: "ADJ",
  AV0: "ADV",
  AVP: "ADV",
  AVQ: "ADV",
};

const CHINESE: Record<string, NormalisedPos> = {
  n: "NOUN",
  nr: "NOUN",
  ns: "NOUN",
  nt: "NOUN",
  nz: "NOUN",
  nx: "NOUN",
  ng: "NOUN",
  t: "NOUN",
  tg: "NOUN",
  s: "NOUN",
  vn: "NOUN",
  v: "VERB",
  vd: "VERB",
  vg: "VERB",
  a: "ADJ",
  an: "ADJ",
  ad: "ADJ",
  ag: "ADJ",
  b: "ADJ",
  z: "ADJ",
  d: "ADV",
  dg: "ADV",
  // without their sentence: a predicate (pos-in-context.ts)
  i: "VERB",
  l: "VERB",
};

export function normalisePos(raw: string | undefined | null): NormalisedPos {
  if (raw === undefined || raw === null) return "OTHER";
  let tag = raw.trim();
  if (tag === "" || tag === "-") return "OTHER";
  // compound wordcat (`V + AV`) or CLAWS ambiguity tag (`NN1-VVB`): the first part decides
  const plus = tag.indexOf("+");
  if (plus > 0) tag = tag.slice(0, plus).trim();
  if (/^[A-Z0-9]{3}-[A-Z0-9]{3}$/.test(tag)) tag = tag.slice(0, 3);
  if (Object.prototype.hasOwnProperty.call(CHINESE, tag)) return CHINESE[tag];
  const up = tag.toUpperCase();
  // unknown one- or two-letter lower-case tags are Chinese (w, ew, u, …), not Penn/UD
  const chineseLike = tag.length <= 2 && tag === tag.toLowerCase();
  if (!chineseLike && Object.prototype.hasOwnProperty.call(UPPER, up)) return UPPER[up];
  // CLAWS verb families: VV?, VB?, VD?, VH?
  if (/^V[VBDH][BDGINZ0]$/.test(up)) return "VERB";
  return "OTHER";
}

export interface PosOptions {
  /** Which normalised classes are "active" (enter the analysis). Default: NOUN, VERB, ADJ, ADV. */
  activePos?: readonly NormalisedPos[];
}

/**
 * Normalised POS plus the active flag. When the file gives no POS at all
 * (CoNLL, M_-marked text) the word cannot be filtered, so it is active:
 * dropping every MRW of a corpus without POS would be worse than keeping them.
 * `context`: the words around this occurrence, for the tags whose class depends on the
 * sentence (idioms); each MRW is normalised in its own sentence, never per word form.
 */
export function posInfo(raw: string | undefined, options: PosOptions = {}, context?: TPosContext): { pos: NormalisedPos; rawPos?: string; active: boolean } {
  const active = options.activePos ?? CONTENT_POS;
  if (raw === undefined || raw.trim() === "" || raw.trim() === "-") return { pos: "OTHER", active: true };
  const pos = (context && classInContext(raw, context)) ?? normalisePos(raw);
  return { pos, rawPos: raw, active: active.includes(pos) };
}
