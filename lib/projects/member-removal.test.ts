import { describe, expect, it } from "vitest";
import { removalConsequences } from "@/lib/projects/member-removal";

describe("removalConsequences (issue 29 point 2)", () => {
  it("says what is withdrawn and what is kept", () => {
    expect(removalConsequences("a@x.org", { notStarted: 12, inProgress: 1, done: 30, skipped: 0 }, "member")).toBe(
      "Remove a@x.org from the project? their 12 items not started are withdrawn, so “Create assignments” gives them to others; their 30 finished items, 1 started item keep the values saved, which stay in reports and exports. They can no longer open the project; giving the role back restores their access, not the withdrawn items.",
    );
  });
  it("says when there is nothing to lose", () => {
    expect(removalConsequences("a@x.org", undefined, "annotator role")).toContain("they have no assigned items");
  });
});
