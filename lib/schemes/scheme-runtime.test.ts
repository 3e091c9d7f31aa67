import { describe, expect, it } from "vitest";
import { MMTE_PRESET } from "./presets/mmte";
import { schemeRuntimeOf } from "./scheme-runtime";

describe("the runtime of a stored scheme", () => {
  it("every stored version runs as a scheme, the presets as shipped and their variants included", () => {
    expect(schemeRuntimeOf({ version: 3, definition: MMTE_PRESET })).toEqual({ kind: "scheme", version: 3, definition: MMTE_PRESET });
    const variant = { ...MMTE_PRESET, guidelines: `${MMTE_PRESET.guidelines}\n\nRead the source aloud first.` };
    expect(schemeRuntimeOf({ version: 2, definition: variant }).kind).toBe("scheme");
  });
});
