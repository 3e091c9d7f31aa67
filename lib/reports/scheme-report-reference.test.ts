// The scheme report's agreement figures and distributions (the fast code of issue 28's dashboard
// work) against the straightforward code they replaced (tests/fixtures/scheme-report-reference),
// on seeded random values of every field kind: the same rows must give byte-identical output
// (the same figures to the last bit, in the same order, with the same notes). The random rows
// include what the fast paths must not get wrong: overlapping spans (same and different labels),
// whitespace and non-ASCII text, tags of sentences tagged by 2 or 3 annotators, vectors with a
// dimension left out, an ordinal choice, a choice from the item's list, alternatives of one field
// (`when`), values the field refuses, several systems and item languages, a unit whose name is a
// prefix of another's (their per-token strings interleave when sorted), a unit coded twice by one
// annotator (the later value counts) and units with more than ten tokens ("#10" sorts before "#2").
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { referenceCharacterCodes, referenceSchemeAgreementFigures, referenceSchemeDistributions } from "@/tests/fixtures/scheme-report-reference/reference";
import { characterCodes, rankUnits, schemeAgreementFigures, type TSchemeValueRow } from "./scheme-agreement";
import { acceptedValues } from "./scheme-accepted-values";
import { schemeDistributions } from "./scheme-distributions";

const SCHEME = ZSchemeDefinition.parse({
  id: "every-kind",
  version: 1,
  name: "Every kind",
  fields: [
    { id: "fluency", scope: "translation", kind: "scale", label: "Fluency", min: 1, max: 5, step: 1 },
    { id: "score", scope: "translation", kind: "number", label: "Score", level: "ratio" },
    { id: "grade", scope: "translation", kind: "choice", label: "Grade", level: "ordinal", options: [{ value: "low" }, { value: "mid" }, { value: "high" }] },
    { id: "kind", scope: "translation", kind: "choice", label: "Kind", when: { item: "metaphorical", in: [true] }, options: [{ value: "FULL" }, { value: "PART" }] },
    { id: "kind", scope: "translation", kind: "choice", label: "Kind", when: { item: "metaphorical", in: [false] }, options: [{ value: "LITERAL" }, { value: "PART" }] },
    { id: "answer", scope: "segment", kind: "choice", label: "Answer", optionsFrom: "candidates" },
    { id: "cues", scope: "translation", kind: "multi", label: "Cues", options: [{ value: "joy" }, { value: "anger" }, { value: 3 }] },
    { id: "ok", scope: "translation", kind: "boolean", label: "OK" },
    { id: "emotion", scope: "translation", kind: "vector", label: "E", min: 0, max: 1, dimensions: [{ id: "joy" }, { id: "fear" }] },
    { id: "met", scope: "segment", kind: "tags", label: "Met", bio: true, tokens: "whitespace", tags: [{ value: "M" }, { value: "N" }] },
    { id: "errors", scope: "translation", kind: "spans", label: "Errors", labels: [{ value: "X" }, { value: "Y" }, { value: "Z" }] },
    { id: "words", scope: "mrw-translation", kind: "alignment", label: "Words" },
    { id: "pattern", scope: "mrw-translation", kind: "alignment", label: "Pattern", patterns: [{ value: "P1" }, { value: "P2" }] },
    { id: "note", scope: "translation", kind: "text", label: "Note" },
  ],
});

/** mulberry32: a seeded generator, so a failure can be run again */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHARS = ["a", "b", "c", " ", "\t", "é", "中", "文", "\u00a0", "\u3000", "x", "\n"];

function dataOf(seed: number) {
  const rnd = random(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const annotators = ["ann", "bob", "Cy", "dee"].slice(0, int(2, 4));
  const systems = [null, "sysB", "sysA", "sysC"];
  const languages = [undefined, "en", "es"];
  // odd seeds: unit names that are prefixes of others ("s1|k", "s1|k1", "s1!|k", "s1#1|k"), whose
  // per-token strings interleave; even seeds: none (the fast ranking)
  const prefixes = seed % 2 === 1;
  const segments = [...(prefixes ? ["s1", "s1!", "s1#1", "s10"] : ["s1"]), "s2", "t", "t x", ...Array.from({ length: 8 }, (_, i) => `r${int(0, 99)}-${i}`)];
  const unitTexts = new Map<string, string>();
  const itemLists = new Map<string, Record<string, unknown[]>>();
  for (const s of segments) itemLists.set(s, { candidates: ["w1", "w2", 3, "w4"].slice(0, int(1, 4)) });
  const rows: TSchemeValueRow[] = [];
  const unitOf = (segment: string) => `${segment}|${pick(prefixes ? ["k", "k1", "k#2", ""] : ["k", "j#2"])}`;
  const spans = (len: number) =>
    Array.from({ length: int(0, 4) }, () => {
      const start = int(0, len + 1);
      return { start, end: start + int(rnd() < 0.1 ? 0 : 1, 6), label: pick(["X", "Y", "Z", "Q"]) };
    });
  const valueOf = (field: string, unit: string): unknown => {
    const bad = rnd() < 0.05;
    switch (field) {
      case "fluency":
        return bad ? 7 : int(1, 5);
      case "score":
        return bad ? "x" : pick([0, 1.5, 2, 10, 100, int(0, 30)]);
      case "grade":
        return bad ? "top" : pick(["low", "mid", "high"]);
      case "kind":
        return pick(["FULL", "PART", "LITERAL", bad ? "NONE" : "PART"]);
      case "answer":
        return pick(["w1", "w2", 3, "w4", "w9"]);
      case "cues":
        return bad ? ["sad"] : ["joy", "anger", 3].filter(() => rnd() < 0.5);
      case "ok":
        return bad ? "yes" : rnd() < 0.5;
      case "emotion":
        return rnd() < 0.3 ? { joy: pick([0, 0.5, 1]) } : { joy: pick([0, 0.5, 1]), fear: pick([0, 0.25, 1]), ...(bad ? { hate: 1 } : {}) };
      case "met": {
        const n = unit.length % 3 === 0 ? 12 : int(1, 4);
        return Array.from({ length: n }, () => pick(["O", "B-M", "I-M", "B-N", "I-N", null]));
      }
      case "errors": {
        if (!unitTexts.has(unit) && rnd() < 0.9) unitTexts.set(unit, Array.from({ length: int(0, 14) }, () => pick(CHARS)).join(""));
        return spans((unitTexts.get(unit) ?? "").length);
      }
      case "words":
        return { spans: Array.from({ length: int(0, 2) }, () => ({ start: int(0, 3), end: int(4, 6) })) };
      case "pattern":
        return bad ? { pattern: "P9", spans: [] } : { pattern: pick(["P1", "P2"]), spans: [{ start: 0, end: 2 }] };
      default:
        return "some text";
    }
  };
  for (const field of ["fluency", "score", "grade", "kind", "answer", "cues", "ok", "emotion", "met", "errors", "words", "pattern", "note", "unknown"]) {
    const units = Array.from({ length: int(3, 14) }, () => unitOf(pick(segments)));
    for (const unit of units) {
      const system = field === "met" || field === "answer" ? null : pick(systems);
      const language = pick(languages);
      for (const annotator of annotators) {
        if (rnd() < 0.15) continue; // missing
        rows.push({ field, system, unit, annotator, value: valueOf(field, unit), ...(language ? { language } : {}) });
      }
    }
  }
  // a unit coded twice by one annotator: the later value counts
  if (rows.length > 3) rows.push({ ...rows[int(0, rows.length - 1)], value: rows[int(0, rows.length - 1)].value });
  // rows in random order, as saves interleave
  for (let i = rows.length - 1; i > 0; i--) {
    const j = int(0, i);
    [rows[i], rows[j]] = [rows[j], rows[i]];
  }
  return { rows, unitTexts, itemLists };
}

describe("scheme report: the fast code gives the reference's output, byte for byte", () => {
  it("characterCodes: overlaps, whitespace and offsets past the text", () => {
    const rnd = random(7);
    for (let t = 0; t < 500; t++) {
      const text = Array.from({ length: Math.floor(rnd() * 20) }, () => CHARS[Math.floor(rnd() * CHARS.length)]).join("");
      const spans = Array.from({ length: Math.floor(rnd() * 5) }, () => {
        const start = Math.floor(rnd() * 24) - 2;
        return { start, end: start + Math.floor(rnd() * 8), label: ["X", "Y", 3][Math.floor(rnd() * 3)] };
      });
      expect(characterCodes(text, spans)).toEqual(referenceCharacterCodes(text, spans));
    }
  });

  // (the figures rarely show a column order: α and Fleiss' κ move in their last bits at most, so
  // the ranks are compared with the sorted strings themselves)
  it("units ranked as their strings sort: tokens after their unit, \"#10\" before \"#2\", prefixed names", () => {
    const rnd = random(11);
    for (let t = 0; t < 300; t++) {
      const names = t % 2 ? ["s1|k", "s1|k1", "s1!|k", "s1#1|k", "s1|k#1", "s2|", "中|k"] : ["s1|k", "s2|j", "s10|k", "a b|k", "中|k", "s1|j#2"];
      const n = 1 + Math.floor(rnd() * 40);
      const units = Array.from({ length: n }, () => names[Math.floor(rnd() * names.length)]);
      const subs = units.map(() => (rnd() < 0.2 ? -1 : Math.floor(rnd() * 25)));
      const strings = units.map((u, i) => (subs[i] < 0 ? u : `${u}#${subs[i]}`));
      const sorted = [...new Set(strings)].sort();
      const { ranks, count } = rankUnits(units, subs);
      expect(count).toBe(sorted.length);
      expect([...ranks]).toEqual(strings.map((x) => sorted.indexOf(x)));
    }
  });

  it("agreement figures and distributions of 40 random projects", () => {
    let figures = 0;
    const accepted = new Map<string, number>();
    for (let seed = 1; seed <= 40; seed++) {
      const { rows, unitTexts, itemLists } = dataOf(seed);
      for (const byItemLanguage of [true, false]) {
        const opts = { unitTexts, itemLists, byItemLanguage };
        const fast = schemeAgreementFigures(SCHEME, rows, opts);
        expect(JSON.stringify(fast), `seed ${seed}`).toBe(JSON.stringify(referenceSchemeAgreementFigures(SCHEME, rows, opts)));
        figures += fast.length;
      }
      expect(JSON.stringify(schemeDistributions(SCHEME, rows)), `seed ${seed}`).toBe(JSON.stringify(referenceSchemeDistributions(SCHEME, rows)));
      acceptedValues(SCHEME, rows).forEach((f) => f && accepted.set(f.id, (accepted.get(f.id) ?? 0) + 1));
    }
    // the random data exercised every kind, and the figures are many
    expect([...accepted.keys()].sort()).toEqual(["answer", "cues", "emotion", "errors", "fluency", "grade", "kind", "met", "note", "ok", "pattern", "score", "words"]);
    expect(figures).toBeGreaterThan(1_000);
  }, 300_000);
});
