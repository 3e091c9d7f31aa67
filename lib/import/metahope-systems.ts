/**
 * MT system names as printed in the MetaHOPE paper's tables 3–6
 * (Liang & Han 2026): "GoogleMT", "GPT-5.4", "Hunyuan-LLM-7B". The sheets
 * say `Google_translate`, `GPT_5.4`, `hunyuan_7b`; the prose also says
 * "GPT5.4", "Hunyuan-7b", "Hunyuan-llm-8b". One canonical name per system
 * keeps scores from A's and B's sheets (and the paper) joinable.
 */
export const METAHOPE_SYSTEMS = ["GoogleMT", "GPT-5.4", "Hunyuan-LLM-7B"] as const;
export type TMetahopeSystem = (typeof METAHOPE_SYSTEMS)[number];

/** Canonical name, or undefined when the header names no known system. */
export function normaliseMetahopeSystem(raw: string): TMetahopeSystem | undefined {
  const s = raw.trim().toLowerCase();
  if (/google/.test(s)) return "GoogleMT";
  if (/gpt[\s_.-]*5[\s_.-]*4/.test(s)) return "GPT-5.4";
  if (/hunyuan/.test(s)) return "Hunyuan-LLM-7B";
  return undefined;
}
