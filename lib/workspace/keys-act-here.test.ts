// The scheme workspace's "keys act here" marker (issue 28 point 2, parity with the built-in
// workspace): what the keys do in the translation holding the active field, from its kind.
import { describe, expect, it } from "vitest";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { keysActHereText } from "./keys-act-here";

const field = (defs: typeof METAHOPE_PRESET, id: string) => defs.fields.find((f) => f.id === id)!;

describe("keys act here", () => {
  it("names what the keys do for the active field's kind", () => {
    expect(keysActHereText(field(METAHOPE_PRESET, "METAHOPE_ERRORS"))).toBe("←/→ select, a label key marks MetaHOPE errors (n: nothing to mark)");
    expect(keysActHereText(field(METAHOPE_PRESET, "ALIGNMENT"), "broke")).toBe("←/→ select, a digit sets the pattern of “broke”");
    expect(keysActHereText(field(MMTE_PRESET, "TARGET_WORDS"), "broke")).toBe("←/→ and Space mark the target words of “broke”");
    expect(keysActHereText(field(MMTE_PRESET, "FLUENCY"))).toBe("keys answer Fluency");
  });
});
