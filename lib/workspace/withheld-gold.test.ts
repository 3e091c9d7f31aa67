import { describe, expect, it } from "vitest";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { withheldGold } from "./withheld-gold";

describe("withheldGold", () => {
  it("meta4xnli: its item gold keys (and a gold value's rationale), the MRWs (made from the gold tags) and the flag", () => {
    const w = withheldGold(META4XNLI_PRESET);
    expect([[...w.listKeys].sort(), w.mrws, w.metaphorical]).toEqual([["gold_label", "rationale", "relevance", "tags"], true, true]);
  });
  it("a scheme without item gold withholds nothing but a rationale (every item's, so gold checks are not told apart by lacking one)", () => {
    const plain = ZSchemeDefinition.parse({ id: "x", version: 1, name: "x", fields: [{ id: "t", scope: "segment", kind: "tags", tags: [{ value: "M" }], bio: true, tokens: "whitespace", label: "t" }] });
    const w = withheldGold(plain);
    expect([[...w.listKeys], w.mrws, w.metaphorical]).toEqual([["rationale"], false, false]);
  });
});
