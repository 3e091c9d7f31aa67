import { describe, expect, it } from "vitest";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { bioSpans, schemeTagsF1Figures } from "./scheme-tags-f1";

describe("tags against gold", () => {
  it("spans are B…I chunks; an I- after O starts one", () => {
    expect(bioSpans(["O", "B-M", "I-M", "O", "I-M", "B-M", "B-M"])).toEqual(["1-2", "4-4", "5-5", "6-6"]);
  });

  it("token and span precision, recall and F1 by hand", () => {
    // gold: [B I O B]; annotator: [B O O B] → tokens: tp 2 (0, 3), fn 1 (1) → P 1, R 2/3; spans: gold {0-1, 3-3}, mine {0-0, 3-3} → tp 1, fp 1, fn 1
    const gold = new Map([["metaphor", new Map([["s1", ["B-METAPHOR", "I-METAPHOR", "O", "B-METAPHOR"]]])]]);
    const rows = [{ field: "metaphor", system: null, unit: "s1|-:-", annotator: "a", value: ["B-METAPHOR", "O", "O", "B-METAPHOR"] }];
    const f = Object.fromEntries(schemeTagsF1Figures(META4XNLI_PRESET, rows, gold).map((x) => [`${x.label} ${x.statistic}`, x.value]));
    expect(f["token precision"]).toBe(1);
    expect(f["token recall"]).toBeCloseTo(2 / 3, 12);
    expect(f["token f1"]).toBeCloseTo(0.8, 12);
    expect([f["span precision"], f["span recall"], f["span f1"]]).toEqual([0.5, 0.5, 0.5]);
  });
});
