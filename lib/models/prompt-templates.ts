/**
 * Prompt templates per field, versioned. A template turns a field's definition (label, guidelines,
 * options) into the instructions, and a unit into the query. The prompt version is a hash of the
 * template's id, its instruction text for that field and the reply schema: editing the template,
 * the field's guidelines or its options gives a new version, so suggestions made under the old
 * wording stay apart (and a job for the new version asks again).
 *
 * - `mmte-appendix-d-equivalence`: MMTE (Wang et al. 2024) appendix D, Table 5, verbatim: the
 *   prompt with the five definitions and their examples, and the query "Source: … Translation: …
 *   Equivalence and Explanation:". Used for EQUIVALENCE when the source MRW is metaphorical.
 * - `likert`: a scale field (MMTE's four quality aspects, authenticity): the field's guidelines
 *   (which quote the paper's B.1/B.4 instructions) and the meaning of every value.
 * - `field-guidelines`: any other suggestible field: its guidelines and its options with their
 *   definitions.
 */
import { createHash } from "node:crypto";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { valueLabelText } from "@/lib/schemes/language/scheme-option";
import { replySchemaFor, type TReplySchema } from "./reply-schema";
import { markTarget, type TSuggestUnit } from "./suggest-unit";

export type TChatMessage = { role: "system" | "user"; content: string };

export interface TPromptTemplate {
  id: string;
  instructions(field: TSchemeField): string;
  query(field: TSchemeField, unit: TSuggestUnit): string;
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
  return [];
}

/** How to answer, in words (the JSON Schema says it again in `response_format`). */
function answerFormat(field: TSchemeField): string {
  const what =
    field.kind === "scale"
      ? `a number from ${field.min} to ${field.max}${field.step !== 1 ? ` in steps of ${field.step}` : ""}`
      : field.kind === "choice"
        ? "exactly one of the value codes listed above"
        : field.kind === "multi"
          ? "a list of option values listed above"
          : field.kind === "vector"
            ? "an object with one number per dimension"
            : `a ${field.kind}`;
  return `Answer with a JSON object {"value": …, "explanation": "…"}: "value" is ${what}; "explanation" says briefly why.`;
}

const sourceLine = (u: TSuggestUnit) => (u.mrwId ? markTarget(u.sourceText, u.mrwSpans) : u.sourceText);

const queryText = (field: TSchemeField, u: TSuggestUnit) =>
  [
    `Source (${u.sourceLang}): ${sourceLine(u)}`,
    `Translation (${u.targetLang}): ${u.translationText}`,
    ...(u.mrwId ? [`Target word: ${u.mrwSpans.map((s) => u.sourceText.slice(s.start, s.end)).join(" … ")}`] : []),
    `${field.label}:`,
  ].join("\n");

export const MMTE_EQUIVALENCE_TEMPLATE: TPromptTemplate = {
  id: "mmte-appendix-d-equivalence",
  instructions: (field) =>
    [
      MMTE_APPENDIX_D_PROMPT,
      "",
      "Value codes: FULL = Full-Equivalence, PART = Part-Equivalence, NON = Non-Equivalence, MISUNDERSTANDING = Misunderstanding, ERROR = Error.",
      answerFormat(field),
    ].join("\n"),
  // Table 5's query, with the target word marked as in the prompt's examples
  query: (_field, u) => `Source: ${markTarget(u.sourceText, u.mrwSpans)} Translation: ${u.translationText} Equivalence and Explanation:`,
};

export const LIKERT_TEMPLATE: TPromptTemplate = {
  id: "likert",
  instructions: (field) =>
    [
      `You rate machine translations (${field.label}).`,
      field.description ?? "",
      field.guidelines ?? "",
      "Scale:",
      ...optionLines(field),
      answerFormat(field),
    ].filter((l) => l !== "").join("\n"),
  query: queryText,
};

export const FIELD_GUIDELINES_TEMPLATE: TPromptTemplate = {
  id: "field-guidelines",
  instructions: (field) =>
    [
      `You annotate machine translations: ${field.label}.`,
      field.description ?? "",
      field.guidelines ?? "",
      ...(optionLines(field).length ? ["Options:", ...optionLines(field)] : []),
      answerFormat(field),
    ].filter((l) => l !== "").join("\n"),
  query: queryText,
};

const isMmteMetaphoricalEquivalence = (field: TSchemeField) =>
  field.id === "EQUIVALENCE" && field.kind === "choice" && (field.options ?? []).some((o) => o.value === "MISUNDERSTANDING");

export function templateFor(field: TSchemeField): TPromptTemplate {
  if (isMmteMetaphoricalEquivalence(field)) return MMTE_EQUIVALENCE_TEMPLATE;
  if (field.kind === "scale") return LIKERT_TEMPLATE;
  return FIELD_GUIDELINES_TEMPLATE;
}

export interface TFieldPrompt {
  template: TPromptTemplate;
  instructions: string;
  reply: TReplySchema;
  /** "likert@3f2a9c0b1d4e": template id and a hash of what the model is told besides the unit */
  version: string;
}

export function fieldPrompt(field: TSchemeField): TFieldPrompt {
  const template = templateFor(field);
  const instructions = template.instructions(field);
  const reply = replySchemaFor(field);
  const hash = createHash("sha256").update(JSON.stringify([template.id, instructions, reply.jsonSchema])).digest("hex").slice(0, 12);
  return { template, instructions, reply, version: `${template.id}@${hash}` };
}

export function promptMessages(p: TFieldPrompt, field: TSchemeField, unit: TSuggestUnit): TChatMessage[] {
  return [
    { role: "system", content: p.instructions },
    { role: "user", content: p.template.query(field, unit) },
  ];
}
