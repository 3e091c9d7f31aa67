import { describe, expect, it } from "vitest";
import { corpusBleu } from "./bleu";
import {
  EQUIVALENCE_COLUMNS,
  emotionEquivalenceCooccurrence,
  equivalenceDistribution,
  mmteAutomaticTable,
  mmteGroupsOf,
  mmteQualityTable,
  qualityCorrelationMatrix,
  type TMmteTranslationValues,
} from "./mmte-scores";
import { pearson } from "./pearson";

// Frozen worked example; every expected value below is computed by hand from it.
const RECORDS: readonly TMmteTranslationValues[] = Object.freeze([
  {
    system: "google", segmentId: "s1", sourceMetaphorical: true, fluency: 5, intelligibility: 5, fidelity: 4, overall: 5,
    mrws: [{ mrwId: "m1", metaphorical: true, equivalence: "FULL", emotion: "SAME", authenticity: 5 }],
  },
  {
    system: "google", segmentId: "s2", sourceMetaphorical: true, fluency: 4, intelligibility: 3, fidelity: 3, overall: 3,
    mrws: [{ mrwId: "m2", metaphorical: true, equivalence: "NON", emotion: "LESS", authenticity: 3 }],
  },
  {
    system: "google", segmentId: "s3", sourceMetaphorical: false, fluency: 4, intelligibility: 4, fidelity: 5, overall: 4,
    mrws: [{ mrwId: "m3", metaphorical: false, equivalence: "LITERAL", emotion: "ZERO", authenticity: 4 }],
  },
  {
    // two MRWs, one unlabelled: not in the FULL group (fail closed); authenticity = mean(4, 2) = 3
    system: "google", segmentId: "s4", sourceMetaphorical: true, fluency: 3, intelligibility: null, fidelity: 3, overall: 3,
    mrws: [
      { mrwId: "m4", metaphorical: true, equivalence: "FULL", emotion: "SAME", authenticity: 4 },
      { mrwId: "m5", metaphorical: true, equivalence: null, emotion: "MORE", authenticity: 2 },
    ],
  },
  {
    system: "opus", segmentId: "s1", sourceMetaphorical: true, fluency: 2, intelligibility: 2, fidelity: 1, overall: 2,
    mrws: [{ mrwId: "m1", metaphorical: true, equivalence: "MISUNDERSTANDING", emotion: "ZERO", authenticity: 2 }],
  },
] satisfies TMmteTranslationValues[]);

describe("mmteGroupsOf", () => {
  it("puts full-equivalence metaphorical translations in both metaphorical groups, literal sources apart", () => {
    expect(mmteGroupsOf(RECORDS[0])).toEqual(["METAPHORICAL", "METAPHORICAL_FULL"]);
    expect(mmteGroupsOf(RECORDS[1])).toEqual(["METAPHORICAL"]);
    expect(mmteGroupsOf(RECORDS[2])).toEqual(["LITERAL"]);
    expect(mmteGroupsOf(RECORDS[3])).toEqual(["METAPHORICAL"]);
  });
});

describe("mmteQualityTable (MMTE table 3)", () => {
  const rows = mmteQualityTable(RECORDS);
  const row = (system: string, group: string) => rows.find((r) => r.system === system && r.group === group)!;

  it("has one row per system × group, systems in first-seen order", () => {
    expect(rows.map((r) => `${r.system}/${r.group}`)).toEqual([
      "google/METAPHORICAL", "google/METAPHORICAL_FULL", "google/LITERAL",
      "opus/METAPHORICAL", "opus/METAPHORICAL_FULL", "opus/LITERAL",
    ]);
  });

  it("averages over the translations that have a value", () => {
    const m = row("google", "METAPHORICAL");
    expect(m.translations).toBe(3);
    expect(m.means.FLUENCY).toEqual({ defined: true, value: 4, n: 3 }); // (5+4+3)/3
    expect(m.means.INTELLIGIBILITY).toEqual({ defined: true, value: 4, n: 2 }); // (5+3)/2, s4 missing
    expect(m.means.AUTHENTICITY.value).toBeCloseTo(11 / 3, 12); // (5+3+3)/3
  });

  it("METAPHORICAL_FULL and LITERAL", () => {
    expect(row("google", "METAPHORICAL_FULL").means.FIDELITY).toEqual({ defined: true, value: 4, n: 1 });
    expect(row("google", "LITERAL").means.OVERALL).toEqual({ defined: true, value: 4, n: 1 });
  });

  it("an empty group is undefined with a reason", () => {
    expect(row("opus", "LITERAL").means.FLUENCY).toMatchObject({ defined: false, value: null, reason: "no LITERAL translations for opus" });
  });
});

describe("equivalenceDistribution (figure 3)", () => {
  it("counts MRW labels per system, by source kind", () => {
    const [g, o] = equivalenceDistribution(RECORDS);
    expect(g.metaphorical.counts).toEqual({ FULL: 2, PART: 0, NON: 1, MISUNDERSTANDING: 0, ERROR: 0 });
    expect(g.metaphorical.total).toBe(3); // the unlabelled m5 is not counted
    expect(g.metaphorical.proportions?.FULL).toBeCloseTo(2 / 3, 12);
    expect(g.literal.counts).toEqual({ LITERAL: 1, METAPHORICAL: 0, ERROR: 0 });
    expect(o.literal).toEqual({ total: 0, counts: { LITERAL: 0, METAPHORICAL: 0, ERROR: 0 }, proportions: null });
  });
});

describe("qualityCorrelationMatrix (figure 4)", () => {
  it("is pairwise Pearson over translations, symmetric, with r = 1 on the diagonal", () => {
    const { dimensions, matrix } = qualityCorrelationMatrix(RECORDS);
    expect(dimensions).toEqual(["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "AUTHENTICITY", "OVERALL"]);
    expect(matrix[0][0]).toMatchObject({ defined: true, r: 1 });
    const flu = [5, 4, 4, 3, 2];
    const ov = [5, 3, 4, 3, 2];
    expect(matrix[0][4]).toEqual(pearson(flu, ov));
    expect(matrix[4][0]).toEqual(matrix[0][4]);
    expect(matrix[0][1]).toMatchObject({ n: 4 }); // s4 has no intelligibility
  });
  it("is undefined with a reason for a single translation", () => {
    const { matrix } = qualityCorrelationMatrix(RECORDS, { systems: ["opus"] });
    expect(matrix[0][4]).toMatchObject({ defined: false, n: 1 });
  });
});

describe("emotionEquivalenceCooccurrence (figure 5)", () => {
  it("counts MRWs with both labels; ERROR is split by source kind", () => {
    const m = emotionEquivalenceCooccurrence(RECORDS);
    const cell = (emotion: string, source: string, label: string) =>
      m.counts[m.emotions.indexOf(emotion as never)][EQUIVALENCE_COLUMNS.findIndex((c) => c.source === source && c.label === label)];
    expect(m.total).toBe(5);
    expect(cell("SAME", "metaphorical", "FULL")).toBe(2);
    expect(cell("LESS", "metaphorical", "NON")).toBe(1);
    expect(cell("ZERO", "literal", "LITERAL")).toBe(1);
    expect(cell("ZERO", "metaphorical", "MISUNDERSTANDING")).toBe(1);
    expect(m.columns.filter((c) => c.label === "ERROR").map((c) => c.source)).toEqual(["metaphorical", "literal"]);
    expect(m.logCounts[m.emotions.indexOf("SAME")][0]).toBeCloseTo(Math.log(3), 12);
  });
});

describe("mmteAutomaticTable", () => {
  it("scores each group against the gold references and reports groups without references", () => {
    const inputs = [
      { system: "g", groups: mmteGroupsOf(RECORDS[0]), hypothesis: "尖叫声刺穿了夜晚。", reference: "尖叫声划破了黑夜。" },
      { system: "g", groups: mmteGroupsOf(RECORDS[1]), hypothesis: "这药能改善你的视力。", reference: "这药能改善你的视力。" },
      { system: "g", groups: mmteGroupsOf(RECORDS[2]), hypothesis: "我不能消化牛奶产品。", reference: null },
    ];
    const rows = mmteAutomaticTable(inputs, "zh");
    const met = rows.find((r) => r.group === "METAPHORICAL")!;
    const expected = corpusBleu(inputs.slice(0, 2).map((i) => i.hypothesis), inputs.slice(0, 2).map((i) => i.reference as string), { tokenize: "zh" });
    expect(met.bleu4).toEqual({ defined: true, value: expected.score, n: 2 });
    expect(rows.find((r) => r.group === "LITERAL")!.rougeL).toMatchObject({ defined: false });
  });
});
