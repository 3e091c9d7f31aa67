// Drift on a worked example, figures computed by hand in the comments (α checked with nltk:
// /usr/bin/python3 -c "from nltk.metrics.agreement import AnnotationTask as T; from nltk.metrics.distance import interval_distance as d;
//   x=[2,2,4,5]; y=[1,2,3,4]; print(T([('c',i,v) for i,v in enumerate(x)]+[('p',i,v) for i,v in enumerate(y)], distance=d).alpha())"
// → 0.7961165048543689; with x=[1,2,3,4], y=[1.5,2,3.5,4.5] → 0.9401709401709402).
import { describe, expect, it } from "vitest";
import { DRIFT_SCHEME as def } from "./fixtures/drift-scheme";
import { driftFields, schemeDrift, type TDriftSubmission } from "./drift";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeValueRow } from "./scheme-agreement";

const unit = (s: string) => `${s}|t1`;
const row = (field: string, s: string, annotator: string, value: unknown): TSchemeValueRow => ({ field, system: "sys", unit: unit(s), annotator, value });
const segs = ["s1", "s2", "s3", "s4", "s5", "s6"];
// everyone submitted s1 … s6 in that order (s6 last)
const submissions: TDriftSubmission[] = ["a", "b", "c"].flatMap((a) => segs.map((s, i) => ({ annotator: a, segmentId: s, at: 1000 * (i + 1) })));

describe("schemeDrift, nominal (percentage agreement with the panel's majority)", () => {
  // a and b say "kept" on every item; c agrees on s1–s3 and says "lost" on s4–s6 (the window, W = 3)
  const values = segs.flatMap((s, i) => [row("label", s, "a", "kept"), row("label", s, "b", "kept"), row("label", s, "c", i < 3 ? "kept" : "lost")]);
  const drift = schemeDrift(def, values, submissions, { window: 3, minUnits: 1, iterations: 4000 });
  const of = (a: string) => drift.find((r) => r.field === "label" && r.annotator === a)!;

  it("flags the annotator who left the panel, with the items that moved the figure, latest first", () => {
    // c's window s4–s6: panel = majority of a, b = "kept"; c "lost" three times → 0/3
    // c's yardstick: a's and b's pairs only. a on s4–s6: others b "kept", c "lost" tie, a sides with b → agrees;
    // so all 12 pairs agree, every drawn window gives 1: interval [1, 1], and 0 < 1
    expect(of("c")).toMatchObject({ statistic: "percent_agreement", items: 3, units: 3, value: 0, lower: 1, upper: 1, flagged: true });
    // each moved item: both others said another label (disagreement 2/2), ties broken latest first
    expect(of("c").moved.map((m) => [m.segmentId, m.value, m.panel, m.disagreement, m.others])).toEqual([
      ["s6", "lost", "kept", 1, 2],
      ["s5", "lost", "kept", 1, 2],
      ["s4", "lost", "kept", 1, 2],
    ]);
  });

  it("does not flag a steady annotator; the interval is that of windows drawn from the others' pairs", () => {
    // a's window: 3 of 3 agree. a's yardstick: b's 6 pairs (all agree) and c's 6 (3 agree) → p = 9/12 = 3/4.
    // A window of 3 draws is 0 with P = (1/4)^3 = 1.6 %, ≤ 1/3 with P = 1/64 + 3·(3/4)(1/4)^2 = 10/64 = 15.6 %,
    // so the 2.5 % quantile is 1/3; it is 1 with P = 27/64 = 42 % > 2.5 %, so the 97.5 % quantile is 1
    expect(of("a")).toMatchObject({ value: 1, lower: 1 / 3, upper: 1, flagged: false, moved: [] });
    expect(of("b")).toMatchObject({ value: 1, flagged: false });
  });

  it("the window is the annotator's last W submitted items, not the last values saved", () => {
    // c submitted s4–s6 first and s1–s3 last: the window is now the agreeing items
    const reordered = submissions.map((s) => (s.annotator === "c" ? { ...s, at: s.segmentId <= "s3" ? 9000 + s.at : s.at } : s));
    const c = schemeDrift(def, values, reordered, { window: 3, minUnits: 1, iterations: 200 }).find((r) => r.field === "label" && r.annotator === "c")!;
    expect(c).toMatchObject({ value: 1, flagged: false, moved: [] });
  });

  it("gives no figure below the fewest compared units, saying why", () => {
    const c = schemeDrift(def, values, submissions, { window: 3, minUnits: 4 }).find((r) => r.annotator === "c")!;
    expect(c).toMatchObject({ value: null, flagged: false, reason: "3 compared units in the window (fewer than 4)" });
  });

  it("leaves out values on items not submitted (drafts)", () => {
    const onlyFirst = submissions.filter((s) => s.annotator !== "c" || s.segmentId <= "s3");
    const c = schemeDrift(def, values, onlyFirst, { window: 3, minUnits: 1, iterations: 200 }).find((r) => r.field === "label" && r.annotator === "c")!;
    expect(c).toMatchObject({ units: 3, value: 1, flagged: false });
  });
});

describe("schemeDrift, interval (Krippendorff's α with the others' mean)", () => {
  // s1–s4: a 1 2 3 4, b 1 2 3 4, c 2 2 4 5
  const q = { a: [1, 2, 3, 4], b: [1, 2, 3, 4], c: [2, 2, 4, 5] };
  const values = Object.entries(q).flatMap(([a, xs]) => xs.map((x, i) => row("q", segs[i], a, x)));
  const drift = schemeDrift(def, values, submissions, { window: 6, minUnits: 1, iterations: 200 });
  const of = (a: string) => drift.find((r) => r.field === "q" && r.annotator === a)!;

  it("compares with the mean of the others on each unit", () => {
    // c against mean(a, b) = 1 2 3 4: n = 8 values, D_o = 2·(1+0+1+1)/8 = 0.75, mean 2.875, Σ dev² = 79 − 66.125 = 12.875,
    // D_e = 2·12.875/7 = 3.678…, α = 1 − 0.75/3.678… = 0.796116…
    expect(of("c").statistic).toBe("alpha");
    expect(of("c").value).toBeCloseTo(0.7961165048543689, 12);
    // a against mean(b, c) = 1.5 2 3.5 4.5 → 0.94017… (nltk above)
    expect(of("a").value).toBeCloseTo(0.9401709401709402, 12);
    // c's moved items by distance from the panel: s4 (5 vs 4), s3, s1 tie at 1 → latest first; s2 agrees
    expect(of("c").moved.map((m) => [m.segmentId, m.disagreement])).toEqual([["s4", 1], ["s3", 1], ["s1", 1]]);
  });
});

describe("driftFields", () => {
  it("takes the fields with a level and one code per value", () => {
    expect(driftFields(def).map((f) => [f.id, f.level])).toEqual([["label", "nominal"], ["q", "interval"]]);
  });
});

describe("schemeDrift: tokens, characters, vectors and alignments", () => {
  const kinds = ZSchemeDefinition.parse({
    id: "kinds",
    version: 1,
    name: "Kinds",
    fields: [
      { id: "met", scope: "segment", kind: "tags", label: "Met", bio: true, tokens: "whitespace", tags: [{ value: "M" }] },
      { id: "errors", scope: "segment", kind: "spans", label: "Errors", labels: [{ value: "X" }] },
      { id: "emotion", scope: "segment", kind: "vector", label: "E", min: 0, max: 1, dimensions: [{ id: "joy" }, { id: "fear" }] },
      { id: "tw", scope: "mrw-translation", kind: "alignment", label: "TW" },
    ],
  });
  const seg = (s: string) => `${s}|-:-`;
  const at = (field: string, s: string, annotator: string, value: unknown): TSchemeValueRow => ({ field, system: "sys", unit: seg(s), annotator, value });
  // a and b mark the first two tokens and the first word on every item; c does too on s1–s3 and
  // marks nothing on s4–s6 (the window, W = 3)
  const values = segs.flatMap((s, i) =>
    ["a", "b", "c"].flatMap((who) => {
      const marks = who !== "c" || i < 3;
      return [
        at("met", s, who, marks ? ["B-M", "I-M", "O", "O"] : ["O", "O", "O", "O"]),
        at("errors", s, who, marks ? [{ start: 0, end: 3, label: "X" }] : []),
        at("emotion", s, who, { joy: 0.5, fear: 0 }),
        at("tw", s, who, { spans: [{ start: 0, end: 3 }] }),
      ];
    }),
  );
  const unitTexts = new Map(segs.map((s) => [seg(s), "abc def ghi jkl"]));
  const drift = schemeDrift(kinds, values, submissions, { window: 3, minUnits: 1, iterations: 400, unitTexts });
  const of = (field: string, a: string) => drift.find((r) => r.field === field && r.annotator === a)!;

  it("names a vector's dimensions as figures of their own, and covers tags, spans and alignments", () => {
    expect(driftFields(kinds).map((f) => f.id)).toEqual(["met", "errors", "emotion.joy", "emotion.fear", "tw"]);
  });

  it("tags: compared on the tokens someone tagged; the annotator who stops tagging is flagged, each item listed once", () => {
    // c's window: tokens 1 and 2 of s4–s6, "O" against the panel's B-M / I-M: 0 of 6. The others'
    // pairs all agree (on s4–s6 c's "O" ties with the other's tag, and the annotator sides with it)
    expect(of("met", "c")).toMatchObject({ statistic: "percent_agreement", units: 6, value: 0, lower: 1, upper: 1, flagged: true });
    expect(of("met", "c").moved.map((m) => [m.segmentId, m.unit, m.value, m.panel])).toEqual([
      ["s6", seg("s6"), "O", "B-M"],
      ["s5", seg("s5"), "O", "B-M"],
      ["s4", seg("s4"), "O", "B-M"],
    ]);
    expect(of("met", "a")).toMatchObject({ value: 1, flagged: false });
  });

  it("spans: compared on the characters someone marked (3 per item here, not the whole text)", () => {
    expect(of("errors", "c")).toMatchObject({ units: 9, value: 0, flagged: true });
    expect(of("errors", "c").moved.map((m) => [m.segmentId, m.value, m.panel])).toEqual([
      ["s6", "none", "X"],
      ["s5", "none", "X"],
      ["s4", "none", "X"],
    ]);
    expect(of("errors", "b")).toMatchObject({ units: 9, value: 1, flagged: false });
  });

  it("vectors per dimension and alignments as one code: everyone agrees, nobody is flagged", () => {
    // a constant dimension has no variation: α is undefined, no figure and no flag
    expect(of("emotion.joy", "a")).toMatchObject({ statistic: "alpha", value: null, flagged: false });
    expect(of("tw", "c")).toMatchObject({ statistic: "percent_agreement", units: 3, value: 1, flagged: false });
  });
});
