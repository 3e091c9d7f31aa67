import { describe, expect, it } from "vitest";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { findSuggestField, fieldForUnit, suggestibleFields } from "./suggest-field";
import { fieldPrompt, MMTE_APPENDIX_D_PROMPT, promptMessages } from "./prompt-templates";
import { markTarget, type TSuggestUnit } from "./suggest-unit";

const unit: TSuggestUnit = Object.freeze({
  segmentId: "s", segmentExternalId: "d1-s1", translationId: "t", system: "mt-alpha", mrwId: "m", mrwExternalId: "m1",
  sourceText: "She swallowed the last words of her speech", translationText: "她咽下了最后几句话", sourceLang: "en", targetLang: "zh",
  mrwSpans: [{ start: 4, end: 13 }], metaphorical: true,
});

describe("prompts", () => {
  it("marks target words as MMTE appendix D does (@word@), several spans from the end", () => {
    expect(markTarget(unit.sourceText, unit.mrwSpans)).toBe("She @swallowed@ the last words of her speech");
    expect(markTarget("pick it up now", [{ start: 0, end: 4 }, { start: 8, end: 10 }])).toBe("@pick@ it @up@ now");
  });

  it("EQUIVALENCE of a metaphorical MRW uses appendix D verbatim and Table 5's query", () => {
    const f = findSuggestField(MMTE_PRESET, "EQUIVALENCE");
    if (!f.ok) throw new Error(f.message);
    const field = fieldForUnit(f.field, unit)!;
    const p = fieldPrompt(field);
    expect(p.version).toMatch(/^mmte-appendix-d-equivalence@[0-9a-f]{12}$/);
    const [system, user] = promptMessages(p, field, unit);
    expect(system.content.startsWith(MMTE_APPENDIX_D_PROMPT)).toBe(true);
    expect(system.content).toContain("Full-Equivalence: When comparing the source sentence and translation sentence, both the literal meanings and the contextual meanings of the target word are the same.");
    expect(user.content).toBe("Source: She @swallowed@ the last words of her speech Translation: 她咽下了最后几句话 Equivalence and Explanation:");
    expect(p.reply.jsonSchema).toMatchObject({ properties: { value: { enum: ["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR"] } } });
    // a literal source MRW gets the other label set, under another prompt version
    const literal = fieldForUnit(f.field, { metaphorical: false })!;
    const pl = fieldPrompt(literal);
    expect(pl.reply.jsonSchema).toMatchObject({ properties: { value: { enum: ["LITERAL", "METAPHORICAL", "ERROR"] } } });
    expect(pl.version).not.toBe(p.version);
  });

  it("Likert fields get their guidelines and the five anchors; the version follows the wording", () => {
    const fluency = MMTE_PRESET.fields.find((x) => x.id === "FLUENCY")!;
    const p = fieldPrompt(fluency);
    expect(p.version).toMatch(/^likert@/);
    expect(p.instructions).toContain("5) Very Good; 4) Good; 3) Acceptable; 2) Poor; 1) Very Poor");
    expect(p.instructions).toContain("- 1: Very Poor");
    expect(fieldPrompt({ ...fluency, guidelines: "changed" }).version).not.toBe(p.version);
    expect(fieldPrompt(fluency).version).toBe(p.version);
  });

  it("lists MMTE's suggestible fields once each (EQUIVALENCE's two alternatives are one field)", () => {
    expect(suggestibleFields(MMTE_PRESET).map((f) => `${f.id}:${f.scope}`)).toEqual([
      "FLUENCY:translation", "INTELLIGIBILITY:translation", "FIDELITY:translation", "OVERALL:translation",
      "EQUIVALENCE:mrw-translation", "EMOTION:mrw-translation", "AUTHENTICITY:mrw-translation",
    ]);
  });

  it("refuses fields a model cannot answer in one value, naming why", () => {
    const r = findSuggestField(MMTE_PRESET, "POSTEDIT_FIGURATIVE");
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/scope segment/) });
    expect(findSuggestField(MMTE_PRESET, "NOPE")).toMatchObject({ ok: false, message: expect.stringMatching(/has no field NOPE/) });
  });
});

describe("reply schemas", () => {
  it("use only keywords strict structured output accepts, with a type on every enum", () => {
    const json = JSON.stringify(MMTE_PRESET.fields.filter((f) => ["scale", "choice"].includes(f.kind)).map((f) => fieldPrompt(f).reply.jsonSchema));
    expect(json).not.toMatch(/maxLength|uniqueItems|minLength/);
    const eq = fieldPrompt(MMTE_PRESET.fields.find((f) => f.id === "EMOTION")!).reply.jsonSchema;
    expect(eq).toEqual({
      type: "object",
      properties: { value: { type: "string", enum: ["ZERO", "LESS", "SAME", "MORE"] }, explanation: { type: "string" } },
      required: ["value", "explanation"],
      additionalProperties: false,
    });
  });
});
