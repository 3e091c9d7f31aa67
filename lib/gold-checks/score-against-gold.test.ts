import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { passesMark, scoreAgainstGold, withPassMarks } from "./score-against-gold";
import { checkGoldFieldRules, ZGoldFieldRules } from "./field-rules";

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

describe("rules per field", () => {
  const answers = [
    { segmentId: "s1", itemKey: "-:-", field: "score", value: 4 },
    { segmentId: "s2", itemKey: "-:-", field: "score", value: 1 },
    { segmentId: "s1", itemKey: "-:-", field: "label", value: "a" },
    { segmentId: "s2", itemKey: "-:-", field: "label", value: "a" },
  ];
  const gold = [
    { segmentId: "s1", field: "score", itemKey: null, value: "5" },
    { segmentId: "s2", field: "score", itemKey: null, value: 3 },
    { segmentId: "s1", field: "label", itemKey: null, value: "a" },
    { segmentId: "s2", field: "label", itemKey: null, value: "b" },
  ];

  it("a scale's answer within the tolerance of gold counts right (the item's gold as text too); exact match without one", () => {
    expect(scoreAgainstGold(DEF, answers, gold).byField.score).toEqual({ correct: 0, total: 2, share: 0 });
    // 4 against "5" is within 1; 1 against 3 is not
    expect(scoreAgainstGold(DEF, answers, gold, { score: { tolerance: 1 } }).byField.score).toEqual({ correct: 1, total: 2, share: 0.5 });
    expect(scoreAgainstGold(DEF, answers, gold, { score: { tolerance: 2 } }).byField.score).toEqual({ correct: 2, total: 2, share: 1 });
  });

  it("each field reaches its own pass mark, else the project's; the scores keep the mark they had to reach", () => {
    const { byField } = scoreAgainstGold(DEF, answers, gold, { score: { tolerance: 1 } });
    // label 1/2 and score 1/2 against 0.8: no; label's own 0.5 and score's 0.5: yes
    expect(passesMark(byField, 0.8)).toBe(false);
    expect(passesMark(byField, 0.8, { label: { passMark: 0.5 } })).toBe(false);
    expect(passesMark(byField, 0.8, { label: { passMark: 0.5 }, score: { passMark: 0.5, tolerance: 1 } })).toBe(true);
    expect(withPassMarks(byField, 0.8, { label: { passMark: 0.5 } })).toEqual({ score: { correct: 1, total: 2, share: 0.5, passMark: 0.8 }, label: { correct: 1, total: 2, share: 0.5, passMark: 0.5 } });
  });

  it("refuses a rule for a field without gold and a tolerance on a field scored by exact match, naming the field", () => {
    expect(checkGoldFieldRules(DEF, { note: { passMark: 0.5 } })).toEqual({ error: 'note: the scheme has no field "note" that declares gold (label, topics, score)', field: "note" });
    expect(checkGoldFieldRules(DEF, { label: { tolerance: 1 } })).toEqual({ error: "label: a tolerance is for scales and numbers; a choice field is scored by exact match", field: "label" });
    expect(checkGoldFieldRules(DEF, { score: { tolerance: 1 }, label: {} })).toEqual({ rules: { score: { tolerance: 1 } } });
    expect(ZGoldFieldRules.safeParse({ score: { passMark: 1.5 } }).success).toBe(false);
  });
});
