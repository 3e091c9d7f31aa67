import { describe, expect, it } from "vitest";
import { genericScoreRowsUnneeded, NAMED_ANALYSES } from "./named-analyses";

describe("what a named analysis gives the scores export", () => {
  it("the paper tables and the papers' agreement export need no generic rows; an analysis computed with the generic report does", () => {
    expect(genericScoreRowsUnneeded(["mmte.table3", "mmte.figures3-5", "metahope.tables3-6", "papers.agreement-export"])).toBe(true);
    expect(genericScoreRowsUnneeded(["mmte.table3", "emos.metrics"])).toBe(false);
    expect(genericScoreRowsUnneeded(["mqm.scores"])).toBe(false);
    // a name the registry does not know is taken to need them (nothing is dropped silently)
    expect(genericScoreRowsUnneeded(["mmte.table3", "lab.own-table"])).toBe(false);
  });

  it("every analysis whose rows stand in for the generic ones binds fields by id", () => {
    for (const a of NAMED_ANALYSES.filter((x) => x.scoreRows === "own")) expect(a.fields.length, a.name).toBeGreaterThan(0);
  });
});
