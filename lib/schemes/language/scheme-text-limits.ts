/**
 * Size and nesting limits on a scheme's text, checked before any parser sees it. The YAML parser
 * (which also reads JSON schemes, for positions) builds a tree node per nesting level and walks it
 * recursively: 499,000 nested `[` sent to the scheme editor's save action ran the server out of
 * memory and killed it. So the text is first scanned with the YAML lexer, which is a linear state
 * machine that holds one token at a time, and refused at the first token nested deeper than
 * SCHEME_MAX_DEPTH, naming its line and column. A real scheme nests about eight levels
 * (fields → options → labels → …); 64 leaves ample room.
 */
import { CST, Lexer } from "yaml";
import type { TSchemeError } from "./parse-scheme-text";

/** The longest scheme text, in characters (the editor's save action and the CLI refuse longer). */
export const SCHEME_MAX_CHARS = 1_000_000;
/** The deepest nesting of collections (block or flow, JSON or YAML). */
export const SCHEME_MAX_DEPTH = 64;

// tokens the lexer inserts that are not part of the text: they take no column
const SYNTHETIC = new Set<string>([CST.DOCUMENT, CST.SCALAR, CST.FLOW_END]);
const NOT_CONTENT = new Set(["space", "newline", "comment"]);

/** The first limit the text breaks, or null. Linear in the text; stops at the first violation. */
export function schemeTextLimitError(text: string, maxDepth = SCHEME_MAX_DEPTH, maxChars = SCHEME_MAX_CHARS): TSchemeError | null {
  if (text.length > maxChars) return { path: null, message: `the scheme is longer than ${maxChars.toLocaleString("en")} characters` };
  const offset = deepestOffset(text, maxDepth);
  if (offset === null) return null;
  const before = text.slice(0, offset).split("\n");
  return { path: null, message: `nested deeper than ${maxDepth} levels`, line: before.length, column: before[before.length - 1].length + 1 };
}

/**
 * Where nesting first passes `maxDepth`, or null. Depth = open flow collections (`[`, `{`) plus
 * open block collections, the latter counted as a stack of indentation columns: a node that starts
 * a line, or follows a `- ` or `? ` indicator, at a column right of the innermost open one opens a
 * level; one left of it closes levels. Quoted and block scalars are single tokens to the lexer, so
 * brackets inside text never count.
 */
function deepestOffset(text: string, maxDepth: number): number | null {
  let pos = 0;
  let lineStart = 0;
  let flow = 0;
  const block: number[] = [];
  let startsNode = true; // the next content token starts a line or follows `- ` / `? `
  for (const token of new Lexer().lex(text)) {
    if (SYNTHETIC.has(token)) continue;
    const at = pos;
    pos += token.length;
    const newline = token.lastIndexOf("\n");
    const type = CST.tokenType(token);
    if (type === "newline") {
      lineStart = pos;
      startsNode = true;
      continue;
    }
    if (type !== null && NOT_CONTENT.has(type)) {
      // a block scalar's content also comes as one token starting with spaces: it ends its line
      if (newline >= 0) {
        lineStart = at + newline + 1;
        startsNode = true;
      }
      continue;
    }
    if (type === "flow-seq-start" || type === "flow-map-start") {
      // a flow collection is one level, counted by `flow`: it only closes the block levels right of it
      if (flow === 0 && startsNode) blockAt(block, at - lineStart, false);
      flow++;
    } else if (type === "flow-seq-end" || type === "flow-map-end") {
      flow = Math.max(0, flow - 1);
    } else if (flow === 0 && startsNode) {
      blockAt(block, at - lineStart, true);
    }
    if (flow + block.length > maxDepth) return at;
    startsNode = flow === 0 && (type === "seq-item-ind" || type === "explicit-key-ind");
    if (newline >= 0) {
      // a multi-line scalar: what follows is on its last line
      lineStart = at + newline + 1;
    }
  }
  return null;
}

/** A node at `column` closes the block levels right of it and, if `opens`, opens one further right. */
function blockAt(stack: number[], column: number, opens: boolean): void {
  while (stack.length > 0 && stack[stack.length - 1] > column) stack.pop();
  if (opens && (stack.length === 0 || stack[stack.length - 1] < column)) stack.push(column);
}
