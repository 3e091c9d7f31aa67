import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EMOTION, EMOTION_LABELS, EQUIVALENCE_METAPHORICAL, EQUIVALENCE_METAPHORICAL_LABELS, LIKERT_SCALE, MMTE_QUALITY } from "./__fixtures__/mmte-paper";
import { METAHOPE_CATEGORY_DEFINITIONS, METAHOPE_SEVERITIES, REALISATION_PATTERN_DEFINITIONS, REALISATION_PATTERNS } from "./__fixtures__/metahope-paper";

// The papers are the source of truth: quoted definitions and examples must
// appear verbatim in them (ignoring whitespace and the @…@ target markers).
const norm = (s: string) => s.replace(/@/g, "").replace(/\*\*/g, "").replace(/\s+/g, "");
function paper(name: string): string | null {
  try {
    return norm(readFileSync(`/work/shared/papers/${name}`, "utf8"));
  } catch {
    return null;
  }
}
const MMTE = paper("mmte-wang-2024.txt");
const METAHOPE = paper("metahope-liang-han-2026.txt");

describe.skipIf(MMTE === null)("MMTE scheme text is quoted from the paper", () => {
  it("quality definitions (app. B.1)", () => {
    for (const c of Object.values(MMTE_QUALITY)) expect(MMTE).toContain(norm(c.definition));
  });
  it("equivalence definitions and examples (§3.2, table 2, app. B.2)", () => {
    for (const l of EQUIVALENCE_METAPHORICAL) {
      expect(MMTE).toContain(norm(l.definition));
      for (const e of l.examples) {
        expect(MMTE).toContain(norm(e.en));
        for (const t of [e.zh, e.it]) if (t) expect(MMTE).toContain(norm(t));
      }
    }
  });
  it("emotion examples (app. B.3)", () => {
    for (const l of EMOTION) for (const e of l.examples) expect(MMTE).toContain(norm(e.en) );
  });
});

describe.skipIf(METAHOPE === null)("MetaHOPE scheme text is quoted from the paper", () => {
  it("category definitions and table 1 examples", () => {
    for (const c of Object.values(METAHOPE_CATEGORY_DEFINITIONS)) {
      expect(METAHOPE).toContain(norm(c.definition));
      for (const e of c.examples) for (const s of [e.source, e.problematic, e.suggested, e.explanation]) expect(METAHOPE).toContain(norm(s));
    }
  });
  it("figure 4 examples", () => {
    for (const p of Object.values(REALISATION_PATTERN_DEFINITIONS)) {
      expect(METAHOPE).toContain(norm(p.name));
      for (const e of p.examples) {
        expect(METAHOPE).toContain(norm(e.source));
        expect(METAHOPE).toContain(norm(e.target));
      }
    }
  });
});

describe("scales and orders", () => {
  it("Likert 1..5 with the B.1 names", () => {
    expect(LIKERT_SCALE.map((l) => `${l.value} ${l.name}`)).toEqual(["1 Very Poor", "2 Poor", "3 Acceptable", "4 Good", "5 Very Good"]);
  });
  it("label orders used for digit keys", () => {
    expect(EQUIVALENCE_METAPHORICAL_LABELS).toEqual(["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR"]);
    expect(EMOTION_LABELS).toEqual(["ZERO", "LESS", "SAME", "MORE"]);
  });
  it("MetaHOPE severities are 2, 4, 6, 8, 10 and six patterns exist", () => {
    expect(METAHOPE_SEVERITIES.map((s) => `${s.name}:${s.penalty}`)).toEqual(["minor:2", "medium:4", "major:6", "severe:8", "critical:10"]);
    expect(REALISATION_PATTERNS).toHaveLength(6);
    expect(REALISATION_PATTERN_DEFINITIONS.OMISSION.requiresSpan).toBe(false);
  });
});
