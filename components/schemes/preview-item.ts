// The sample item the scheme preview renders (a managers' preview of the workspace, not stored):
// the demo corpus's first sentence, a metaphorical and a literal MRW, two translations, and a
// text for every role the scheme declares.
export interface TPreviewMrw {
  id: string;
  token: string;
  metaphorical: boolean;
}
export interface TPreviewItem {
  source: string;
  mrws: TPreviewMrw[];
  translations: { id: string; label: string; text: string }[];
}

export const PREVIEW_ITEM: TPreviewItem = {
  source: "After two years of rapid growth, the regional economy has run out of steam.",
  mrws: [
    { id: "m1", token: "run out of steam", metaphorical: true },
    { id: "m2", token: "growth", metaphorical: false },
  ],
  translations: [
    { id: "t1", label: "Translation A", text: "经过两年的快速增长，地区经济已经后劲不足。" },
    { id: "t2", label: "Translation B", text: "Dopo due anni di rapida crescita, l'economia regionale ha esaurito la spinta." },
  ],
};

/** Words and punctuation; Chinese, Japanese and Korean characters one by one. */
export function previewTokens(text: string): string[] {
  return text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]|[\p{L}\p{N}'’-]+|[^\s\p{L}\p{N}]/gu) ?? [];
}
