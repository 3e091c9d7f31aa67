import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { passesMark, scoreAgainstGold } from "./score-against-gold";

const DEF = ZSchemeDefinition.parse({
  id: "g",
  version: 1,
  name: "g",
  fields: [
    { id: "label", scope: "segment", kind: "choice", label: "Label", options: [{ value: "a" }, { value: "b" }], gold: { from: "item", key: "gold" } },
    { id: "topics", scope: "segment", kind: "multi", label: "Topics", options: [{ value: "x" }, { value: "y" }], gold: { from: "adjudication" } },
    { id: "score", scope: "segment", kind: "scale", label: "Score", min: 1, max: 5, gold: { from: "item", key: "score" } },
    { id: "note", scope: "segment", kind: "text", label: "Note" },
  ],
});

describe("scoreAgainstGold", () => {
  it("exact match per kind (a set for multi, text for a scale's imported gold), a missing answer counts wrong, fields without gold are not scored", () => {
    const s = scoreAgainstGold(
      DEF,
      [
        { segmentId: "s1", itemKey: "-:-", field: "label", value: "a" },
        { segmentId: "s2", itemKey: "-:-", field: "label", value: "a" },
        { segmentId: "s1", itemKey: "-:-", field: "topics", value: ["y", "x"] },
        { segmentId: "s1", itemKey: "-:-", field: "score", value: 3 },
        { segmentId: "s1", itemKey: "-:-", field: "note", value: "anything" },
      ],
      [
        { segmentId: "s1", field: "label", itemKey: null, value: "a" },
        { segmentId: "s2", field: "label", itemKey: null, value: "b" },
        { segmentId: "s3", field: "label", itemKey: null, value: "b" },
        { segmentId: "s1", field: "topics", itemKey: "-:-", value: ["x", "y"] },
        { segmentId: "s1", field: "score", itemKey: null, value: "3" },
      ],
    );
    expect(s.byField).toEqual({ label: { correct: 1, total: 3, share: 1 / 3 }, topics: { correct: 1, total: 1, share: 1 }, score: { correct: 1, total: 1, share: 1 } });
    expect(s.answers.filter((a) => !a.correct).map((a) => [a.segmentId, a.given, a.gold])).toEqual([["s2", "a", "b"], ["s3", null, "b"]]);
    expect(passesMark(s.byField, 0.3)).toBe(true);
    expect(passesMark(s.byField, 0.34)).toBe(false);
    expect(passesMark({}, 0)).toBe(false);
  });
});
