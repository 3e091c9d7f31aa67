// Issue 27 point 5: guidelines Markdown rendered in quadratic time. The inline marks were found by
// one regular expression whose alternatives scan ahead for their closers; 60,000 characters of
// openers without closers (`[[[…`, `*a*a…`) blocked the event loop for seconds per page view, in
// the scheme editor and the annotator's workspace. Now one linear pass gives the same tokens (checked
// against the old expression on random text) and the rendering stays as safe as before.
// Without the fix the 60k renders of `[` and `[a](` below took 18.9 s and 3.8 s (on a busy machine).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "@/components/schemes/markdown";
import { parseInlineMarkdown, type TInline } from "./markdown-inline";
import { parseSchemeText } from "./parse-scheme-text";
import { GUIDELINES_MAX_CHARS } from "./scheme-option";

/** The expression the renderer used before (the reference for which tokens text has). */
const OLD_INLINE = /(\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

/** Deterministic pseudo-random text (a linear congruential generator), so a failure repeats. */
function randomTexts(count: number, alphabet: string, seed = 27): string[] {
  let x = seed;
  const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(rand() * 30) }, () => alphabet[Math.floor(rand() * alphabet.length)]).join(""));
}

describe("parseInlineMarkdown", () => {
  it("gives the tokens the old expression gave, text between them included (5,000 random texts)", () => {
    for (const text of randomTexts(5_000, "*_`[]()a b\nh:/")) {
      // String.split with a capturing group: text at even indices, the matched tokens at odd ones
      const expected = text.split(OLD_INLINE).flatMap((part, i): TInline[] => {
        if (i % 2 === 0) return part ? [{ kind: "text", text: part }] : [];
        if (/^(\*\*|__)/.test(part)) return [{ kind: "strong", text: part.slice(2, -2) }];
        if (part.startsWith("`")) return [{ kind: "code", text: part.slice(1, -1) }];
        if (part.startsWith("[")) {
          const close = part.indexOf("](");
          return [{ kind: "link", label: part.slice(1, close), href: part.slice(close + 2, -1), source: part }];
        }
        return [{ kind: "em", text: part.slice(1, -1) }];
      });
      expect(parseInlineMarkdown(text), JSON.stringify(text)).toEqual(expected);
    }
  });

  it("splits each kind as before", () => {
    expect(parseInlineMarkdown("a **b** __c__ *d* _e_ `f` [g](https://h.example/i) j")).toEqual([
      { kind: "text", text: "a " },
      { kind: "strong", text: "b" },
      { kind: "text", text: " " },
      { kind: "strong", text: "c" },
      { kind: "text", text: " " },
      { kind: "em", text: "d" },
      { kind: "text", text: " " },
      { kind: "em", text: "e" },
      { kind: "text", text: " " },
      { kind: "code", text: "f" },
      { kind: "text", text: " " },
      { kind: "link", label: "g", href: "https://h.example/i", source: "[g](https://h.example/i)" },
      { kind: "text", text: " j" },
    ]);
    // not marks: a space after the opener, no closer, whitespace in a link target
    expect(parseInlineMarkdown("* a* _ b_ **c `d [e](f g)")).toEqual([{ kind: "text", text: "* a* _ b_ **c `d [e](f g)" }]);
  });
});

const ADVERSARIAL = ["[", "[a](", "[a](b", "*a", "_a", "**a", "__a", "[a]", "`"].map((unit) => unit.repeat(Math.ceil(60_000 / unit.length)).slice(0, 60_000));

describe("parseInlineMarkdown on adversarial text", () => {
  it.each(ADVERSARIAL.map((t) => [t.slice(0, 6), t]))("parses 60,000 characters of %s… in one pass (bound far above linear, far below the old seconds)", (_, text) => {
    const started = performance.now();
    const tokens = parseInlineMarkdown(text);
    expect(performance.now() - started).toBeLessThan(300);
    expect(tokens.length).toBeGreaterThan(0);
  });
});

describe("Markdown (guidelines) rendering", () => {
  // openers that never close: each used to rescan the rest of the text (40,000 `[`: 3.9 s)
  it.each([["[", "["], ["[a](", "[a]("], ["mixed", "[a](*b_c`"]])("renders 60,000 characters of %s without rescanning (a generous bound; the old renderer took seconds)", (_, unit) => {
    const text = unit.repeat(Math.ceil(60_000 / unit.length)).slice(0, 60_000);
    const started = performance.now();
    const out = html(text);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(out.length).toBeGreaterThanOrEqual(60_000);
  });

  it("keeps links safe: only http(s) targets become links, opened without a referrer; script stays text", () => {
    const out = html("See [the manual](https://tropos.example/manual) and [x](javascript:alert(1)) or [y](data:text/html,<script>alert(1)</script>).\n\n<script>alert(2)</script> <img src=x onerror=alert(3)>");
    expect(out).toContain('<a href="https://tropos.example/manual" target="_blank" rel="noreferrer" class="text-indigo-700 underline">the manual</a>');
    expect(out).not.toContain("javascript:alert(1)\"");
    expect(out).toContain("[x](javascript:alert(1))");
    expect(out).not.toMatch(/<script|<img/);
    expect(out).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(out.match(/<a /g)).toHaveLength(1);
  });

  it("escapes a quote in a link target instead of ending the attribute", () => {
    const out = html('[x](https://a.example/"onmouseover="alert(1))');
    expect(out).toContain('href="https://a.example/&quot;onmouseover=&quot;alert(1"');
    expect(out).not.toContain('" onmouseover');
  });

  it("renders headings, lists and paragraphs as before", () => {
    expect(html("## Task\nRead **all** of it.\n\n- one\n- *two*\n\n1. `x`")).toBe(
      '<div class="space-y-1.5 "><p class="font-semibold text-slate-800">Task</p><p>Read <strong>all</strong> of it.</p><ul class="list-disc pl-5"><li>one</li><li><em>two</em></li></ul><ol class="list-decimal pl-5"><li><code class="rounded bg-slate-100 px-0.5 text-[0.9em]">x</code></li></ol></div>',
    );
  });
});

describe("the guidelines length limit (scheme validation)", () => {
  const scheme = (guidelines: string) => JSON.stringify({ id: "g", version: 1, name: "G", guidelines, fields: [{ id: "f", scope: "segment", kind: "text", label: "F" }] });

  it(`refuses guidelines over ${GUIDELINES_MAX_CHARS} characters, naming the field`, () => {
    const r = parseSchemeText("g.json", scheme("x".repeat(GUIDELINES_MAX_CHARS + 1)));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ path: "guidelines", message: expect.stringMatching(/at most 20,000 characters/) });
    expect(parseSchemeText("g.json", scheme("x".repeat(GUIDELINES_MAX_CHARS))).ok).toBe(true);
  });
});
