/**
 * Asks a model about one unit with a field's prompt: one structured request per step of the
 * template (lib/models/prompt-templates.ts), each validated and asked again when its reply does
 * not fit (requestStructured), each later step given the earlier steps' answers. The outcome is
 * the last step's value, or the first step's failure ("step 2 of 3 (answer): invalid reply …"),
 * with every message sent and, for a chain, each step's prompt, raw reply, value and counts: the
 * provenance a published comparison needs (CR-ST's PASS: the paraphrases the answer rests on).
 *
 * A unit that lacks what its field needs (a cloze item without candidates) fails without a request.
 */
import { requestStructured, DEFAULT_CHAT_PARAMS, type TChatOutcome, type TChatParams, type TEnv, type TModelEndpointConfig } from "./chat-completion";
import { stepRequest, type TChatMessage, type TFieldPrompt } from "./prompt-templates";
import { UnitReplyError } from "./reply-schema";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import type { TSuggestUnit } from "./suggest-unit";

/** One step of a chain as kept in the suggestion's `params.steps`. */
export interface TChainStepRecord {
  step: string;
  messages: TChatMessage[];
  /** the reply text as received (the last one, when it was asked again) */
  reply: string | null;
  value: unknown;
  explanation: string | null;
  ok: boolean;
  failure: string | null;
  attempts: number;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
}

export interface TPromptOutcome extends TChatOutcome {
  /** every message sent, every step's in order: what left the server */
  messages: TChatMessage[];
  /** per step, for templates of more than one step; null for one-step templates */
  steps: TChainStepRecord[] | null;
}

export async function runPrompt(
  endpoint: TModelEndpointConfig,
  prompt: TFieldPrompt,
  field: TSchemeField,
  unit: TSuggestUnit,
  params: TChatParams = DEFAULT_CHAT_PARAMS,
  env: TEnv = process.env,
): Promise<TPromptOutcome> {
  const chain = prompt.template.steps.length > 1;
  const total: TPromptOutcome = { ok: false, value: null, explanation: null, failure: null, rawReply: null, tokensIn: 0, tokensOut: 0, latencyMs: 0, attempts: 0, messages: [], steps: chain ? [] : null };
  const earlier: Record<string, unknown> = {};
  for (let i = 0; i < prompt.template.steps.length; i++) {
    const id = prompt.steps[i].id;
    const where = chain ? `step ${i + 1} of ${prompt.steps.length} (${id}): ` : "";
    let request;
    try {
      request = stepRequest(prompt, i, field, unit, earlier);
    } catch (e) {
      if (e instanceof UnitReplyError) return { ...total, ok: false, value: null, failure: `${where}${e.message}` };
      throw e;
    }
    const out = await requestStructured(endpoint, request.messages, request.reply, params, env);
    total.messages.push(...request.messages);
    total.tokensIn += out.tokensIn;
    total.tokensOut += out.tokensOut;
    total.latencyMs += out.latencyMs;
    total.attempts += out.attempts;
    total.rawReply = out.rawReply;
    total.steps?.push({
      step: id, messages: request.messages, reply: out.rawReply, value: out.ok ? out.value : null, explanation: out.explanation, ok: out.ok,
      failure: out.failure, attempts: out.attempts, tokensIn: out.tokensIn, tokensOut: out.tokensOut, latencyMs: out.latencyMs,
    });
    if (!out.ok) return { ...total, ok: false, value: null, explanation: null, failure: `${where}${out.failure ?? "no answer"}` };
    earlier[id] = out.value;
    total.value = out.value;
    total.explanation = out.explanation;
  }
  return { ...total, ok: true, failure: null };
}
