/**
 * MMTE figures 3 and 5 count the annotators' labels (issue 13.2): "Equivalence distributions …
 * from annotators" (MMTE fig. 3). Two annotators who disagree on an MRW's equivalence used to
 * leave figure 3 empty ("No equivalence labels yet") and figure 5 at "0 MRWs", because the
 * majority of a tie is undefined. An adjudicated value replaces every annotator's label of its
 * instance (same weight), so a decision moves the figure without changing its total.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { emptyImportResult } from "@/lib/import/types";
import { getScoreTables } from "@/lib/reports";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

function oneMrwProject() {
  const ir = emptyImportResult();
  ir.documents.push({
    externalId: "d",
    language: "en",
    segments: [
      {
        externalId: "s0",
        index: 0,
        text: "Prices skyrocketed.",
        language: "en",
        metaphorical: true,
        mrws: [{ externalId: "m", spans: [{ start: 7, end: 18 }], token: "skyrocketed", pos: "VERB", active: true, metaphorical: true }],
      },
    ],
  });
  ir.translations.push({ segmentId: "s0", system: "sysA", language: "zh", text: "价格飞涨。" });
  const label = (annotator: string, equivalence: string, emotion: string) => [
    { annotator, segmentId: "s0", system: "sysA", mrwId: "m", field: "EQUIVALENCE", value: equivalence },
    { annotator, segmentId: "s0", system: "sysA", mrwId: "m", field: "EMOTION", value: emotion },
  ];
  ir.annotations.push(...label("x@t.org", "FULL", "SAME"), ...label("y@t.org", "PART", "LESS"));
  return ir;
}

describe("MMTE figures 3 and 5 on a disagreement", () => {
  it("count both annotators' labels, and an adjudication replaces them", async () => {
    const project = await makeProject(db);
    await loadImport(pool, { projectId: project.id, fileName: "two.jsonl", result: oneMrwProject() });
    const t = await getScoreTables(db, project.id);
    const fig3 = t.mmte!.equivalence.find((e) => e.system === "sysA")!;
    expect(fig3.metaphorical.total).toBe(2);
    expect(fig3.metaphorical.counts).toMatchObject({ FULL: 1, PART: 1, NON: 0 });
    const fig5 = t.mmte!.emotionEquivalence;
    expect(fig5.total).toBe(2);
    const cell = (emotion: string, label: string) => fig5.counts[fig5.emotions.indexOf(emotion as never)][fig5.columns.findIndex((c) => c.source === "metaphorical" && c.label === label)];
    expect([cell("SAME", "FULL"), cell("LESS", "PART")]).toEqual([1, 1]);

    // the adjudicator decides PART: both annotators' equivalence labels become PART, emotions stay theirs
    const adjudicator = await makeUser(db, { tag: "adj" });
    const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id }, include: { translations: true, mrws: true } });
    const { saveAdjudication } = await import("@/lib/db/adjudication/adjudication");
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adjudicator.id, segmentId: seg.id, translationId: seg.translations[0].id, mrwId: seg.mrws[0].id, field: "EQUIVALENCE", value: "PART", rationale: "keeps the image partly", baseVersion: 0 });
    const after = await getScoreTables(db, project.id);
    expect(after.mmte!.equivalence[0].metaphorical.counts).toMatchObject({ FULL: 0, PART: 2 });
    const f5 = after.mmte!.emotionEquivalence;
    expect(f5.total).toBe(2);
    expect(f5.counts[f5.emotions.indexOf("SAME")][f5.columns.findIndex((c) => c.source === "metaphorical" && c.label === "PART")]).toBe(1);

    // raw values only: the annotators' own labels again
    const raw = await getScoreTables(db, project.id, { useAdjudications: false });
    expect(raw.mmte!.equivalence[0].metaphorical.counts).toMatchObject({ FULL: 1, PART: 1 });
  });
});
