// Exports of a project that runs its own scheme: the full JSONL carries segment texts and lists and
// the role of role-anchored values, so export → import into a new project with the same scheme →
// export is byte-identical; the annotations table has one column per field of the scheme (scheme
// order), one row per annotator × unit, structured values as JSON text.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { exportFile } from "@/lib/db/export/stream";
import { importFile } from "@/lib/db/import/import-file";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import { collect } from "./export-rich-project";

const EVERY_KIND = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/every-kind.json", "utf8")));
const FIELD_IDS = [...new Set(EVERY_KIND.fields.map((f) => f.id))];

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const exportText = (p: { id: string; slug: string }, what: Parameters<typeof exportFile>[3], format: Parameters<typeof exportFile>[4]) => collect(exportFile(pool, db, p, what, format).lines);
const importText = (projectId: string, name: string, text: string) =>
  importFile(pool, { project: { id: projectId, sourceLang: "en", targetLang: "fr" }, fileName: name, content: Buffer.from(text), options: { format: "auto" }, dryRun: false });

const A = "exp-a@annotators.test";
const B = "exp-b@annotators.test";
const jl = (...recs: object[]) => recs.map((r) => JSON.stringify(r)).join("\n") + "\n";
const CORPUS = jl(
  { type: "document", externalId: "d1", language: "en" },
  { type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "Time is a thief.", language: "en", metaphorical: true, texts: { premise: "Time passes." }, lists: { tokens: ["Time", "is", "a", "thief."], answer: "b" } },
  { type: "segment", documentId: "d1", externalId: "s2", index: 1, text: "He broke the ice.", language: "en", metaphorical: true },
  { type: "mrw", segmentId: "s1", externalId: "m1", spans: [{ start: 10, end: 15 }], token: "thief", pos: "NOUN", active: true, metaphorical: true },
  { type: "translation", segmentId: "s1", system: "sys-a", language: "fr", text: "Le temps est un voleur." },
  { type: "translation", segmentId: "s2", system: "sys-a", language: "fr", text: "Il a brisé la glace." },
);
const VALUES = jl(
  { type: "annotation", annotator: A, segmentId: "s1", field: "register", value: "fiction" },
  { type: "annotation", annotator: A, segmentId: "s1", field: "transparency", value: 3 },
  { type: "annotation", annotator: A, segmentId: "s1", role: "premise", field: "premise-ok", value: true },
  { type: "annotation", annotator: A, segmentId: "s1", mrwId: "m1", field: "conventional", value: false },
  { type: "annotation", annotator: A, segmentId: "s1", system: "sys-a", field: "meaning", value: "kept" },
  { type: "annotation", annotator: A, segmentId: "s1", system: "sys-a", field: "cues", value: ["joy", "sorrow"] },
  { type: "annotation", annotator: A, segmentId: "s1", system: "sys-a", field: "fluency", value: 80 },
  { type: "annotation", annotator: A, segmentId: "s1", system: "sys-a", field: "errors", value: [{ start: 0, end: 2, label: "MIS", attributes: { severity: 6 } }] },
  { type: "annotation", annotator: A, segmentId: "s1", system: "sys-a", mrwId: "m1", field: "alignment", value: { pattern: "DIRECT", spans: [{ start: 16, end: 22 }] } },
  { type: "annotation", annotator: A, segmentId: "s1", system: "sys-a", mrwId: "m1", field: "emotion", value: { joy: 0.2, fear: 0.7 } },
  { type: "annotation", annotator: B, segmentId: "s1", field: "transparency", value: 5 },
  { type: "annotation", annotator: B, segmentId: "s1", system: "sys-a", field: "meaning", value: "lost" },
  { type: "annotation", annotator: B, segmentId: "s1", system: "sys-a", field: "why-lost", value: "=HYPERLINK(\"x\")" },
  { type: "annotation", annotator: B, segmentId: "s2", system: "sys-a", field: "meaning", value: "literal" },
  { type: "adjudication", segmentId: "s1", system: "sys-a", field: "meaning", value: "kept", rationale: "A is right", adjudicator: "exp-adj@annotators.test", automatic: false },
  { type: "adjudication", segmentId: "s1", role: "premise", field: "premise-ok", value: true, rationale: "", automatic: true },
);

async function makeSchemeProject() {
  const p = await makeProject(db, [], { targetLang: "fr" });
  await setProjectScheme(db, p.id, EVERY_KIND, { actorId: null });
  // A and B annotate (and adjudicate) in the project: named by email, they are its members (issue 27, point 7)
  for (const email of [A, B, "exp-adj@annotators.test"]) {
    const u = await db.user.upsert({ where: { email }, update: {}, create: { email } });
    await db.projectMember.createMany({ data: (["ANNOTATOR", "ADJUDICATOR"] as const).map((role) => ({ projectId: p.id, userId: u.id, role })) });
  }
  return p;
}

describe("full project JSONL of a project that runs its own scheme", () => {
  it("carries texts, lists and roles, and round-trips byte-identically into a new project with the same scheme", async () => {
    const project = await makeSchemeProject();
    for (const [name, text] of [["corpus.jsonl", CORPUS], ["values.jsonl", VALUES]]) {
      const out = await importText(project.id, name, text);
      expect(out.errors, name).toEqual([]);
    }
    const first = await exportText(project, "project", "jsonl");
    const lines = first.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.find((l) => l.type === "segment" && l.externalId === "s1")).toMatchObject({ texts: { premise: "Time passes." }, lists: { tokens: ["Time", "is", "a", "thief."], answer: "b" } });
    expect(lines.find((l) => l.type === "segment" && l.externalId === "s2")).not.toHaveProperty("texts");
    expect(lines.find((l) => l.type === "annotation" && l.field === "premise-ok")).toMatchObject({ role: "premise", segmentId: "s1", value: true });
    expect(lines.find((l) => l.type === "adjudication" && l.field === "premise-ok")).toMatchObject({ role: "premise", automatic: true });
    expect(lines.filter((l) => l.type === "annotation")).toHaveLength(14);

    const copy = await makeSchemeProject();
    const out = await importText(copy.id, "dump.jsonl", first);
    expect(out.errors).toEqual([]);
    expect(await exportText(copy, "project", "jsonl")).toBe(first);
    const stored = await pool.query(`SELECT DISTINCT "schemeVersion" FROM "Annotation" WHERE "projectId" = $1`, [copy.id]);
    expect(stored.rows).toEqual([{ schemeVersion: 1 }]);
    const adj = await pool.query(`SELECT "itemKey" FROM "Adjudication" WHERE "projectId" = $1 ORDER BY "itemKey"`, [copy.id]);
    expect(adj.rows.map((r) => r.itemKey)).toEqual([expect.stringMatching(/^[^:]+:-$/), "role:premise"]);
    // and into the original project: nothing changes
    expect((await importText(project.id, "dump.jsonl", first)).ok).toBe(true);
    expect(await exportText(project, "project", "jsonl")).toBe(first);
  });
});

describe("annotations table of a project that runs its own scheme", () => {
  it("has one column per field in scheme order and one row per annotator × unit, structured values as JSON text", async () => {
    const project = await makeSchemeProject();
    await importText(project.id, "corpus.jsonl", CORPUS);
    await importText(project.id, "values.jsonl", VALUES);
    const tsv = await exportText(project, "annotations", "tsv");
    const [header, ...rows] = tsv.trim().split("\n").map((l) => l.split("\t"));
    expect(header).toEqual(["doc", "segment", "system", "mrw", "mrw_token", "role", "unit", "annotator_id", "annotator", ...FIELD_IDS]);
    const col = (name: string) => header.indexOf(name);
    const find = (annotator: string, unit: string, segment = "s1") => rows.filter((r) => r[col("annotator")] === annotator && r[col("unit")] === unit && r[col("segment")] === segment);
    // A: document, segment, role, mrw, translation, mrw-translation units; B: segment, translation (s1), translation (s2)
    expect(rows).toHaveLength(6 + 3);
    const aTr = find(A, "translation");
    expect(aTr).toHaveLength(1);
    expect(aTr[0][col("meaning")]).toBe("kept");
    expect(aTr[0][col("cues")]).toBe('"[""joy"",""sorrow""]"');
    expect(aTr[0][col("fluency")]).toBe("80");
    expect(aTr[0][col("transparency")]).toBe("");
    expect(find(A, "role")[0][col("role")]).toBe("premise");
    expect(find(A, "role")[0][col("premise-ok")]).toBe("true");
    expect(find(A, "document")[0][col("register")]).toBe("fiction");
    expect(find(A, "mrw-translation")[0][col("emotion")]).toContain("fear");
    expect(find(B, "segment")[0][col("transparency")]).toBe("5");
    // formula-looking text is neutralised as in every CSV/TSV export
    expect(find(B, "translation")[0][col("why-lost")]).toMatch(/^"?'=HYPERLINK/);
    const json = JSON.parse(await exportText(project, "annotations", "json"));
    expect(json.find((r: Record<string, unknown>) => r.annotator === A && r.unit === "translation").cues).toEqual(["joy", "sorrow"]);
  });

  it("adjudicated values name the unit and role of each decision", async () => {
    const project = await makeSchemeProject();
    await importText(project.id, "corpus.jsonl", CORPUS);
    await importText(project.id, "values.jsonl", VALUES);
    const rows = JSON.parse(await exportText(project, "adjudicated", "json")) as Record<string, unknown>[];
    expect(rows.map((r) => [r.segment, r.system, r.role, r.unit, r.field, r.value, r.automatic])).toEqual([
      ["s1", "sys-a", null, "translation", "meaning", "kept", false],
      ["s1", null, "premise", "role", "premise-ok", true, true],
    ]);
  });
});
