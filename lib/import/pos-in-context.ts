/**
 * The content class of a PSUCMC (ICTCLAS/PKU) tag whose class depends on the sentence: idioms
 * (`i`, 成语) and fixed expressions (`l`, 习用语). MetaHOPE §4.1.1: "Chinese-specific POS
 * categories in the original corpus annotation, such as vn (verb-noun) and i (idiom), were
 * further normalized into the broader categories used in this study (noun, verb, adjective and
 * adverb) … the classification was determined based on the contextual syntactic function of each
 * metaphorical expression within the sentence." The paper does not publish its decisions, so
 * Tropos reads the function off the words around the expression:
 *
 * 1. followed by 的 → ADJ (attributive or 是…的 predicative: 光辉灿烂的, 不大不小的);
 * 2. followed by 地 → ADV (adverbial: 欢歌笑语地跑);
 * 3. preceded by 的, a numeral or measure word (m, q), or an aspect particle after a verb
 *    (着, 了, 过) → NOUN (head of a noun phrase or object: 喜鹊的"深谋远虑", 一声晴天霹雷,
 *    放着轻车熟路不走);
 * 4. otherwise VERB: the expression is a predicate, the commonest function of Chinese idioms
 *    (不复存在, 顺流而下, 受不了这个打击). This is also the class without any context.
 *
 * Quote marks and brackets around the expression are looked through (＂孤军作战＂); other
 * punctuation ends the context. On the 14 idiom MRWs of PSUCMC_sequence.csv these rules give
 * 6 VERB, 3 NOUN, 2 ADJ, 1 ADV plus 2 predicative descriptive idioms (多种多样, 毕恭毕敬) that
 * a linguist would call ADJ and the rules call VERB: both are active either way.
 *
 * `vn` needs no context: the PKU tagger gives vn only where a verb works as a noun in that
 * sentence (subject, object, after 的, modifying a noun), so the tag already is the contextual
 * decision and it normalises to NOUN (lib/import/normalise-pos.ts, which calls this for i and l
 * and keeps every other tag's context-free class).
 *
 * Pure. Where the data gives the neighbouring words with their tags (the sequence conversion),
 * they are used; where it gives only the sentence (the word-row files, the workbooks), the
 * neighbouring characters stand in for the words (the three particles are one character).
 */
import type { NormalisedPos } from "@/lib/import/types";

/** The words (or characters) next to the expression, nearest first, with their tags when known. */
export interface TPosContext {
  before?: readonly { text: string; tag?: string }[];
  after?: readonly { text: string; tag?: string }[];
}

/** Tags whose class comes from the sentence. */
export const CONTEXT_TAGS: ReadonlySet<string> = new Set(["i", "l"]);

const QUOTES = new Set([..."\"'＂＇“”‘’「」『』《》〈〉（）()【】"]);
const ASPECT = new Set(["着", "了", "过"]);

/** The nearest neighbour that is not a quote mark or bracket. */
function nearest(words: TPosContext["before"]): { text: string; tag?: string } | undefined {
  for (const w of words ?? []) {
    const t = w.text.trim();
    if (t === "" || [...t].every((c) => QUOTES.has(c))) continue;
    return { text: t, tag: w.tag };
  }
  return undefined;
}

/** The class of an `i` or `l` expression in its sentence (rules above); undefined for any other tag. */
export function classInContext(raw: string, context: TPosContext = {}): NormalisedPos | undefined {
  if (!CONTEXT_TAGS.has(raw.trim())) return undefined;
  const next = nearest(context.after);
  const prev = nearest(context.before);
  if (next?.text === "的") return "ADJ";
  if (next?.text === "地") return "ADV";
  if (prev && (prev.text === "的" || ASPECT.has(prev.text) || prev.tag === "m" || prev.tag === "q")) return "NOUN";
  return "VERB";
}

/** The characters around [start, end) of a sentence as one-character "words", nearest first (word-row files). */
export function characterContext(sentence: string, start: number, end: number, width = 4): TPosContext {
  const before = [...sentence.slice(Math.max(0, start - width), start)].reverse().map((text) => ({ text }));
  const after = [...sentence.slice(end, end + width)].map((text) => ({ text }));
  return { before, after };
}

/** The tokens around token k, nearest first, with their tags (the sequence conversion). */
export function tokenContext(tokens: readonly string[], tags: readonly string[], k: number, width = 4): TPosContext {
  const at = (i: number) => ({ text: tokens[i], tag: tags[i] || undefined });
  const before: { text: string; tag?: string }[] = [];
  for (let i = k - 1; i >= Math.max(0, k - width); i--) before.push(at(i));
  const after: { text: string; tag?: string }[] = [];
  for (let i = k + 1; i < Math.min(tokens.length, k + 1 + width); i++) after.push(at(i));
  return { before, after };
}
