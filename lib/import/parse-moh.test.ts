import { describe, expect, it } from "vitest";
import { parseMoh } from "@/lib/import/parse-moh";
import { HAS_REAL_DATA, SKIP_MESSAGE, allMrws, allSegments, real, spansConsistent } from "@/lib/import/test-support/real-data";

describe.skipIf(!HAS_REAL_DATA)(`MOH real samples (${SKIP_MESSAGE})`, () => {
  it("Data-metaphoric-or-literal.txt: 1,639 sentences, 410 metaphorical, <b> removed, summary lines skipped", () => {
    const r = parseMoh("Data-metaphoric-or-literal.txt", real("moh/Data-metaphoric-or-literal.txt"));
    expect(r.errors).toEqual([]);
    const segs = allSegments(r);
    expect(segs).toHaveLength(1639);
    expect(segs.filter((s) => s.metaphorical)).toHaveLength(410);
    expect(r.warnings.map((w) => w.line)).toEqual([1641, 1642]);
    const s = segs[0];
    expect(s).toMatchObject({ externalId: "moh:absorb#v#2", text: "He absorbed the knowledge or beliefs of his tribe.", metaphorical: true });
    expect(s.mrws[0]).toMatchObject({ externalId: "moh:absorb#v#2:mrw", spans: [{ start: 3, end: 11 }], token: "absorbed", lemma: "absorb", pos: "VERB", gloss: "absorb#v#2" });
    expect(segs.every((x) => !x.text.includes("<b>") && x.text.slice(x.mrws[0].spans[0].start, x.mrws[0].spans[0].end) === x.mrws[0].token)).toBe(true);
    expect(spansConsistent(r)).toBe(true);
  });

  it("MOH-X cleaned CSV (CRLF, no final newline, leading space): 647 rows, 2 verbatim repeats skipped", () => {
    const r = parseMoh("MOH-X_formatted_svo_cleaned.csv", real("moh/MOH-X_formatted_svo_cleaned.csv"));
    expect(r.errors).toEqual([]);
    const segs = allSegments(r);
    expect(segs).toHaveLength(645);
    expect(r.warnings.filter((w) => /verbatim/.test(w.message))).toHaveLength(2);
    expect(segs[0].text).toBe(" He absorbed the knowledge or beliefs of his tribe ."); // byte-exact, leading space kept
    expect(segs[0].mrws[0].spans).toEqual([{ start: 4, end: 12 }]);
    // the same sentence + verb with two different arguments stays two items
    const climbing = segs.filter((s) => s.text === " Sales were climbing after prices were lowered .");
    expect(climbing).toHaveLength(2);
    expect(climbing[0].externalId).not.toBe(climbing[1].externalId);
    const last = segs[segs.length - 1];
    expect(last.mrws[0].token).toBe("whistled");
  });

  it("MOH_formatted.csv and MelBERT train0.tsv (literal quotes in a TSV)", () => {
    const f = parseMoh("MOH_formatted.csv", real("moh/MOH_formatted.csv"));
    expect(f.errors).toEqual([]);
    expect(allSegments(f)).toHaveLength(1602); // 1,603 rows, one verbatim repeat (bow … King)
    expect(allMrws(f).filter((m) => m.metaphorical)).toHaveLength(399);
    const m = parseMoh("train0.tsv", real("moh/train0.tsv"));
    expect(m.errors).toEqual([]);
    const segs = allSegments(m);
    expect(segs).toHaveLength(583);
    expect(segs[0]).toMatchObject({ externalId: "moh-melbert:64", text: "The bird flapped its wings." });
    expect(segs[0].mrws[0]).toMatchObject({ token: "flapped", spans: [{ start: 9, end: 16 }], rawPos: "VERB", pos: "VERB", metaphorical: false });
    const quoted = segs.find((s) => s.externalId === "moh-melbert:443")!;
    expect(quoted.text).toBe('" Now push hard", said the doctor to the woman.');
    expect(quoted.mrws[0].token).toBe("push");
  });
});

describe("MOH / MMTE inline fixtures", () => {
  it("@word@ marks the target; markers removed; label sets both flags", () => {
    const csv = "id,sentence,label\n1,She @devoured@ the book.,metaphorical\n2,\"He ate, then @slept@.\",literal\n";
    const r = parseMoh("mmte.csv", csv);
    expect(r.errors).toEqual([]);
    const [a, b] = allSegments(r);
    expect(a).toMatchObject({ externalId: "mmte:1", text: "She devoured the book.", metaphorical: true });
    expect(a.mrws[0]).toMatchObject({ spans: [{ start: 4, end: 12 }], token: "devoured", metaphorical: true });
    expect(b).toMatchObject({ text: "He ate, then slept.", metaphorical: false });
    expect(b.mrws[0]).toMatchObject({ token: "slept", metaphorical: false });
  });

  it("collects every error: unknown label, missing marker, wrong column count, duplicate id, index out of range", () => {
    const csv = [
      "id,sentence,label",
      "1,She @devoured@ the book.,maybe",
      "2,No marker here.,literal",
      "3,Too,many,fields",
      "4,Short",
      "5,A @b@ c,literal",
      "5,A @d@ c,literal",
      "6,Two @a@ and @b@,literal",
    ].join("\r\n");
    const r = parseMoh("bad.csv", csv);
    expect(r.documents).toEqual([]);
    expect(r.errors.map((e) => [e.line, e.message.split(":")[0].split(" (")[0]])).toEqual([
      [2, "unknown label \"maybe\""],
      [3, "no target word"],
      [4, "expected 3 fields, found 4"],
      [5, "expected 3 fields, found 2"],
      [7, "duplicate item mmte"],
      [8, "the sentence must contain exactly one @word@ marker pair"],
    ]);
    expect(r.errors[0]).toMatchObject({ file: "bad.csv", column: "label" });
    const idx = parseMoh("x.csv", "verb,sentence,verb_idx,label\ngo,We go .,5,1\n");
    expect(idx.errors[0].message).toMatch(/out of range/);
  });
});
