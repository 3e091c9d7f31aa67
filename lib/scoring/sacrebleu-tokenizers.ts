/**
 * Ports of sacreBLEU's `13a` and `zh` tokenizers (sacrebleu 2.x,
 * `sacrebleu/tokenizers/tokenizer_13a.py`, `tokenizer_re.py`,
 * `tokenizer_zh.py`), so BLEU here is comparable with published sacreBLEU
 * numbers. The regular expressions are copied character for character; they
 * run without the `u` flag, like Python's `re` on `str` for these patterns
 * (every class is ASCII or a negated ASCII class, and a surrogate pair never
 * contains ASCII, so code-unit and code-point matching give the same output).
 */

/** Python's `str.split()` / `str.strip()` whitespace (differs from JS `\s`: adds U+001C–U+001F, U+0085; drops U+FEFF). */
const PY_WS = "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_WS_RUN = new RegExp(`[${PY_WS}]+`, "g");
const PY_WS_TRAIL = new RegExp(`[${PY_WS}]+$`);

/** Python `' '.join(s.split())`. */
export function pySplitJoin(s: string): string {
  return s
    .split(PY_WS_RUN)
    .filter((t) => t !== "")
    .join(" ");
}

/** Python `s.split()`. */
export function pySplit(s: string): string[] {
  return s.split(PY_WS_RUN).filter((t) => t !== "");
}

/** Python `s.rstrip()`. */
export function pyRstrip(s: string): string {
  return s.replace(PY_WS_TRAIL, "");
}

/** Python `s.strip()`. */
export function pyStrip(s: string): string {
  return pyRstrip(s).replace(new RegExp(`^[${PY_WS}]+`), "");
}

// tokenizer_re.py, TokenizerRegexp._re — same patterns, same order.
const RE_13A: readonly [RegExp, string][] = [
  // language-dependent part (assuming Western languages)
  [/([\{-\~\[-\` -\&\(-\+\:-\@\/])/g, " $1 "],
  // tokenize period and comma unless preceded by a digit
  [/([^0-9])([\.,])/g, "$1 $2 "],
  // tokenize period and comma unless followed by a digit
  [/([\.,])([^0-9])/g, " $1 $2"],
  // tokenize dash when preceded by a digit
  [/([0-9])(-)/g, "$1 $2 "],
];

/** TokenizerRegexp.__call__: the post-tokenizer shared by 13a and zh. */
function tokenizeRegexp(line: string): string {
  for (const [re, repl] of RE_13A) line = line.replace(re, repl);
  // no leading or trailing spaces, single space within words
  return pySplitJoin(line);
}

/** sacreBLEU `13a` (mteval-v13a): returns the tokenized line, tokens separated by single spaces. */
export function tokenize13a(line: string): string {
  // language-independent part
  line = line.split("<skipped>").join("");
  line = line.split("-\n").join("");
  line = line.split("\n").join(" ");
  if (line.includes("&")) {
    line = line.split("&quot;").join('"');
    line = line.split("&amp;").join("&");
    line = line.split("&lt;").join("<");
    line = line.split("&gt;").join(">");
  }
  return tokenizeRegexp(` ${line} `);
}

/**
 * tokenizer_zh.py `_UCODE_RANGES`, as code points. Python compares a
 * one-character string with the range bounds as *strings*; two bounds are
 * written '\u20000', '\u2a6d6', '\u2f800', '\u2fa1d', which Python reads as
 * a 4-digit escape plus a trailing digit. With string comparison the
 * effective ranges are therefore U+2001–U+2A6D and U+2F81–U+2FA1 (so e.g.
 * curly quotes, the ellipsis and the em dash count as "Chinese" and are
 * split off), and astral CJK (Extension B) is *not* split. We reproduce that
 * behaviour, because matching sacreBLEU's numbers is the point.
 */
const ZH_RANGES: readonly [number, number][] = [
  [0x3400, 0x4db5], // CJK Unified Ideographs Extension A
  [0x4e00, 0x9fa5], // CJK Unified Ideographs
  [0x9fa6, 0x9fbb],
  [0xf900, 0xfa2d], // CJK Compatibility Ideographs
  [0xfa30, 0xfa6a],
  [0xfa70, 0xfad9],
  [0x2001, 0x2a6d], // '\u20000'..'\u2a6d6' under Python string comparison
  [0x2f81, 0x2fa1], // '\u2f800'..'\u2fa1d' under Python string comparison
  [0xff00, 0xffef], // full-width ASCII and punctuation, half-width kana, Hangul
  [0x2e80, 0x2eff], // CJK Radicals Supplement
  [0x3000, 0x303f], // CJK punctuation
  [0x31c0, 0x31ef], // CJK strokes
  [0x2f00, 0x2fdf], // Kangxi Radicals
  [0x2ff0, 0x2fff], // ideographic description characters
  [0x3100, 0x312f], // Bopomofo
  [0x31a0, 0x31bf], // Bopomofo extended
  [0xfe10, 0xfe1f],
  [0xfe30, 0xfe4f],
  [0x2600, 0x26ff],
  [0x2700, 0x27bf],
  [0x3200, 0x32ff],
  [0x3300, 0x33ff],
];

export function isSacrebleuChineseChar(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  // Python compares the whole (one-code-point) string; an astral code point
  // is > every BMP upper bound, so it never falls in a range.
  if (cp > 0xffff) return false;
  for (const [lo, hi] of ZH_RANGES) if (cp >= lo && cp <= hi) return true;
  return false;
}

/** sacreBLEU `zh`: each Chinese character becomes a token, the rest goes through the 13a regexes. */
export function tokenizeZh(line: string): string {
  line = pyStrip(line);
  let out = "";
  for (const ch of line) {
    out += isSacrebleuChineseChar(ch) ? ` ${ch} ` : ch;
  }
  return tokenizeRegexp(out);
}

export type TBleuTokenizer = "13a" | "zh" | "none";

export function sacrebleuTokenize(line: string, tokenizer: TBleuTokenizer): string[] {
  const s = tokenizer === "13a" ? tokenize13a(line) : tokenizer === "zh" ? tokenizeZh(line) : line;
  return pySplit(s);
}
