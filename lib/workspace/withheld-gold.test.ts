import { describe, expect, it } from "vitest";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { withheldGold } from "./withheld-gold";

describe("withheldGold", () => {
  it("meta4xnli: its item gold keys, the MRWs (made from the gold tags) and the flag", () => {
    const w = withheldGold(META4XNLI_PRESET);
    expect([[...w.listKeys].sort(), w.mrws, w.metaphorical]).toEqual([["gold_label", "relevance", "tags"], true, true]);
  });
  it("a scheme without item gold withholds nothing", () => {
    const plain = ZSchemeDefinition.parse({ id: "x", version: 1, name: "x", fields: [{ id: "t", scope: "segment", kind: "tags", tags: [{ value: "M" }], bio: true, tokens: "whitespace", label: "t" }] });
    const w = withheldGold(plain);
    expect([w.listKeys.size, w.mrws, w.metaphorical]).toEqual([0, false, false]);
  });
});
