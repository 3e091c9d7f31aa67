/**
 * The inline part of guidelines Markdown (components/schemes/markdown.tsx renders the result):
 * **bold** / __bold__, *italic* / _italic_, `code` and [links](https://…); anything else is text.
 *
 * One left-to-right pass, linear in the text. The renderer used to split on one regular expression
 * whose alternatives each scan ahead for their closing mark (`\[[^\]]+\]\(…`): on text with many
 * openers and no closers each position rescanned the rest, so 60,000 characters of `[` blocked the
 * server 2.2 s per page view (quadratic). Here the position of the next `*`, `_`, `` ` ``, `]`, `)`
 * and whitespace after every index is computed once, from the right, and each opener looks its
 * closer up in that table. The grammar is the expression's, alternative by alternative, in its
 * order: at each index the first that matches wins, and scanning resumes after the match.
 */

export type TInline =
  | { kind: "text"; text: string }
  | { kind: "strong" | "em" | "code"; text: string }
  /** `href` as written; the renderer decides whether it is a link it may follow */
  | { kind: "link"; label: string; href: string; source: string };

const MARKS = ["*", "_", "`", "]", ")"] as const;
type TMark = (typeof MARKS)[number];

/** next[m][i] = the smallest index ≥ i holding `m` (or whitespace for "space"), n when none. */
function nextTables(text: string): Record<TMark | "space", Int32Array> {
  const n = text.length;
  const tables = Object.fromEntries([...MARKS, "space"].map((m) => [m, new Int32Array(n + 1).fill(n)])) as Record<TMark | "space", Int32Array>;
  for (let i = n - 1; i >= 0; i--) {
    const c = text[i];
    for (const m of MARKS) tables[m][i] = c === m ? i : tables[m][i + 1];
    tables.space[i] = /\s/.test(c) ? i : tables.space[i + 1];
  }
  return tables;
}

export function parseInlineMarkdown(text: string): TInline[] {
  const n = text.length;
  const next = nextTables(text);
  const out: TInline[] = [];
  let textStart = 0;

  /** the end (exclusive) of the token starting at i, and its kind; null when none starts there */
  function tokenAt(i: number): { end: number; kind: "strong" | "em" | "code" | "link" } | null {
    const c = text[i];
    const c1 = text[i + 1];
    if (c === "*" || c === "_") {
      // **x** / __x__: at least one character without the mark, then the mark twice
      if (c1 === c) {
        const j = next[c][i + 2];
        if (j > i + 2 && j + 1 < n && text[j + 1] === c) return { end: j + 2, kind: "strong" };
      }
      // *x* / _x_: a first character that is neither the mark nor whitespace, then up to the next mark
      if (c1 !== undefined && c1 !== c && !/\s/.test(c1)) {
        const j = next[c][i + 1];
        if (j < n) return { end: j + 1, kind: "em" };
      }
      return null;
    }
    if (c === "`") {
      const j = next["`"][i + 1];
      return j > i + 1 && j < n ? { end: j + 1, kind: "code" } : null;
    }
    if (c === "[") {
      // [label](href): a label without `]`, then `(`, an href without `)` or whitespace, `)`
      const j = next["]"][i + 1];
      if (j <= i + 1 || j + 1 >= n || text[j + 1] !== "(") return null;
      const k = next[")"][j + 2];
      if (k <= j + 2 || k >= n || next.space[j + 2] < k) return null;
      return { end: k + 1, kind: "link" };
    }
    return null;
  }

  for (let i = 0; i < n; ) {
    const token = tokenAt(i);
    if (!token) {
      i++;
      continue;
    }
    if (textStart < i) out.push({ kind: "text", text: text.slice(textStart, i) });
    const source = text.slice(i, token.end);
    if (token.kind === "link") {
      const close = source.indexOf("](");
      out.push({ kind: "link", label: source.slice(1, close), href: source.slice(close + 2, -1), source });
    } else if (token.kind === "strong") out.push({ kind: "strong", text: source.slice(2, -2) });
    else out.push({ kind: token.kind, text: source.slice(1, -1) });
    i = textStart = token.end;
  }
  if (textStart < n) out.push({ kind: "text", text: text.slice(textStart) });
  return out;
}
