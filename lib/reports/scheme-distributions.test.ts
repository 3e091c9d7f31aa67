import { describe, expect, it } from "vitest";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { schemeDistributions } from "./scheme-distributions";

describe("schemeDistributions", () => {
  it("names the options of every alternative of a field (MMTE's EQUIVALENCE for literal sources too)", () => {
    const row = (unit: string, value: string) => ({ field: "EQUIVALENCE", system: "mt", unit, annotator: "a", value });
    const [d] = schemeDistributions(MMTE_PRESET, [row("u1", "FULL"), row("u2", "LITERAL"), row("u3", "METAPHORICAL"), row("u4", "ERROR")]);
    expect(d.categories).toEqual(["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR", "LITERAL", "METAPHORICAL"]);
    expect(d.names.slice(5)).toEqual(["Literal", "Metaphorical"]);
    expect(d.counts).toEqual([1, 0, 0, 0, 1, 1, 1]);
  });
});
