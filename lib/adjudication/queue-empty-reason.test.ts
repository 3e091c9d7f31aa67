import { describe, expect, it } from "vitest";
import { queueEmptyReason } from "@/lib/adjudication/queue-empty-reason";

const none = { threshold: 0, resolved: "0" };

describe("queueEmptyReason (issue 29 point 9)", () => {
  it("says nobody has finished when no unit has two values", () => {
    expect(queueEmptyReason({ units: 0, total: 0, unanimousOpen: 0, automatic: 0, decided: 0 }, none)).toMatch(/^No unit has values from two or more annotators yet:/);
    expect(queueEmptyReason({ units: 0, total: 0, unanimousOpen: 0, automatic: 0, decided: 0 }, { ...none, system: "mt-a" })).toMatch(/with these filters.*Clear the filters/);
  });
  it("says everyone agrees, in the singular for one unit", () => {
    expect(queueEmptyReason({ units: 1, total: 0, unanimousOpen: 1, automatic: 0, decided: 0 }, none)).toContain("the one unit with two or more values agrees (1 unanimous unit not yet accepted");
    expect(queueEmptyReason({ units: 4, total: 0, unanimousOpen: 4, automatic: 0, decided: 0 }, none)).toContain("all 4 units with two or more values agree (4 unanimous units");
  });
  it("says the threshold hides differences", () => {
    expect(queueEmptyReason({ units: 5, total: 0, unanimousOpen: 2, automatic: 0, decided: 0 }, { ...none, threshold: 2 })).toMatch(/^No disagreement larger than the minimum difference \(2\)/);
  });
  it("says everything is resolved", () => {
    expect(queueEmptyReason({ units: 3, total: 0, unanimousOpen: 0, automatic: 2, decided: 1 }, none)).toBe("Every disagreement is resolved (1 decided, 2 accepted automatically). Tick “Include resolved” to review them.");
  });
});
