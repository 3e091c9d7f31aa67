/**
 * The `sentence` cell of the VUAMC MetaHOPE sheets is not always just the
 * sentence: annotator A sometimes appended the real sentence after ` => `, or a
 * note in parentheses after the final punctuation ("… by next year. (feel
 * bullish)"), and some cells hold the sentence with its words shuffled (rebuilt
 * from an unordered token list). These helpers separate the sentence from such
 * notes and classify how it differs from the original, so the importer can warn
 * without altering the sentence itself.
 */

export interface SourceCellParts {
  /** the sentence as the sheet gives it (the part the MRW mark sits in) */
  sentence: string;
  /** text the annotator appended, without the ` => ` or the parentheses */
  note?: string;
  noteKind?: "arrow" | "parenthesis";
}

const TRAILING_PAREN = /^([\s\S]*?[.!?"”’'])\s+\(([^()]*)\)\s*$/u;

export function splitSourceCell(text: string): SourceCellParts {
  const arrow = text.indexOf("=>");
  if (arrow >= 0) {
    return { sentence: text.slice(0, arrow).trimEnd(), note: text.slice(arrow + 2).trim(), noteKind: "arrow" };
  }
  const m = TRAILING_PAREN.exec(text);
  if (m) return { sentence: m[1], note: m[2].trim(), noteKind: "parenthesis" };
  return { sentence: text };
}

/** Lower-cased word tokens; `set+up` counts as `set up`. */
export function wordTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\+/g, " ")
    .split(/[^\p{L}\p{N}'’-]+/u)
    .map((t) => t.replace(/^['’-]+|['’-]+$/g, ""))
    .filter((t) => t.length > 0);
}

export type SentenceComparison = "same-words-same-order" | "shuffled" | "different";

/** How the sheet's sentence relates to the original the annotator gave after `=>`. */
export function compareWithOriginal(sentence: string, original: string): SentenceComparison {
  // the original may carry its own "(note)", e.g. "… the Whitehall machinery (throws a spanner)"
  const orig = original.replace(/\s*\([^()]*\)\s*$/u, "");
  const a = wordTokens(sentence);
  const b = wordTokens(orig);
  if (a.join(" ") === b.join(" ")) return "same-words-same-order";
  if ([...a].sort().join(" ") === [...b].sort().join(" ")) return "shuffled";
  return "different";
}
