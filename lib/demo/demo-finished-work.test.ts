// The demo's seeded work must be valid for every field (the demo preset's own validation, with the
// checks a save makes against the item: the EQUIVALENCE alternative of the MRW's metaphoricity, spans
// within their translation), must hold real disagreements for the adjudication queue, and
// must be the same on every run.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoFinishedWork } from "./demo-finished-work";
import { ZDemoCorpus } from "@/lib/import/parse-demo-corpus";
import { MMTE_METAHOPE_PRESET } from "@/lib/schemes/presets/preset-of-parts";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { alternativesForMrw, spanPastTranslation } from "@/lib/schemes/language/item-value-checks";

/** The demo preset's check of one value, as a save makes it: null when valid, else the message. */
function checkValue(id: string, value: unknown, mrwMetaphorical: boolean | undefined, translation: string): string | null {
  const alternatives = alternativesForMrw(MMTE_METAHOPE_PRESET.fields.filter((f) => f.id === id), mrwMetaphorical);
  if (alternatives.length === 0) return `no field ${id}`;
  const results = alternatives.map((f) => {
    const r = validateSchemeValue(f, value);
    return r.ok ? spanPastTranslation(f.kind, value, translation.length) : r.message;
  });
  return results.includes(null) ? null : results.join("; ");
}

const corpus = ZDemoCorpus.parse(JSON.parse(readFileSync(path.join(__dirname, "../../prisma/seed-data/demo-corpus.json"), "utf8")));
const DOCS = ["demo-doc-2", "demo-doc-3"];

describe("demoFinishedWork", () => {
  const work = demoFinishedWork(corpus, "zh", DOCS);

  it("gives both annotators a valid value for every field of every item of the chosen documents", () => {
    for (const w of work) {
      expect(w.segments).toHaveLength(17);
      for (const a of w.annotations) {
        const seg = corpus.documents.flatMap((d) => d.segments).find((s) => s.externalId === a.segment)!;
        const mrw = seg.mrws.find((m) => m.id === a.mrw);
        if (a.field === "METAHOPE_ERRORS") continue; // a review mark, not a value of the registry
        const problem = checkValue(a.field, a.value, mrw?.metaphorical, seg.translations.zh[a.system].text);
        expect(problem, `${a.segment} ${a.system} ${a.mrw} ${a.field} ${JSON.stringify(a.value)}`).toBeNull();
      }
      for (const e of w.errorSpans) {
        const seg = corpus.documents.flatMap((d) => d.segments).find((s) => s.externalId === e.segment)!;
        expect(e.end).toBeLessThanOrEqual(seg.translations.zh[e.system].text.length);
      }
    }
    expect(work[0].annotations.map((a) => [a.segment, a.system, a.mrw, a.field])).toEqual(work[1].annotations.map((a) => [a.segment, a.system, a.mrw, a.field]));
  });

  it("disagrees on some units of every kind and agrees on most", () => {
    const differs = (field: string) =>
      work[0].annotations.filter((a, i) => a.field === field && JSON.stringify(a.value) !== JSON.stringify(work[1].annotations[i].value)).length;
    const total = (field: string) => work[0].annotations.filter((a) => a.field === field).length;
    for (const f of ["FLUENCY", "OVERALL", "EQUIVALENCE", "EMOTION", "AUTHENTICITY", "ALIGNMENT"]) {
      expect(differs(f), f).toBeGreaterThan(0);
      expect(differs(f), f).toBeLessThan(total(f) / 2);
    }
    expect(work[0].errorSpans.length).toBeGreaterThan(0);
    expect(work[1].errorSpans).not.toEqual(work[0].errorSpans);
  });

  it("leaves the other documents alone and is deterministic", () => {
    expect(work[0].segments.some((s) => s.startsWith("demo-doc-1-"))).toBe(false);
    expect(demoFinishedWork(corpus, "zh", DOCS)).toEqual(work);
  });
});
