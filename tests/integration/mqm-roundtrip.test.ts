// MQM in and out on the real database (issue 20.2–20.3): the synthetic WMT and Marot files of
// tests/fixtures/mqm imported into projects made from the mqm preset, exported as --format mqm and
// --format marot, and the exports imported into fresh projects give the same rows and values back.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { exportFile } from "@/lib/db/export/stream";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { MQM_PRESET } from "@/lib/schemes/presets/mqm";
import { EMOS_PRESET } from "@/lib/schemes/presets/emos";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";
import { marotLoaderProblems } from "@/lib/export/test-support/marot-loader-check";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const dir = path.join(__dirname, "../fixtures/mqm");
const WMT = readFileSync(path.join(dir, "wmt-9col.tsv"));
const MAROT = readFileSync(path.join(dir, "marot-10col.tsv"));

async function mqmProject(scheme = MQM_PRESET) {
  const p = await makeProject(db);
  await db.project.update({ where: { id: p.id }, data: { sourceLang: "zh", targetLang: "en" } });
  await setProjectScheme(db, p.id, scheme, { actorId: null });
  return { ...p, sourceLang: "zh", targetLang: "en" };
}

async function importInto(project: Awaited<ReturnType<typeof mqmProject>>, name: string, content: Buffer) {
  return importFile(pool, { project, fileName: name, content, options: { format: "auto" }, dryRun: false });
}

async function exportText(project: { id: string; slug: string }, format: "mqm" | "marot"): Promise<string> {
  let text = "";
  for await (const line of exportFile(pool, db, project, "errors", format).lines) text += line;
  return text;
}

/** The stored values, independent of ids: annotator name, segment, system → value. */
async function values(projectId: string) {
  const r = await pool.query<{ k: string; value: unknown }>(
    `SELECT concat_ws('|', u.name, s."externalId", m.name) AS k, a.value FROM "Annotation" a JOIN "User" u ON u.id = a."annotatorId"
     JOIN "Segment" s ON s.id = a."segmentId" JOIN "Translation" t ON t.id = a."translationId" JOIN "MtSystem" m ON m.id = t."systemId"
     WHERE a."projectId" = $1 ORDER BY 1`,
    [projectId],
  );
  return r.rows;
}

const sortedLines = (text: string) => text.trimEnd().split("\n").slice(1).sort();

describe("MQM import and export", () => {
  it("imports the WMT file with raters as accounts without sign-in, and exports the same rows", async () => {
    const project = await mqmProject();
    const out = await importInto(project, "wmt-9col.tsv", WMT);
    expect(out.errors).toEqual([]);
    expect(out.format).toBe("mqm");
    expect(out.counts).toMatchObject({ documents: 2, segments: 3, translations: 6, annotations: 8 });
    expect(out.annotators.map((a) => a.name).sort()).toEqual(["raterX", "raterY"]);
    // raters by name: the project's own placeholder raters, shown as such (issue 27, point 7)
    expect(out.annotators.every((a) => a.imported && a.email === null)).toBe(true);
    const raters = await db.user.findMany({ where: { memberships: { some: { projectId: project.id } }, name: { in: ["raterX", "raterY"] } } });
    expect(raters.map((r) => isImportedAnnotatorEmail(r.email) && r.passwordHash === null)).toEqual([true, true]);
    // the items count as done by their raters (progress), as every import of annotations
    const done = await pool.query(`SELECT count(*)::int AS n FROM "Assignment" WHERE "projectId" = $1 AND status = 'DONE'`, [project.id]);
    expect(done.rows[0].n).toBe(4); // raterX: news.1 segments 1 and 2; raterY: news.1 segment 1, talk.2 segment 1

    const exported = await exportText(project, "mqm");
    const header = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity";
    expect(exported.split("\n")[0]).toBe(header);
    // the file's rows, with WMT 2020's "Non-translation!" written as the preset's label
    const expected = WMT.toString("utf8").replace("Non-translation!", "Non-translation");
    expect(sortedLines(exported)).toEqual(sortedLines(expected));

    // and the export imports into a new project as the same values
    const again = await mqmProject();
    expect((await importInto(again, "again.tsv", Buffer.from(exported))).errors).toEqual([]);
    expect(await values(again.id)).toEqual(await values(project.id));
    expect(await exportText(again, "mqm")).toBe(exported);
  });

  it("writes Marot's ten columns with metadata its parser reads, and the Marot export imports back to the same values", async () => {
    const project = await mqmProject();
    expect((await importInto(project, "wmt-9col.tsv", WMT)).errors).toEqual([]);
    const text = await exportText(project, "marot");
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe("system\tdoc\tdocSegId\tglobalSegId\trater\tsource\ttarget\tcategory\tseverity\tmetadata");
    const rows = lines.slice(1).map((l) => l.split("\t"));
    expect(rows.every((r) => r.length === 10)).toBe(true);
    // the omission on the source: its token range joins to the marked text, and the tokens to the texts
    const omission = rows.find((r) => r[7] === "Accuracy/Omission")!;
    const meta = JSON.parse(omission[9]) as { source_spans: [number, number][]; marked_text: string; segment: { source_tokens: string[]; target_tokens: string[] }; timestamp: number };
    expect(meta.marked_text).toBe("然后回家");
    const [a, b] = meta.source_spans[0];
    expect(meta.segment.source_tokens.slice(a, b + 1).join("")).toBe("然后回家");
    expect(meta.segment.source_tokens.join("")).toBe("他明天去北京，然后回家。");
    expect(meta.segment.target_tokens.join("")).toBe("He went to Beijing yesterday.");
    // the raters are imported accounts: the file gave no times, so none is invented (issue 30.1;
    // the import's time was shown by Marot as when each rating was made)
    expect(rows.map((r) => (JSON.parse(r[9]) as { timestamp?: number }).timestamp).filter((t) => t !== undefined)).toEqual([]);
    const noError = rows.find((r) => r[7] === "No-error")!;
    expect(JSON.parse(noError[9])).toMatchObject({ marked_text: "" });
    // every row loads in Marot as the original row: the columns Marot scores by (system, doc, ids,
    // rater, category, severity) and the texts are the original file's, row for row, and each
    // metadata holds only fields Marot's loader reads, with the sentence splits beside the tokens,
    // and spans whose tokens join to the original <v> span (tests/fixtures/mqm/marot-loader-fields.json)
    const original = WMT.toString("utf8").replace("Non-translation!", "Non-translation");
    expect(rows.map((r) => r.slice(0, 9).join("\t")).sort()).toEqual(sortedLines(original));
    for (const r of rows) expect(marotLoaderProblems(JSON.parse(r[9]) as Record<string, unknown>, r[5], r[6]), r.join("\t")).toEqual([]);

    const again = await mqmProject();
    const back = await importInto(again, "marot.tsv", Buffer.from(text));
    expect(back.errors).toEqual([]);
    expect(await values(again.id)).toEqual(await values(project.id));
  });

  it("gives the MQM scores of the imported file in --what scores (worked by hand)", async () => {
    const project = await mqmProject();
    expect((await importInto(project, "wmt-9col.tsv", WMT)).errors).toEqual([]);
    let text = "";
    for await (const line of exportFile(pool, db, project, "scores", "jsonl").lines) text += line;
    const rows = text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, string | number | null>);
    const system = (name: string) => rows.find((r) => r.metric === "MQM" && r.system === name && r.segmentId === undefined);
    // sysA: news.1/1 (No error; a Neutral error = 0), news.1/2 (Minor Fluency/Punctuation 0.1), talk.2/1 (No error)
    expect(system("sysA")).toMatchObject({ value: expect.closeTo(0.1 / 3, 12), n: 3 });
    // sysB: news.1/1 mean of (Minor 1 + Major 5) and No error = 3; news.1/2 two Major = 10; talk.2/1 Minor punctuation 0.1 + Non-translation 25
    expect(system("sysB")).toMatchObject({ value: expect.closeTo((3 + 10 + 25.1) / 3, 12), n: 3 });
    expect(rows.find((r) => r.metric === "MQM" && r.system === "sysB" && r.segmentId === "7")).toMatchObject({ value: expect.closeTo(25.1, 12), n: 1 });
    expect(rows.find((r) => r.metric === "MQM/Non-translation" && r.system === "sysB")).toMatchObject({ value: expect.closeTo(25 / 3, 12) });
    // three common segments: all 8 swaps enumerated; only the identity reaches the observed difference
    expect(rows.find((r) => r.statistic === "par_p")).toMatchObject({ metric: "MQM", system: "sysA", with: "sysB", value: 1 / 8, n: 3 });
  });

  it("imports Marot's own file with notes as span comments", async () => {
    const project = await mqmProject();
    const out = await importInto(project, "marot-10col.tsv", MAROT);
    expect(out.errors).toEqual([]);
    const v = await values(project.id);
    expect(v.map((r) => r.k)).toEqual(["r1|doc9:zh-en#1|sysA", "r1|doc9:zh-en#2|sysA"]);
    expect(v[0].value).toEqual([{ start: 4, end: 7, label: "Other", attributes: { severity: "Minor" }, on: "target", comment: "odd word choice" }]);
  });

  it("stores nothing of a file with a bad row, and refuses the export for a scheme without a translation spans field", async () => {
    const project = await mqmProject();
    const bad = WMT.toString("utf8").replace("Cat <v>sits</v> on mat.", "Cat <v>sits on mat.</v>!");
    const out = await importInto(project, "bad.tsv", Buffer.from(bad));
    expect(out.ok).toBe(false);
    expect(out.errors[0]).toMatchObject({ file: "bad.tsv", line: 5, field: "target" });
    const n = await pool.query(`SELECT (SELECT count(*) FROM "Segment" WHERE "projectId" = $1)::int AS s, (SELECT count(*) FROM "Annotation" WHERE "projectId" = $1)::int AS a`, [project.id]);
    expect(n.rows[0]).toEqual({ s: 0, a: 0 });

    const emos = await mqmProject(EMOS_PRESET);
    await expect(exportText(emos, "mqm")).rejects.toThrow("The MQM and Marot exports need a project whose scheme has a spans field at translation scope (e.g. the mqm preset).");
    expect(() => exportFile(pool, db, emos, "scores", "marot")).toThrow("Marot is a format of the errors export: use --what errors.");
  });
});
