/**
 * readReportData reads the annotations packed (lib/db/reports/report-data.ts): the rows it gives must be
 * exactly the stored rows, whatever their shape — no MRW, no translation (segment level), object
 * values, several annotators — and a row on a translation the lists have not seen must still get
 * its segment (or be dropped when that translation is gone).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { readReportData, resolveUnlistedSegments } from "@/lib/db/reports/report-data";
import { emptyAnnotationColumns } from "@/lib/reports/report-index";

let db: Db;
beforeAll(async () => ({ db } = await openTestDatabase()));
afterAll(closeTestDatabase);

const key = (a: { annotatorId: string; segmentId: string; translationId: string | null; mrwId: string | null; field: string; value: unknown }) =>
  JSON.stringify([a.annotatorId, a.segmentId, a.translationId, a.mrwId, a.field, a.value]);

describe("readReportData", () => {
  it("gives back every stored annotation row unchanged", async () => {
    const [x, y] = [await makeUser(db), await makeUser(db)];
    const project = await makeProject(db, [{ userId: x.id, roles: ["ANNOTATOR"] }]); // y is not (or no longer) a member
    const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
    const system = await db.mtSystem.create({ data: { projectId: project.id, name: "sys" } });
    const segs = await Promise.all(
      [0, 1].map((i) => db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Time flies ${i}.`, language: "en" } })),
    );
    const mrw = await db.mrw.create({ data: { projectId: project.id, segmentId: segs[0].id, externalId: "m", spans: [{ start: 5, end: 10 }], start: 5, end: 10, token: "flies" } });
    const tr = await Promise.all(segs.map((s, i) => db.translation.create({ data: { segmentId: s.id, systemId: system.id, language: "zh", text: `时光飞逝${i}` } })));
    const rows = [
      { annotatorId: x.id, segmentId: segs[0].id, translationId: tr[0].id, mrwId: null, itemKey: `${tr[0].id}:-`, field: "FLUENCY", value: 4 },
      { annotatorId: y.id, segmentId: segs[0].id, translationId: tr[0].id, mrwId: null, itemKey: `${tr[0].id}:-`, field: "FLUENCY", value: 2 },
      { annotatorId: x.id, segmentId: segs[0].id, translationId: tr[0].id, mrwId: mrw.id, itemKey: `${tr[0].id}:${mrw.id}`, field: "EQUIVALENCE", value: "FULL" },
      { annotatorId: y.id, segmentId: segs[0].id, translationId: tr[0].id, mrwId: mrw.id, itemKey: `${tr[0].id}:${mrw.id}`, field: "EQUIVALENCE", value: "PART" },
      { annotatorId: x.id, segmentId: segs[0].id, translationId: tr[0].id, mrwId: mrw.id, itemKey: `${tr[0].id}:${mrw.id}`, field: "ALIGNMENT", value: { spans: [{ start: 0, end: 2 }], pattern: "a\u001eb" } },
      { annotatorId: x.id, segmentId: segs[1].id, translationId: tr[1].id, mrwId: null, itemKey: `${tr[1].id}:-`, field: "METAHOPE_ERRORS", value: { reviewed: true } },
      { annotatorId: y.id, segmentId: segs[1].id, translationId: null, mrwId: null, itemKey: "-:-", field: "OVERALL", value: 3.5 },
      { annotatorId: x.id, segmentId: segs[1].id, translationId: tr[1].id, mrwId: null, itemKey: `${tr[1].id}:-`, field: "EMOTION", value: "SAME" },
    ];
    await db.annotation.createMany({ data: rows.map((r) => ({ ...r, projectId: project.id })) });

    const data = await readReportData(db, project.id);
    const stored = await db.annotation.findMany({ where: { projectId: project.id } });
    expect(stored).toHaveLength(rows.length);
    expect(data.annotations.map(key).sort()).toEqual(stored.map(key).sort());
    expect(data.annotators.map((a) => a.id).sort()).toEqual([x.id, y.id].sort());
    expect(data.translations.map((t) => t.id).sort()).toEqual(tr.map((t) => t.id).sort());
  });

  it("looks up the segment of a translation created after the lists were read, and drops rows of a deleted one", async () => {
    const lists = { segments: [{ id: "s0", externalId: "s0", split: null, metaphorical: true }], translations: [{ id: "t0", segmentId: "s0", systemId: "y", language: "zh", text: "" }], mrws: [] };
    const c = emptyAnnotationColumns(lists, 3);
    const field = c.fields.add("FLUENCY");
    const annotator = c.annotators.add("a");
    // row 0 on the listed t0, row 1 on t1 (created later, segment s1), row 2 on t2 (deleted since)
    const t = [0, c.translations.add("t1"), c.translations.add("t2")];
    t.forEach((ti, i) => {
      c.field[i] = field;
      c.annotator[i] = annotator;
      c.translation[i] = ti;
      c.mrw[i] = -1;
      c.value[i] = c.values.addValue(i + 1);
      c.segment[i] = i === 0 ? 0 : -2;
    });
    c.length = 3;
    const asked: string[][] = [];
    await resolveUnlistedSegments(c, 1, async (ids) => {
      asked.push(ids);
      return [["t1", "s1"]];
    });
    expect(asked).toEqual([["t1", "t2"]]);
    expect(c.length).toBe(2);
    expect([c.segments.ids[c.segment[0]], c.segments.ids[c.segment[1]]]).toEqual(["s0", "s1"]);
    expect([c.translations.ids[c.translation[1]], c.values.at(c.value[1])]).toEqual(["t1", 2]);
  });
});
