// MMTE Table 4 by hand: units u1–u6, two annotators, one adjudication.
import { describe, expect, it } from "vitest";
import { humanLabels, mmteTable4 } from "./mmte-table4";

const m = (o: Record<string, string>) => new Map(Object.entries(o));

describe("MMTE Table 4", () => {
  it("the humans' label is the adjudicated one, else the majority; ties are left out", () => {
    const h = humanLabels([m({ u1: "FULL", u2: "PART", u3: "NON", u4: "FULL", u5: "MISUNDERSTANDING" }), m({ u1: "FULL", u2: "PART", u3: "FULL", u4: "FULL", u5: "MISUNDERSTANDING" })], m({ u4: "PART" }));
    // u3 is a tie (NON vs FULL): no human label
    expect(Object.fromEntries(h)).toEqual({ u1: "FULL", u2: "PART", u4: "PART", u5: "MISUNDERSTANDING" });
  });

  it("accuracy on the humans' full and others (part or non) units; mistranslations in neither", () => {
    const human = m({ u1: "FULL", u2: "FULL", u3: "PART", u4: "NON", u5: "MISUNDERSTANDING", u6: "NON" });
    const model = m({ u1: "FULL", u2: "PART", u3: "PART", u4: "PART", u5: "MISUNDERSTANDING" });
    // full: u1 right, u2 wrong → 1/2; others: u3 right, u4 wrong, u6 has no model label → 1/2 over n = 2
    expect(mmteTable4(model, human)).toEqual([
      { class: "full", value: 0.5, n: 2 },
      { class: "others", value: 0.5, n: 2 },
    ]);
  });
});
