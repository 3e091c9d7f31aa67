import { describe, expect, it } from "vitest";
import { parseConll, parseConllParallel } from "@/lib/import/parse-conll";
import { HAS_REAL_DATA, SKIP_MESSAGE, allMrws, allSegments, real, spansConsistent } from "@/lib/import/test-support/real-data";

const EN = "meta4xnli/detection/splits/en/meta4xnli_dev.tsv";
const ES = "meta4xnli/detection/splits/es/meta4xnli_dev.tsv";

describe.skipIf(!HAS_REAL_DATA)(`CoNLL real samples (${SKIP_MESSAGE})`, () => {
  it("Meta4XNLI EN train: 7,259 sentences, 1,491 B + 1 stray I → 1,492 MRWs, 35 multi-token", () => {
    const r = parseConll(EN.replace("dev", "train"), real(EN.replace("dev", "train")));
    expect(r.errors).toEqual([]);
    expect(allSegments(r)).toHaveLength(7259);
    expect(allMrws(r)).toHaveLength(1492);
    expect(allMrws(r).filter((m) => m.token.includes(" "))).toHaveLength(35);
    expect(r.warnings).toHaveLength(1);
    expect(r.documents[0]).toMatchObject({ externalId: "conll:meta4xnli_train:en", language: "en" });
    expect(spansConsistent(r)).toBe(true);
    for (const s of allSegments(r)) for (const m of s.mrws) expect(s.text.slice(m.spans[0].start, m.spans[0].end)).toBe(m.token);
  });

  it("vua_dev.tsv: bare quote tokens stay literal (2,409 sentences)", () => {
    const r = parseConll("vua_dev.tsv", real("vuamc/vua_dev.tsv"), { sourceLang: "en" });
    expect(r.errors).toEqual([]);
    expect(allSegments(r)).toHaveLength(2409);
    expect(allSegments(r).reduce((n, s) => n + s.text.split(" ").length, 0)).toBe(36669);
    const s1 = allSegments(r)[0];
    expect(s1.text.startsWith("It plans to issue a protective")).toBe(true);
    expect(s1.mrws[0]).toMatchObject({ externalId: "conll:vua_dev:en:s1:t2", token: "plans", spans: [{ start: 3, end: 8 }] });
  });

  it("CoMeta (Spanish): a U+FEFF inside a token is not whitespace", () => {
    const r = parseConll("cometa_test.tsv", real("meta4xnli/cometa/cometa_test.tsv"), { sourceLang: "es" });
    expect(r.errors).toEqual([]);
    expect(allSegments(r)).toHaveLength(727);
    expect(allMrws(r)).toHaveLength(432);
  });

  it("EN/ES dev as aligned documents; mismatched files refused with the line", () => {
    const r = parseConllParallel(EN, real(EN), ES, real(ES));
    expect(r.errors).toEqual([]);
    expect(r.documents.map((d) => [d.externalId, d.segments.length])).toEqual([
      ["conll:meta4xnli_dev:en", 2431],
      ["conll:meta4xnli_dev:es", 2431],
    ]);
    const bad = parseConllParallel(EN, real(EN), ES.replace("dev", "train"), real(ES.replace("dev", "train")));
    expect(bad.documents).toEqual([]);
    expect(bad.errors[0]).toMatchObject({ file: ES.replace("dev", "train"), line: 36658 });
  });
});

describe("CoNLL inline fixtures", () => {
  it("joins tokens with single spaces, merges B/I spans, keeps quotes literal, accepts CRLF", () => {
    const r = parseConll("x/en/f.tsv", '"punk\tO\r\nrock"\tB-METAPHOR\r\nfell\tB-METAPHOR\r\napart.\tI-METAPHOR\r\n\r\nYes\tO\r\n');
    expect(r.errors).toEqual([]);
    const [a, b] = allSegments(r);
    expect(a.text).toBe('"punk rock" fell apart.');
    expect(a.mrws.map((m) => [m.externalId, m.token, m.spans])).toEqual([
      ["conll:f:en:s1:t2", 'rock"', [{ start: 6, end: 11 }]],
      ["conll:f:en:s1:t3", "fell apart.", [{ start: 12, end: 23 }]],
    ]);
    expect(b).toMatchObject({ externalId: "conll:f:en:s2", text: "Yes", metaphorical: false, line: 6 });
  });

  it("errors: missing tab, unknown tag, extra column, empty token — all reported", () => {
    const r = parseConll("f.tsv", "a\tO\nb\nc\tB-MET\nd\tO\textra\n\tO\n", { sourceLang: "en" });
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(r.errors[1].message).toMatch(/unknown tag "B-MET"/);
  });

  it("parallel files with different sentence counts name the first extra sentence", () => {
    const r = parseConllParallel("en/a.tsv", "a\tO\n\nb\tO\n", "es/a.tsv", "a\tO\n\nb\tO\n\nc\tO\n");
    expect(r.errors[0]).toMatchObject({ file: "es/a.tsv", line: 5 });
  });
});
