/**
 * Prompt templates per field, versioned. A template is one or more steps; each step turns the
 * field's definition (label, guidelines, options) into instructions and a unit into a query, and
 * the last step's reply is the suggested value. The prompt version is a hash of the template's
 * id, every step's instructions for that field and the reply shapes: editing a template, the
 * field's guidelines or its options gives a new version, so suggestions made under the old
 * wording stay apart (and a job for the new version asks again).
 *
 * - `mmte-appendix-d-equivalence`: MMTE (Wang et al. 2024) appendix D, Table 5, verbatim: the
 *   prompt with the five definitions and their examples, and the query "Source: … Translation: …
 *   Equivalence and Explanation:". Used for EQUIVALENCE when the source MRW is metaphorical.
 * - `likert`: a scale field (MMTE's four quality aspects, authenticity): the field's guidelines
 *   (which quote the paper's B.1/B.4 instructions) and the meaning of every value.
 * - `field-guidelines`: any other suggestible field: its guidelines and its options with their
 *   definitions; a choice whose options come from the item lists the item's candidates, a tags
 *   field the tokens to tag.
 * - `cr-st-pass`: CR-ST's cloze answer (Gao et al. 2025, section 4, Prompt 1) as the paper's
 *   three-step chain PASS: paraphrase every candidate idiom, choose the one that fits the
 *   placeholder #idiom# by the paraphrases, then self-check the choice (kept or revised). The
 *   three prompts are the paper's wording; each step's reply is structured and validated (the
 *   paraphrases one per candidate, the answers one of the candidates).
 *
 * The query shows the unit at its scope: a translation with its source, an MRW marked @word@, a
 * segment's text, every role text of the item with the one the field is about named, a whole
 * document. Never an item list a field takes its gold from (the unit carries none).
 */
import { createHash } from "node:crypto";
import { THIS_BLANK } from "@/lib/import/parse-chid";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { isMmteMetaphoricalEquivalence } from "@/lib/schemes/presets/preset-field-roles";
import { valueLabelText } from "@/lib/schemes/language/scheme-option";
import { DOCUMENT_ITEM_KEY } from "@/lib/schemes/language/value-anchor";
import { schemeFieldTokens } from "@/lib/workspace/scheme-tokens";
import { z } from "zod";
import { enumJson, oneOf, replyDependsOnUnit, replySchemaFor, replyShapeOf, UnitReplyError, type TReplyContext, type TReplySchema } from "./reply-schema";
import { markTarget, unitText, type TSuggestUnit } from "./suggest-unit";

export type TChatMessage = { role: "system" | "user"; content: string };

/** The values earlier steps of a chain answered, by step id. */
export type TEarlierSteps = Readonly<Record<string, unknown>>;

export interface TPromptStep {
  /** "answer" for one-step templates; the chain's names otherwise ("paraphrase", "answer", "self-check") */
  id: string;
  instructions(field: TSchemeField): string;
  query(field: TSchemeField, unit: TSuggestUnit, earlier: TEarlierSteps): string;
  /** the step's reply for a unit; default: the field's own value (unitReply) */
  reply?(field: TSchemeField, unit: TSuggestUnit): TReplySchema;
  /** the unit-independent shape of that reply, for the version; default: the field's */
  shape?(field: TSchemeField): Record<string, unknown>;
}

export interface TPromptTemplate {
  id: string;
  steps: readonly TPromptStep[];
}

/** MMTE appendix D, Table 5 ("Prompts"), as printed (the paper's line breaks between definitions restored). */
export const MMTE_APPENDIX_D_PROMPT = [
  "Please compare the source sentence and its translation, and determine to what extent the @target word@ and its translation are Equivalent in figuration. Here are the definitions of the three types of Equivalence and two types of mistake:",
  "Full-Equivalence: When comparing the source sentence and translation sentence, both the literal meanings and the contextual meanings of the target word are the same. Example: source: He @injected@ new life into the performance. translation: 他给表演@注入@了新的生命",
  "Part-Equivalence: When comparing between the source sentence and translation sentence, only the contextual meanings of the target word are similar. The literal meaning of the target word between the source sentence and translation are different, but they are both metaphorical. Example: source: @Wallow@ in your success! translation: @沉浸@在你的成功中吧!",
  "Non-Equivalence: When comparing the source and translation, only the contextual meanings of the target word are similar. However, the translation is a non-metaphorical expression, making the literal meaning of the target word between the source and translation different. Example: source: Sales were @climbing@ after prices were lowered. translation: 价格下跌后销售额@上升@。",
  "Misunderstanding: When the literal meanings are similar between the target word in the source text and the target word in the translation, but the translation conveys no contextual meaning like the target in the source language. Example: source: I @attacked@ the problem as soon as I got out of bed. translation: 我一下床就@攻击@了问题",
  "Error: When the target word is mistranslated, meaning not only that the contextual meanings are different between the source and translation, but their literal meanings also differ. Example: source: The @stamp@ fruit extract the juice. translation: 果果提取果汁。",
].join("\n");

/** CR-ST (Gao et al. 2025), section 4, Prompt 1: the three prompts of PASS, as printed. */
export const CR_ST_PASS_PROMPTS = {
  paraphrase: "You are an expert in Chinese idioms, please generate paraphrase for the following idioms according to your knowledge.",
  answer:
    "This is a cloze task where you need to understand the context and the candidate idioms, and choose the one from the candidate idioms according to the idiom paraphrase that best fits into the placeholder #idiom# in the context.",
  selfCheck:
    "This is a cloze task where you have to determine whether the predictive idiom is correct. If it is correct, the result is printed directly. If it is not correct, you need to re-select the most suitable idiom from the candidate idioms.",
} as const;

/** The unit's lists and token count for its reply schema (lib/models/reply-schema.ts). */
export function unitReplyContext(field: TSchemeField, u: TSuggestUnit): TReplyContext {
  if (field.kind !== "tags") return { lists: u.lists, tokens: 0 };
  const t = unitText(u);
  return { lists: u.lists, tokens: schemeFieldTokens(field, t.text, t.language, u.lists).length };
}

/** The field's reply for one unit (its own options or the item's, its token count). */
export function unitReply(field: TSchemeField, u: TSuggestUnit): TReplySchema {
  return replyDependsOnUnit(field) ? replySchemaFor(field, unitReplyContext(field, u)) : replySchemaFor(field);
}

function optionLines(field: TSchemeField): string[] {
  if ((field.kind === "choice" || field.kind === "multi") && field.options) {
    return field.options.map((o) => `- ${JSON.stringify(o.value)}: ${o.label ?? o.value}${o.description ? ` — ${o.description}` : ""}`);
  }
  if (field.kind === "scale") {
    const lines: string[] = [];
    for (const [v, l] of Object.entries(field.labels ?? {})) lines.push(`- ${v}: ${valueLabelText(l)}`);
    return lines;
  }
  if (field.kind === "boolean") return ["- true or false"];
  if (field.kind === "vector") return field.dimensions.map((d) => `- ${d.id}: ${d.label ?? d.id}${d.description ? ` — ${d.description}` : ""} (${field.min}–${field.max})`);
  if (field.kind === "tags") return field.tags.map((t) => `- ${JSON.stringify(t.value)}: ${t.label ?? t.value}${t.description ? ` — ${t.description}` : ""}`);
  return [];
}

/** How to answer, in words (the JSON Schema says it again in `response_format`). */
function answerFormat(field: TSchemeField): string {
  const what =
    field.kind === "scale"
      ? `a number from ${field.min} to ${field.max}${field.step !== 1 ? ` in steps of ${field.step}` : ""}`
      : field.kind === "choice"
        ? field.options
          ? "exactly one of the value codes listed above"
          : `exactly one of the ${field.optionsFrom} given with the item, as written there`
        : field.kind === "multi"
          ? field.options
            ? "a list of option values listed above"
            : `a list of the ${field.optionsFrom} given with the item, as written there`
          : field.kind === "vector"
            ? "an object with one number per dimension"
            : field.kind === "tags"
              ? field.bio
                ? `a list with one tag per token, in the order of the tokens given: "O" for a token outside any tag, "B-<tag>" for the first token of a tagged expression, "I-<tag>" for each further token of the same expression`
                : "a list with one tag per token, in the order of the tokens given, null for a token without a tag"
              : `a ${field.kind}`;
  return `Answer with a JSON object {"value": …, "explanation": "…"}: "value" is ${what}; "explanation" says briefly why.`;
}

/** What the annotators annotate, for the instructions' first line. */
const taskNoun = (field: TSchemeField) => (field.scope === "translation" || field.scope === "mrw-translation" ? "machine translations" : "texts");

const sourceLine = (u: TSuggestUnit) => (u.mrwId ? markTarget(u.sourceText, u.mrwSpans) : u.sourceText);

/** The unit as the query shows it (see the module comment), then what the item offers to choose from. */
function unitLines(field: TSchemeField, u: TSuggestUnit): string[] {
  const lines: string[] = [];
  if (u.translationId !== null) {
    lines.push(`Source (${u.sourceLang}): ${sourceLine(u)}`, `Translation (${u.targetLang}): ${u.translationText}`);
  } else if (u.itemKey === DOCUMENT_ITEM_KEY) {
    lines.push(`Document (${u.sourceLang}):`, u.sourceText);
  } else if (u.role !== null) {
    for (const t of u.texts) lines.push(`${t.label} (${u.sourceLang}): ${t.text}`);
    lines.push(`(${field.label} is about the ${u.texts.find((t) => t.role === u.role)?.label ?? u.role}.)`);
  } else {
    lines.push(`Text (${u.sourceLang}): ${sourceLine(u)}`);
  }
  if (u.mrwId) lines.push(`Target word: ${u.mrwSpans.map((s) => u.sourceText.slice(s.start, s.end)).join(" … ")}`);
  if ((field.kind === "choice" || field.kind === "multi") && field.optionsFrom) {
    lines.push(`Candidates (${field.optionsFrom}):`, ...(u.lists[field.optionsFrom] ?? []).map((v) => `- ${String(v)}`));
  }
  if (field.kind === "tags") {
    const t = unitText(u);
    const tokens = schemeFieldTokens(field, t.text, t.language, u.lists).map((x) => x.text);
    lines.push(`Tokens (${tokens.length}, one tag each): ${JSON.stringify(tokens)}`);
  }
  return lines;
}

const queryText = (field: TSchemeField, u: TSuggestUnit) => [...unitLines(field, u), `${field.label}:`].join("\n");

/** A template of one step: its instructions, and the query with the unit. */
function oneStep(id: string, instructions: TPromptStep["instructions"], query: (field: TSchemeField, u: TSuggestUnit) => string): TPromptTemplate {
  return { id, steps: [{ id: "answer", instructions, query: (field, u) => query(field, u) }] };
}

export const MMTE_EQUIVALENCE_TEMPLATE: TPromptTemplate = oneStep(
  "mmte-appendix-d-equivalence",
  (field) =>
    [
      MMTE_APPENDIX_D_PROMPT,
      "",
      "Value codes: FULL = Full-Equivalence, PART = Part-Equivalence, NON = Non-Equivalence, MISUNDERSTANDING = Misunderstanding, ERROR = Error.",
      answerFormat(field),
    ].join("\n"),
  // Table 5's query, with the target word marked as in the prompt's examples
  (_field, u) => `Source: ${markTarget(u.sourceText, u.mrwSpans)} Translation: ${u.translationText} Equivalence and Explanation:`,
);

export const LIKERT_TEMPLATE: TPromptTemplate = oneStep(
  "likert",
  (field) =>
    [
      `You rate ${taskNoun(field)} (${field.label}).`,
      field.description ?? "",
      field.guidelines ?? "",
      "Scale:",
      ...optionLines(field),
      answerFormat(field),
    ].filter((l) => l !== "").join("\n"),
  queryText,
);

export const FIELD_GUIDELINES_TEMPLATE: TPromptTemplate = oneStep(
  "field-guidelines",
  (field) =>
    [
      `You annotate ${taskNoun(field)}: ${field.label}.`,
      field.description ?? "",
      field.guidelines ?? "",
      ...(optionLines(field).length ? [field.kind === "tags" ? "Tags:" : "Options:", ...optionLines(field)] : []),
      answerFormat(field),
    ].filter((l) => l !== "").join("\n"),
  queryText,
);

// ---- CR-ST's PASS chain ------------------------------------------------------------------------

/** The cloze paragraph as PASS's prompts name it: this blank as the placeholder #idiom#, the others elided. */
export function passContext(u: TSuggestUnit): string {
  return u.sourceText.split(THIS_BLANK).join("#idiom#");
}

const candidatesOf = (u: TSuggestUnit): string[] => (u.lists.candidates ?? []).map(String);
const candidateLines = (u: TSuggestUnit) => ["Candidate idioms:", ...candidatesOf(u).map((c) => `- ${c}`)];
type TParaphrase = { idiom: string; paraphrase: string };
const paraphraseLines = (earlier: TEarlierSteps) => ["Idioms paraphrase:", ...((earlier.paraphrase ?? []) as TParaphrase[]).map((p) => `- ${p.idiom}: ${p.paraphrase}`)];

/** Step 1's reply: one paraphrase per candidate, each candidate once, in any order. */
function paraphraseReply(u: TSuggestUnit): TReplySchema {
  const candidates = candidatesOf(u);
  if (!candidates.length) throw new UnitReplyError('the item has no "candidates" list to paraphrase');
  const n = candidates.length;
  const item = z.object({ idiom: oneOf(candidates), paraphrase: z.string().min(1).max(1000) }).strict();
  return {
    name: "tropos_cr_st_paraphrase",
    jsonSchema: paraphraseShape(candidates, n),
    zod: z.object({ value: z.array(item).length(n, `exactly ${n} paraphrases, one per candidate`), explanation: z.string().max(4000) }).strict() as z.ZodType<{ value: unknown; explanation: string }>,
    check: (value) => {
      const seen = new Set((value as TParaphrase[]).map((p) => p.idiom));
      const missing = candidates.filter((c) => !seen.has(c));
      return missing.length ? `no paraphrase of ${missing.join(", ")}` : null;
    },
  };
}

function paraphraseShape(candidates: readonly string[] | null, n: number | null): Record<string, unknown> {
  const idiom = candidates ? enumJson(candidates) : { type: "string", enum: ["<the item's candidates>"] };
  const items = { type: "object", properties: { idiom, paraphrase: { type: "string" } }, required: ["idiom", "paraphrase"], additionalProperties: false };
  return {
    type: "object",
    properties: { value: { type: "array", items, ...(n === null ? { "x-length": "one per candidate" } : { minItems: n, maxItems: n }) }, explanation: { type: "string" } },
    required: ["value", "explanation"],
    additionalProperties: false,
  };
}

const PASS_ANSWER_FORMAT = 'Answer with a JSON object {"value": "…", "explanation": "…"}: "value" is one of the candidate idioms, exactly as written there; "explanation" says briefly why.';

export const CR_ST_PASS_TEMPLATE: TPromptTemplate = {
  id: "cr-st-pass",
  steps: [
    {
      id: "paraphrase",
      instructions: () =>
        [CR_ST_PASS_PROMPTS.paraphrase, 'Answer with a JSON object {"value": [{"idiom": "…", "paraphrase": "…"}, …], "explanation": ""}: one paraphrase for every candidate idiom, the idiom exactly as written there.'].join("\n"),
      query: (_field, u) => [...candidateLines(u), "Idioms paraphrase:"].join("\n"),
      reply: (_field, u) => paraphraseReply(u),
      shape: () => paraphraseShape(null, null),
    },
    {
      id: "answer",
      instructions: () => [CR_ST_PASS_PROMPTS.answer, PASS_ANSWER_FORMAT].join("\n"),
      query: (_field, u, earlier) => [`Context: ${passContext(u)}`, ...candidateLines(u), ...paraphraseLines(earlier), "Predictive idiom:"].join("\n"),
    },
    {
      id: "self-check",
      instructions: () => [CR_ST_PASS_PROMPTS.selfCheck, PASS_ANSWER_FORMAT].join("\n"),
      query: (_field, u, earlier) =>
        [`Context: ${passContext(u)}`, ...candidateLines(u), ...paraphraseLines(earlier), `Predictive idiom: ${String(earlier.answer)}`, "Predictive idiom / revised idiom:"].join("\n"),
    },
  ],
};

/** The cr-st preset's cloze answer (lib/schemes/presets/cr-st.json): a choice among the item's candidates. */
const isCrStAnswer = (field: TSchemeField) => field.id === "answer" && field.kind === "choice" && field.optionsFrom === "candidates";

export function templateFor(field: TSchemeField): TPromptTemplate {
  if (isMmteMetaphoricalEquivalence(field)) return MMTE_EQUIVALENCE_TEMPLATE;
  if (isCrStAnswer(field)) return CR_ST_PASS_TEMPLATE;
  if (field.kind === "scale") return LIKERT_TEMPLATE;
  return FIELD_GUIDELINES_TEMPLATE;
}

export interface TFieldPrompt {
  template: TPromptTemplate;
  /** the last step's instructions (the only step's, for one-step templates) */
  instructions: string;
  /** every step's instructions, in order */
  steps: { id: string; instructions: string }[];
  /** the last step's reply for units whose values do not depend on the unit (else its shape: use unitReply) */
  reply: TReplySchema;
  /** "likert@3f2a9c0b1d4e": template id and a hash of what the model is told besides the unit */
  version: string;
}

export function fieldPrompt(field: TSchemeField): TFieldPrompt {
  const template = templateFor(field);
  const steps = template.steps.map((s) => ({ id: s.id, instructions: s.instructions(field) }));
  const shapes = template.steps.map((s) => (s.shape ? s.shape(field) : replyShapeOf(field)));
  const last = steps[steps.length - 1];
  // one step: the hash as it always was (template, instructions, reply schema), so versions of suggestions already made stay
  const hashed = steps.length === 1 ? [template.id, last.instructions, shapes[0]] : [template.id, steps.map((s) => s.instructions), shapes];
  const hash = createHash("sha256").update(JSON.stringify(hashed)).digest("hex").slice(0, 12);
  return { template, instructions: last.instructions, steps, reply: replySchemaFor(field), version: `${template.id}@${hash}` };
}

/** The messages of one step for one unit, and the reply it must fit. */
export function stepRequest(p: TFieldPrompt, index: number, field: TSchemeField, unit: TSuggestUnit, earlier: TEarlierSteps = {}): { messages: TChatMessage[]; reply: TReplySchema } {
  const step = p.template.steps[index];
  return {
    messages: [
      { role: "system", content: p.steps[index].instructions },
      { role: "user", content: step.query(field, unit, earlier) },
    ],
    reply: step.reply ? step.reply(field, unit) : unitReply(field, unit),
  };
}

/** The messages of a one-step template for one unit. */
export function promptMessages(p: TFieldPrompt, field: TSchemeField, unit: TSuggestUnit): TChatMessage[] {
  return [
    { role: "system", content: p.instructions },
    { role: "user", content: p.template.steps[p.template.steps.length - 1].query(field, unit, {}) },
  ];
}
