// Issue 14 point 3, on the one runtime (issue 28): a project on the MMTE/MetaHOPE presets checks
// imported values against its stored scheme's fields (lib/import/scheme-line-check.ts), instead of
// storing any value under any field name.
// Tropos JSONL annotation and adjudication lines and tabular annotation files: every bad line is
// named by file, line and field, and nothing of the file is stored. The adjudicator's decisions
// are checked against the same definition.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { saveAdjudication } from "@/lib/db/adjudication/adjudication";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const J = (o: unknown) => JSON.stringify(o);
/** A segment with a metaphorical and a literal MRW and one translation. */
const CORPUS = [
  J({ type: "document", externalId: "d1", language: "en" }),
  J({ type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "Time is a thief of days.", language: "en", metaphorical: true }),
  J({ type: "mrw", segmentId: "s1", externalId: "thief", spans: [{ start: 10, end: 15 }], token: "thief", pos: "NOUN", active: true, metaphorical: true }),
  J({ type: "mrw", segmentId: "s1", externalId: "days", spans: [{ start: 19, end: 23 }], token: "days", pos: "NOUN", active: true, metaphorical: false }),
  J({ type: "translation", segmentId: "s1", system: "A", language: "zh", text: "时间是偷走日子的小偷。" }),
];
const ann = (o: Record<string, unknown>) => J({ type: "annotation", annotator: "ann@x.test", segmentId: "s1", ...o });

async function project() {
  const p = await makeProject(db);
  const out = await importFile(pool, { project: { id: p.id, sourceLang: "en", targetLang: "zh" }, fileName: "corpus.jsonl", content: Buffer.from(CORPUS.join("\n")), options: { format: "auto" }, dryRun: false });
  expect(out.errors).toEqual([]);
  return p;
}
const run = (projectId: string, fileName: string, text: string) =>
  importFile(pool, { project: { id: projectId, sourceLang: "en", targetLang: "zh" }, fileName, content: Buffer.from(text), options: { format: "auto" }, dryRun: false });

describe("built-in imports are checked against the presets' fields", () => {
  it("JSONL annotation lines: each bad value, anchor or field named by file, line and field; nothing stored", async () => {
    const p = await project();
    const lines = [
      ann({ system: "A", field: "FLUENCY", value: 4 }), // 1: fine
      ann({ system: "A", field: "FLUENCY", value: 7 }), // 2: off the scale
      ann({ system: "A", mrwId: "thief", field: "EQUIVALENCE", value: "LITERAL" }), // 3: a literal-source label on a metaphorical MRW
      ann({ system: "A", mrwId: "days", field: "EQUIVALENCE", value: "LITERAL" }), // 4: fine
      ann({ system: "A", mrwId: "days", field: "EQUIVALENCE", value: "FULL" }), // 5: a metaphorical-source label on a literal MRW
      ann({ field: "FLUENCY", value: 3 }), // 6: no translation
      ann({ system: "A", field: "FLUENCYY", value: 3 }), // 7: no such field
      ann({ system: "A", mrwId: "thief", field: "ALIGNMENT", value: { pattern: "DIRECT", spans: [] } }), // 8: DIRECT needs a span
      ann({ system: "A", field: "METAHOPE_ERRORS", value: { reviewed: true } }), // 9: the review mark, fine
      ann({ system: "A", mrwId: "thief", field: "EMOTION", value: "HAPPY" }), // 10: not a label
    ];
    const out = await run(p.id, "values.jsonl", lines.join("\n"));
    expect(out.ok).toBe(false);
    expect(out.errors.map((e) => [e.file, e.line, e.field])).toEqual([
      ["values.jsonl", 2, "FLUENCY"],
      ["values.jsonl", 3, "EQUIVALENCE"],
      ["values.jsonl", 5, "EQUIVALENCE"],
      ["values.jsonl", 6, "FLUENCY"],
      ["values.jsonl", 7, "FLUENCYY"],
      ["values.jsonl", 8, "ALIGNMENT"],
      ["values.jsonl", 10, "EMOTION"],
    ]);
    const msg = Object.fromEntries(out.errors.map((e) => [e.line, e.message]));
    expect(msg[2]).toMatch(/^7 is /);
    // the EQUIVALENCE alternative that applies to the MRW (metaphorical / literal source) names its labels
    expect(msg[3]).toBe('"LITERAL" is not one of FULL, PART, NON, MISUNDERSTANDING, ERROR');
    expect(msg[5]).toBe('"FULL" is not one of LITERAL, METAPHORICAL, ERROR');
    expect(msg[6]).toBe('is per translation: the line needs "system"');
    expect(msg[7]).toMatch(/^is not a field of the scheme "built-in" \(its fields: FLUENCY, /);
    expect(await db.annotation.count({ where: { projectId: p.id } })).toBe(0);

    // the good lines alone go in
    const good = await run(p.id, "good.jsonl", [lines[0], lines[3], lines[8]].join("\n"));
    expect([good.ok, good.errors]).toEqual([true, []]);
    expect(await db.annotation.count({ where: { projectId: p.id } })).toBe(3);
  });

  it("JSONL adjudication lines: preset values and category penalties (sums of the severity weights)", async () => {
    const p = await project();
    const adj = (o: Record<string, unknown>) => J({ type: "adjudication", segmentId: "s1", system: "A", rationale: "r", automatic: false, ...o });
    const out = await run(p.id, "decisions.jsonl", [
      adj({ field: "FLUENCY", value: 0 }),
      adj({ field: "METAHOPE_IMP", value: 12 }),
      adj({ field: "METAHOPE_MIS", value: 3 }),
      adj({ field: "METAHOPE_ERRORS", value: [] }),
    ].join("\n"));
    // an empty METAHOPE_ERRORS list is a decision the one runtime's adjudication makes ("no error"), no longer refused
    expect(out.errors.map((e) => [e.line, e.field])).toEqual([[1, "FLUENCY"], [3, "METAHOPE_MIS"]]);
    expect(out.errors[1].message).toBe("3 is not a penalty (a sum of the severity weights 2, 4, 6, 8, 10: a whole number from 0 to 100 in steps of 2)");
    expect(await db.adjudication.count({ where: { projectId: p.id } })).toBe(0);
    const ok = await run(p.id, "ok.jsonl", [adj({ field: "FLUENCY", value: 5 }), adj({ field: "METAHOPE_IMP", value: 12 }), adj({ field: "METAHOPE_ERRORS", value: [] })].join("\n"));
    expect(ok.errors).toEqual([]);
    expect(await db.adjudication.count({ where: { projectId: p.id } })).toBe(3);
  });

  it("tabular annotation files: a value the field allows but the MRW does not is refused by line", async () => {
    const p = await project();
    const tsv = "item\tsystem\tmrw\tannotator\tfield\tvalue\ns1\tA\tthief\tB\tEQUIVALENCE\tFULL\ns1\tA\tdays\tB\tEQUIVALENCE\tPART\n";
    const out = await run(p.id, "labels.tsv", tsv);
    expect(out.errors.map((e) => [e.file, e.line, e.field])).toEqual([["labels.tsv", 3, "EQUIVALENCE"]]);
    expect(await db.annotation.count({ where: { projectId: p.id } })).toBe(0);
  });

  it("the adjudicator's decisions are checked against the preset's field (EQUIVALENCE by the MRW)", async () => {
    const p = await project();
    const adjudicator = await makeUser(db, { tag: "adj" });
    const seg = await db.segment.findFirstOrThrow({ where: { projectId: p.id }, include: { translations: true, mrws: true } });
    const thief = seg.mrws.find((m) => m.externalId === "thief")!;
    const base = { projectId: p.id, adjudicatorId: adjudicator.id, segmentId: seg.id, translationId: seg.translations[0].id, mrwId: thief.id, field: "EQUIVALENCE", rationale: "r", baseVersion: 0 };
    const e = await rejection(saveAdjudication(db, { ...base, value: "LITERAL" }));
    expect([e.code, e.message, e.detail]).toEqual(["BAD_REQUEST", 'EQUIVALENCE: "LITERAL" is not one of FULL, PART, NON, MISUNDERSTANDING, ERROR', { field: "value" }]);
    // on the one runtime the adjudicator decides the error spans (METAHOPE_ERRORS), not a penalty per
    // category: METAHOPE_RAM … are kept only beside a moved project's scheme (imports), so a save names the field
    const pen = await rejection(saveAdjudication(db, { ...base, mrwId: null, field: "METAHOPE_RAM", value: 6 }));
    expect([pen.code, pen.detail]).toEqual(["BAD_REQUEST", { field: "field" }]);
    const badSpan = await rejection(saveAdjudication(db, { ...base, mrwId: null, field: "METAHOPE_ERRORS", value: [{ start: 0, end: 2, label: "RAM", attributes: { severity: 5 } }] }));
    expect([badSpan.code, badSpan.detail]).toEqual(["BAD_REQUEST", { field: "value" }]);
    expect((await saveAdjudication(db, { ...base, value: "PART" })).version).toBe(1);
    expect((await saveAdjudication(db, { ...base, mrwId: null, field: "METAHOPE_ERRORS", value: [{ start: 0, end: 2, label: "RAM", attributes: { severity: 6 } }] })).version).toBe(1);
  });
});
