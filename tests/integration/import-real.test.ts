// Real corpus samples through the import service (parse → loader → PostgreSQL): counts, offsets
// of hand-checked MRWs, Chinese text byte-exact, and MetaHOPE A + B workbooks into one project.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { importFile, importFiles } from "@/lib/db/import/import-file";
import { importedRaterEmail } from "@/lib/import/imported-annotator";
import { setActivePos } from "@/lib/db/projects/mrw-active-pos";

const REAL = "/work/shared/data/real";
const METAHOPE = path.join(REAL, "metahope");
const HAVE = existsSync(METAHOPE);
const SKIP = HAVE ? "" : ` (SKIPPED: ${METAHOPE} is absent)`;
const read = (rel: string) => readFileSync(path.join(REAL, rel));

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function counts(projectId: string) {
  return {
    documents: await db.document.count({ where: { projectId } }),
    segments: await db.segment.count({ where: { projectId } }),
    mrws: await db.mrw.count({ where: { projectId } }),
    translations: await db.translation.count({ where: { segment: { projectId } } }),
    alignments: await db.alignment.count({ where: { mrw: { projectId } } }),
  };
}

describe.skipIf(!HAVE)(`MetaHOPE workbooks into PostgreSQL${SKIP}`, () => {
  const A = "metahope/VUAMC_pilot20__translation_aligned_annotator-A.xlsx";
  const B = "metahope/VUAMC_pilot20__translation_aligned_annotated_annotator-B.xlsx";

  it("A's and B's sheets share segments, MRWs, translations and alignments once; errors go to each annotator", async () => {
    const project = await makeProject(db);
    const p = { id: project.id, sourceLang: "en", targetLang: "zh" };
    const out = await importFiles(pool, {
      project: p,
      files: [A, B].map((f) => ({ name: path.basename(f), content: read(f) })),
      options: { format: "auto" },
      dryRun: false,
    });
    expect(out.map((o) => [o.format, o.ok, o.errors])).toEqual([["metahope-xlsx", true, []], ["metahope-xlsx", true, []]]);
    expect(await counts(project.id)).toEqual({ documents: 6, segments: 21, mrws: 65, translations: 63, alignments: 195 });
    // each annotator is a user of their own with the ANNOTATOR role; their error spans are values of
    // METAHOPE_ERRORS (one list per annotator × translation), no ErrorSpan row is written
    expect(await db.errorSpan.count({ where: { projectId: project.id } })).toBe(0);
    const spanCounts = async () =>
      (
        await pool.query<{ email: string; spans: number; penalty: number }>(
          `SELECT u.email, count(*)::int AS spans, sum((e.span->'attributes'->>'severity')::int)::int AS penalty
           FROM "Annotation" a JOIN "User" u ON u.id = a."annotatorId", jsonb_array_elements(a.value) AS e(span)
           WHERE a."projectId" = $1 AND a.field = 'METAHOPE_ERRORS' AND jsonb_typeof(a.value) = 'array'
           GROUP BY u.email ORDER BY u.email`,
          [project.id],
        )
      ).rows;
    const spans = await spanCounts();
    expect(spans.map((r) => r.email)).toEqual([importedRaterEmail(project.id, "A"), importedRaterEmail(project.id, "B")]);
    // the paper's MRW-level totals (table 3): A = 22 + 30 + 42, B = 124 + 150 + 226 (a span's severity is its penalty)
    expect(spans.map((r) => [r.email, r.penalty])).toEqual([[importedRaterEmail(project.id, "A"), 94], [importedRaterEmail(project.id, "B"), 500]]);
    // importing A again changes nothing
    await importFile(pool, { project: p, fileName: path.basename(A), content: read(A), options: { format: "auto" }, dryRun: false });
    expect(await counts(project.id)).toEqual({ documents: 6, segments: 21, mrws: 65, translations: 63, alignments: 195 });
    expect(await spanCounts()).toEqual(spans);
  });

  it("maps a workbook onto an annotator of the project with --annotator EMAIL", async () => {
    const existing = await db.user.create({ data: { email: `lead-${randomUUID()}@test.tropos` } });
    const project = await makeProject(db, [{ userId: existing.id, roles: ["ANNOTATOR"] }]);
    const out = await importFile(pool, { project: { id: project.id, sourceLang: "en", targetLang: "zh" }, fileName: path.basename(A), content: read(A), options: { format: "metahope-xlsx", annotator: existing.email }, dryRun: false });
    expect(out.ok).toBe(true);
    expect(out.annotators).toEqual([{ name: existing.email, email: existing.email, imported: false, created: false }]);
  });
});

describe.skipIf(!HAVE)(`corpus samples into PostgreSQL${SKIP}`, () => {
  it("VUAMC pilot (BOM + CRLF): counts, hand-checked offsets, exact text; POS setting recomputes active MRWs", async () => {
    const project = await makeProject(db);
    const out = await importFile(pool, { project: { id: project.id, sourceLang: "en", targetLang: "zh" }, fileName: "VUAMC_news_pilot20.csv", content: read("metahope/VUAMC_news_pilot20.csv"), options: { format: "auto" }, dryRun: false });
    expect([out.format, out.ok]).toEqual(["vuamc", true]);
    expect(await counts(project.id)).toMatchObject({ documents: 6, segments: 165, mrws: 796 });
    const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: "vuamc:a1j-fragment33:1" }, include: { mrws: true } });
    expect(seg.text).toBe("The Labour Party Conference: Policy review throws a spanner in the Whitehall machinery");
    const machinery = seg.mrws.find((m) => m.externalId === "vuamc:a1j-fragment33:1:t13")!;
    expect([machinery.start, machinery.end, seg.text.slice(machinery.start, machinery.end), machinery.pos, machinery.active]).toEqual([77, 86, "machinery", "NOUN", true]);
    const inMrw = seg.mrws.find((m) => m.externalId === "vuamc:a1j-fragment33:1:t10")!;
    expect([inMrw.start, inMrw.end, inMrw.pos, inMrw.active]).toEqual([60, 62, "OTHER", false]);
    const setUp = await db.mrw.findFirstOrThrow({ where: { projectId: project.id, externalId: "vuamc:a1j-fragment33:4:t49" } });
    expect(setUp.spans).toHaveLength(2);

    // the project switches function words on: every OTHER MRW with a POS becomes active, and back
    const changed = await setActivePos(pool, project.id, ["NOUN", "VERB", "ADJ", "ADV", "OTHER"]);
    expect(changed).toBeGreaterThan(0);
    expect((await db.mrw.findUniqueOrThrow({ where: { id: inMrw.id } })).active).toBe(true);
    await setActivePos(pool, project.id, ["NOUN", "VERB", "ADJ", "ADV"]);
    expect((await db.mrw.findUniqueOrThrow({ where: { id: inMrw.id } })).active).toBe(false);
  });

  it("PSUCMC pilot: Chinese text byte-exact and offsets in UTF-16 units", async () => {
    const project = await makeProject(db);
    const out = await importFile(pool, { project: { id: project.id, sourceLang: "zh", targetLang: "en" }, fileName: "PSUCMC_news_pilot20.csv", content: read("metahope/PSUCMC_news_pilot20.csv"), options: { format: "psucmc" }, dryRun: false });
    expect(out.errors).toEqual([]);
    expect(await counts(project.id)).toMatchObject({ documents: 7, segments: 53, mrws: 94 });
    const m = await db.mrw.findFirstOrThrow({ where: { projectId: project.id, externalId: "psucmc:news_01_v.4:7:t39" }, include: { segment: true } });
    expect(m.token).toBe("空");
    expect(m.gloss).toBe("闲暇,闲功夫,没被占用的时间");
    expect(m.segment.text.slice(m.start, m.end)).toBe("空");
    // every stored sentence occurs verbatim in the file
    const file = read("metahope/PSUCMC_news_pilot20.csv").toString("utf8");
    const segs = await db.segment.findMany({ where: { projectId: project.id }, select: { text: true } });
    expect(segs.every((s) => file.includes(s.text))).toBe(true);
  });
});
