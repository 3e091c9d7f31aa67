import { describe, expect, it } from "vitest";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { CR_ST_PRESET } from "@/lib/schemes/presets/cr-st";
import { EMOS_PRESET } from "@/lib/schemes/presets/emos";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { findSuggestField, fieldForUnit, suggestibleFields } from "./suggest-field";
import { CR_ST_PASS_PROMPTS, fieldPrompt, MMTE_APPENDIX_D_PROMPT, promptMessages, stepRequest } from "./prompt-templates";
import { parseReply } from "./reply-schema";
import { markTarget, type TSuggestUnit } from "./suggest-unit";

const unit: TSuggestUnit = Object.freeze({
  segmentId: "s", segmentExternalId: "d1-s1", itemKey: "t:m", translationId: "t", system: "mt-alpha", mrwId: "m", mrwExternalId: "m1", role: null,
  sourceText: "She swallowed the last words of her speech", translationText: "她咽下了最后几句话", sourceLang: "en", targetLang: "zh",
  mrwSpans: [{ start: 4, end: 13 }], metaphorical: true, texts: [], lists: {},
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
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/is of kind edit; a model can suggest/) });
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

describe("every scope", () => {
  const base: TSuggestUnit = { ...unit, itemKey: "-:-", translationId: null, system: null, mrwId: null, mrwExternalId: null, translationText: null, targetLang: null, mrwSpans: [] };
  const fieldOf = (scheme: typeof MMTE_PRESET, id: string) => {
    const f = findSuggestField(scheme, id);
    if (!f.ok) throw new Error(f.message);
    return f.field.alternatives[0];
  };

  it("a role-scoped field shows every role text of the item and names the one it is about", () => {
    const field = fieldOf(META4XNLI_PRESET, "inference");
    const u: TSuggestUnit = { ...base, itemKey: "role:hypothesis", role: "hypothesis", sourceText: "p h", texts: [{ role: "premise", label: "Premise", text: "Me voy a saltar eso." }, { role: "hypothesis", label: "Hypothesis", text: "Quiero contarlo todo." }] };
    const [system, user] = promptMessages(fieldPrompt(field), field, u);
    expect(user.content).toBe("Premise (en): Me voy a saltar eso.\nHypothesis (en): Quiero contarlo todo.\n(Inference relation is about the Hypothesis.)\nInference relation:");
    expect(system.content).toMatch(/^You annotate texts: Inference relation\./);
    expect(system.content).toContain('- "contradiction": contradiction — the hypothesis cannot be true if the premise is');
  });

  it("a choice with optionsFrom lists the item's candidates and takes them as the JSON Schema enum; the gold is never sent", () => {
    const field = fieldOf(CR_ST_PRESET, "overall-transparency");
    expect(fieldPrompt(field).template.id).toBe("likert");
    // a generic optionsFrom choice (not the cr-st answer, which runs PASS)
    const pick = { ...fieldOf(CR_ST_PRESET, "answer"), id: "pick" } as typeof field;
    const u: TSuggestUnit = { ...base, sourceText: "他做事总是［____］，从不拖延。", lists: { candidates: ["雷厉风行", "拖泥带水"] } };
    const p = fieldPrompt(pick);
    expect(p.template.id).toBe("field-guidelines");
    const { messages, reply } = stepRequest(p, 0, pick, u);
    expect(messages[1].content).toBe("Text (en): 他做事总是［____］，从不拖延。\nCandidates (candidates):\n- 雷厉风行\n- 拖泥带水\nIdiom for the blank:");
    expect(reply.jsonSchema).toMatchObject({ properties: { value: { type: "string", enum: ["雷厉风行", "拖泥带水"] } } });
    expect(parseReply(reply, '{"value": "拖泥带水", "explanation": ""}')).toMatchObject({ ok: true, value: "拖泥带水" });
    expect(parseReply(reply, '{"value": "画蛇添足", "explanation": ""}')).toMatchObject({ ok: false });
    // one version for every item, whatever its candidates
    expect(fieldPrompt(pick).version).toBe(p.version);
    // an item without candidates fails without a request
    expect(() => stepRequest(p, 0, pick, base)).toThrow(/no "candidates" list/);
  });

  it("a document-scoped field shows the whole document; a segment-scoped vector its text", () => {
    const genre = { id: "genre", scope: "document", kind: "choice", label: "Genre", options: [{ value: "news" }, { value: "fiction" }], required: false } as unknown as Parameters<typeof fieldPrompt>[0];
    const d: TSuggestUnit = { ...base, itemKey: "document", sourceText: "First sentence.\nSecond sentence." };
    expect(promptMessages(fieldPrompt(genre), genre, d)[1].content).toBe("Document (en):\nFirst sentence.\nSecond sentence.\nGenre:");
    const emotions = fieldOf(EMOS_PRESET, "source_emotions");
    const p = fieldPrompt(emotions);
    expect(promptMessages(p, emotions, { ...base, sourceText: "I can't believe she's gone." })[1].content).toBe("Text (en): I can't believe she's gone.\nEmotions of the source:");
    // the vector's nonZero rule holds for a model too
    expect(parseReply(p.reply, JSON.stringify({ value: { happiness: 0, sadness: 0, fear: 0, anger: 0, surprise: 0, disgust: 0, neutrality: 0 }, explanation: "" }))).toMatchObject({ ok: false, message: expect.stringMatching(/mark neutrality/) });
  });
});

describe("tags", () => {
  const metaphor = META4XNLI_PRESET.fields.find((f) => f.id === "metaphor")!;
  const sentence: TSuggestUnit = { ...unit, itemKey: "-:-", translationId: null, system: null, mrwId: null, mrwExternalId: null, translationText: null, targetLang: null, mrwSpans: [], sourceText: "Sales were climbing fast." };

  it("one tag per whitespace token: the enum is O/B-/I- of the tag set and the length exact", () => {
    const { messages, reply } = stepRequest(fieldPrompt(metaphor), 0, metaphor, sentence);
    expect(messages[1].content).toBe('Text (en): Sales were climbing fast.\nTokens (4, one tag each): ["Sales","were","climbing","fast."]\nMetaphorical tokens:');
    expect(reply.jsonSchema).toMatchObject({ properties: { value: { type: "array", items: { type: "string", enum: ["O", "B-METAPHOR", "I-METAPHOR"] }, minItems: 4, maxItems: 4 } } });
    expect(parseReply(reply, '{"value": ["O","O","B-METAPHOR","O"], "explanation": "climbing"}')).toMatchObject({ ok: true, value: ["O", "O", "B-METAPHOR", "O"] });
    expect(parseReply(reply, '{"value": ["O","O","B-METAPHOR"], "explanation": ""}')).toMatchObject({ ok: false, message: expect.stringMatching(/exactly 4 tags/) });
    // the BIO rule: I-X continues a B-X or I-X
    expect(parseReply(reply, '{"value": ["O","I-METAPHOR","O","O"], "explanation": ""}')).toMatchObject({ ok: false, message: expect.stringMatching(/token 2: "I-METAPHOR" follows "O"/) });
    // the version does not depend on the sentence's length
    expect(fieldPrompt(metaphor).version).toMatch(/^field-guidelines@/);
    expect(fieldPrompt(metaphor).instructions).toContain('"B-<tag>" for the first token');
  });

  it("without bio, null marks an untagged token", () => {
    const pos = { id: "pos", scope: "segment", kind: "tags", label: "POS", tags: [{ value: "N" }, { value: "V" }], bio: false, tokens: "whitespace", required: false } as unknown as typeof metaphor;
    const { reply } = stepRequest(fieldPrompt(pos), 0, pos, sentence);
    expect(reply.jsonSchema).toMatchObject({ properties: { value: { items: { type: ["string", "null"], enum: ["N", "V", null] } } } });
    expect(parseReply(reply, '{"value": ["N", null, "V", null], "explanation": ""}')).toMatchObject({ ok: true });
  });
});

describe("CR-ST PASS", () => {
  const answer = CR_ST_PRESET.fields.find((f) => f.id === "answer")!;
  const blank: TSuggestUnit = {
    ...unit, itemKey: "-:-", translationId: null, system: null, mrwId: null, mrwExternalId: null, translationText: null, targetLang: null, mrwSpans: [], sourceLang: "zh",
    sourceText: "他做事总是［____］，从不拖延；可他的同事却［…］。", lists: { candidates: ["雷厉风行", "拖泥带水", "画蛇添足"] },
  };

  it("is the paper's three steps, each prompt as printed, versioned over all three", () => {
    const p = fieldPrompt(answer);
    expect(p.version).toMatch(/^cr-st-pass@[0-9a-f]{12}$/);
    expect(p.steps.map((s) => s.id)).toEqual(["paraphrase", "answer", "self-check"]);
    expect(p.steps[0].instructions.startsWith(CR_ST_PASS_PROMPTS.paraphrase)).toBe(true);
    expect(p.steps[1].instructions.startsWith(CR_ST_PASS_PROMPTS.answer)).toBe(true);
    expect(p.steps[2].instructions.startsWith(CR_ST_PASS_PROMPTS.selfCheck)).toBe(true);
    expect(CR_ST_PASS_PROMPTS.answer).toContain("best fits into the placeholder #idiom# in the context");
  });

  it("step 1 asks for a paraphrase of every candidate; steps 2 and 3 get the context with #idiom#, the paraphrases and (3) the prediction", () => {
    const p = fieldPrompt(answer);
    const s1 = stepRequest(p, 0, answer, blank);
    expect(s1.messages[1].content).toBe("Candidate idioms:\n- 雷厉风行\n- 拖泥带水\n- 画蛇添足\nIdioms paraphrase:");
    expect(s1.reply.jsonSchema).toMatchObject({ properties: { value: { type: "array", minItems: 3, maxItems: 3, items: { properties: { idiom: { enum: ["雷厉风行", "拖泥带水", "画蛇添足"] } } } } } });
    const paraphrases = [{ idiom: "雷厉风行", paraphrase: "办事迅速" }, { idiom: "拖泥带水", paraphrase: "办事拖拉" }, { idiom: "画蛇添足", paraphrase: "多此一举" }];
    expect(parseReply(s1.reply, JSON.stringify({ value: paraphrases, explanation: "" }))).toMatchObject({ ok: true });
    expect(parseReply(s1.reply, JSON.stringify({ value: [paraphrases[0], paraphrases[0], paraphrases[2]], explanation: "" }))).toMatchObject({ ok: false, message: expect.stringMatching(/no paraphrase of 拖泥带水/) });
    const s2 = stepRequest(p, 1, answer, blank, { paraphrase: paraphrases });
    expect(s2.messages[1].content).toBe("Context: 他做事总是#idiom#，从不拖延；可他的同事却［…］。\nCandidate idioms:\n- 雷厉风行\n- 拖泥带水\n- 画蛇添足\nIdioms paraphrase:\n- 雷厉风行: 办事迅速\n- 拖泥带水: 办事拖拉\n- 画蛇添足: 多此一举\nPredictive idiom:");
    expect(s2.reply.jsonSchema).toMatchObject({ properties: { value: { enum: ["雷厉风行", "拖泥带水", "画蛇添足"] } } });
    const s3 = stepRequest(p, 2, answer, blank, { paraphrase: paraphrases, answer: "拖泥带水" });
    expect(s3.messages[1].content.endsWith("Predictive idiom: 拖泥带水\nPredictive idiom / revised idiom:")).toBe(true);
    // the gold answer is not in any step's messages (the unit carries no gold list)
    expect(JSON.stringify([s1, s2, s3].map((s) => s.messages))).not.toContain('"answer"');
  });
});
