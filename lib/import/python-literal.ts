/**
 * Parses a Python list literal of strings and/or numbers, as written by
 * `str(list)` in the VUA/PSUCMC sequence conversions: `['a', "b'c", 'd\\'e']`,
 * `[0, 1, 1]`. Never evaluates anything: it is a tiny tokenizer that accepts
 * only a flat list of string and integer/float literals (the escapes
 * `\\ \' \" \n \t \r \xNN \uNNNN \UNNNNNNNN`). Anything else is an error with
 * the character position.
 */
export type PyListResult = { ok: true; value: (string | number)[] } | { ok: false; error: string; position: number };

export function parsePythonList(src: string): PyListResult {
  let i = 0;
  const n = src.length;
  const fail = (error: string): PyListResult => ({ ok: false, error, position: i + 1 });
  const skipWs = () => {
    while (i < n && (src[i] === " " || src[i] === "\t" || src[i] === "\n" || src[i] === "\r")) i++;
  };
  skipWs();
  if (src[i] !== "[") return fail("expected '[' at the start of a Python list");
  i++;
  const out: (string | number)[] = [];
  skipWs();
  if (src[i] === "]") {
    i++;
    skipWs();
    return i === n ? { ok: true, value: out } : fail("unexpected text after ']'");
  }
  for (;;) {
    skipWs();
    const c = src[i];
    if (c === "'" || c === '"') {
      const q = c;
      i++;
      let s = "";
      let seg = i;
      let closed = false;
      while (i < n) {
        const ch = src[i];
        if (ch === q) {
          s += src.slice(seg, i);
          i++;
          closed = true;
          break;
        }
        if (ch === "\\") {
          s += src.slice(seg, i);
          const e = src[i + 1];
          if (e === undefined) return fail("unterminated escape");
          if (e === "\\" || e === "'" || e === '"') s += e;
          else if (e === "n") s += "\n";
          else if (e === "t") s += "\t";
          else if (e === "r") s += "\r";
          else if (e === "x" || e === "u" || e === "U") {
            const len = e === "x" ? 2 : e === "u" ? 4 : 8;
            const hex = src.slice(i + 2, i + 2 + len);
            if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) return fail(`bad \\${e} escape`);
            s += String.fromCodePoint(parseInt(hex, 16));
            i += len;
          } else s += "\\" + e; // Python keeps unknown escapes verbatim
          i += 2;
          seg = i;
          continue;
        }
        if (ch === "\n") return fail("line break inside a string literal");
        i++;
      }
      if (!closed) return fail("unterminated string literal");
      out.push(s);
    } else {
      const start = i;
      while (i < n && /[-+0-9.eE]/.test(src[i])) i++;
      const tok = src.slice(start, i);
      if (tok === "" || !/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(tok)) return fail("expected a string or number literal");
      out.push(Number(tok));
    }
    skipWs();
    if (src[i] === ",") {
      i++;
      skipWs();
      if (src[i] === "]") {
        i++;
        break;
      }
      continue;
    }
    if (src[i] === "]") {
      i++;
      break;
    }
    return fail("expected ',' or ']'");
  }
  skipWs();
  return i === n ? { ok: true, value: out } : fail("unexpected text after ']'");
}
