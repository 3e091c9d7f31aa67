// Importing into a project that runs its own scheme (lib/db/import/load-import.ts, lib/import/scheme-line-check.ts):
// segment lines carry texts by role and item lists; every annotation line is checked against the
// stored scheme (field, anchor, value with the item's lists) and one bad line stores nothing; the
// stored values carry the scheme version, and the imported work becomes DONE assignments (one per annotator × item).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { loadImport } from "@/lib/db/import/load-import";
import { importFile } from "@/lib/db/import/import-file";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, rejection } from "./fixtures";
import { troposOn } from "../support/run-tropos";

const IDIOM = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
const CORPUS = readFileSync("tests/fixtures/idiom-judgement/corpus.jsonl", "utf8");
const ANNOTATIONS = readFileSync("tests/fixtures/idiom-judgement/annotations.jsonl", "utf8");

/** A cloze-like scheme: options from the item's list, a role-anchored field and a document field. */
const CLOZE = ZSchemeDefinition.parse({
  id: "cloze",
  version: 1,
  name: "Cloze",
  roles: [{ id: "premise", label: "Premise" }],
  fields: [
    { id: "pick", scope: "segment", kind: "choice", label: "Pick", optionsFrom: "candidates" },
    { id: "premise-ok", scope: { role: "premise" }, kind: "boolean", label: "Premise fine" },
    { id: "register", scope: "document", kind: "choice", label: "Register", options: [{ value: "news" }, { value: "fiction" }] },
  ],
});

let db: Db;
let pool: Pool;
let url: string;


const load = (projectId: string, fileName: string, text: string) => {
  const result = parseJsonl(fileName, text);
  expect(result.errors).toEqual([]);
  return loadImport(pool, { projectId, fileName, result });
};

const counts = async (projectId: string) => {
  const r = await pool.query<{ a: number; h: number; s: number; asg: number }>(
    `SELECT (SELECT count(*)::int FROM "Annotation" WHERE "projectId" = $1) AS a,
            (SELECT count(*)::int FROM "History" WHERE "projectId" = $1) AS h,
            (SELECT count(*)::int FROM "Segment" WHERE "projectId" = $1) AS s,
            (SELECT count(*)::int FROM "Assignment" WHERE "projectId" = $1) AS asg`,
    [projectId],
  );
  return r.rows[0];
};

beforeAll(async () => {
  ({ db, pool, url } = await openTestDatabase());
});
afterAll(closeTestDatabase);

describe("importing into a project that runs its own scheme", () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = (await makeProject(db, [], { targetLang: "fr" })).id;
    await setProjectScheme(db, projectId, IDIOM, { actorId: null });
  });

  it("stores the idiom fixture: corpus, then both annotators' values with the scheme version and DONE assignments", async () => {
    const c = await load(projectId, "corpus.jsonl", CORPUS);
    expect([c.documents, c.segments, c.translations]).toEqual([1, 3, 6]);
    const s = await load(projectId, "annotations.jsonl", ANNOTATIONS);
    expect(s.annotations).toBe(ANNOTATIONS.trim().split("\n").length);
    const rows = await pool.query<{ field: string; itemKey: string; schemeVersion: number | null; value: unknown; translationId: string | null }>(
      `SELECT field, "itemKey", "schemeVersion", value, "translationId" FROM "Annotation" WHERE "projectId" = $1`,
      [projectId],
    );
    expect(rows.rows.every((r) => r.schemeVersion === 1)).toBe(true);
    const t = rows.rows.find((r) => r.field === "transparency")!;
    expect(t.itemKey).toBe("-:-");
    const m = rows.rows.find((r) => r.field === "meaning")!;
    expect(m.itemKey).toBe(`${m.translationId}:-`);
    expect(rows.rows.find((r) => r.field === "cues")!.value).toEqual(expect.arrayContaining(["joy"]));
    const asg = await pool.query<{ status: string; origin: string }>(`SELECT status::text AS status, origin::text AS origin FROM "Assignment" WHERE "projectId" = $1`, [projectId]);
    expect(asg.rows).toHaveLength(6); // 2 annotators × 3 segments
    expect(new Set(asg.rows.map((r) => `${r.status}/${r.origin}`))).toEqual(new Set(["DONE/import"]));
  });

  it("refuses a value the field does not accept, naming file, line and field, and stores nothing of the file", async () => {
    const before = await counts(projectId);
    const lines = [
      `{"type":"annotation","annotator":"new-c@annotators.test","segmentId":"s1","system":"sys-a","field":"meaning","value":"kept"}`,
      `{"type":"annotation","annotator":"new-c@annotators.test","segmentId":"s1","field":"transparency","value":4}`,
      `{"type":"annotation","annotator":"new-c@annotators.test","segmentId":"s2","system":"sys-a","field":"meaning","value":"maybe"}`,
    ].join("\n");
    const e = await rejection(load(projectId, "more.jsonl", lines));
    expect(e.code).toBe("UNPROCESSABLE");
    expect(e.message).toContain(`more.jsonl line 3, field "meaning": "maybe" is not one of kept, literal, lost`);
    expect((e.detail as { errors: { line: number; field: string }[] }).errors).toEqual([expect.objectContaining({ file: "more.jsonl", line: 3, field: "meaning" })]);
    expect(await counts(projectId)).toEqual(before);
    const users = await pool.query(`SELECT 1 FROM "User" WHERE email = 'new-c@annotators.test'`);
    expect(users.rows).toHaveLength(0);
  });

  it("refuses an unknown field, a missing or extra anchor and a value out of range, every one named", async () => {
    const lines = [
      `{"type":"annotation","annotator":"a@x.test","segmentId":"s1","field":"FLUENCY","value":3}`,
      `{"type":"annotation","annotator":"a@x.test","segmentId":"s1","field":"meaning","value":"kept"}`,
      `{"type":"annotation","annotator":"a@x.test","segmentId":"s1","system":"sys-a","field":"transparency","value":3}`,
      `{"type":"annotation","annotator":"a@x.test","segmentId":"s1","field":"transparency","value":9}`,
      `{"type":"annotation","annotator":"a@x.test","segmentId":"s1","system":"sys-a","field":"cues","value":["envy"]}`,
    ].join("\n");
    const e = await rejection(load(projectId, "bad.jsonl", lines));
    const errors = (e.detail as { errors: { line: number; field: string; message: string }[] }).errors;
    expect(errors.map((x) => [x.line, x.field])).toEqual([
      [1, "FLUENCY"],
      [2, "meaning"],
      [3, "transparency"],
      [4, "transparency"],
      [5, "cues"],
    ]);
    expect(errors[0].message).toContain(`not a field of the scheme "idiom-judgement"`);
    expect(errors[1].message).toBe(`is per translation: the line needs "system"`);
    expect(errors[2].message).toBe(`is per segment: the line must not have "system"`);
    expect(errors[3].message).toContain("9");
    expect(e.message).toContain(`bad.jsonl line 1, field "FLUENCY"`);
  });

  it("a tabular annotations file takes the scheme's fields, reads JSON values and is checked the same way", async () => {
    const ok = await importFile(pool, {
      project: { id: projectId, sourceLang: "en", targetLang: "fr" },
      fileName: "tab.tsv",
      content: Buffer.from(`item\tsystem\tannotator\tfield\tvalue\ns3\tsys-b\ttab@annotators.test\tcues\t["anger"]\ns3\t\ttab@annotators.test\ttransparency\t6\n`),
      options: { format: "annotations" },
      dryRun: false,
    });
    expect(ok.errors).toEqual([]);
    expect(ok.ok).toBe(true);
    const stored = await pool.query(`SELECT a.field, a.value FROM "Annotation" a JOIN "User" u ON u.id = a."annotatorId" WHERE u.name = 'tab@annotators.test' AND a."projectId" = $1 ORDER BY a.field`, [projectId]);
    expect(stored.rows).toEqual([{ field: "cues", value: ["anger"] }, { field: "transparency", value: 6 }]);
    const bad = await importFile(pool, {
      project: { id: projectId, sourceLang: "en", targetLang: "fr" },
      fileName: "tab2.tsv",
      content: Buffer.from(`item\tsystem\tannotator\tfield\tvalue\ns3\tsys-b\ttab@annotators.test\tmeaning\tmaybe\n`),
      options: { format: "annotations" },
      dryRun: false,
    });
    expect(bad.ok).toBe(false);
    expect(bad.errors).toEqual([expect.objectContaining({ file: "tab2.tsv", line: 2, field: "meaning" })]);
  });
});

describe("segment texts and lists; role, list and document values", () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = (await makeProject(db, [], { targetLang: "fr" })).id;
    await setProjectScheme(db, projectId, CLOZE, { actorId: null });
  });
  const corpus = [
    `{"type":"document","externalId":"d1","language":"en"}`,
    `{"type":"segment","documentId":"d1","externalId":"c1","index":0,"text":"The ___ sat on the mat.","language":"en","metaphorical":false,"texts":{"premise":"A cat is an animal."},"lists":{"candidates":["cat","dog"],"answer":"cat"}}`,
    `{"type":"segment","documentId":"d1","externalId":"c2","index":1,"text":"Time ___.","language":"en","metaphorical":true,"lists":{"candidates":["flies","crawls"]}}`,
  ].join("\n");

  it("stores texts and lists on the segment", async () => {
    await load(projectId, "cloze.jsonl", corpus);
    const r = await pool.query(`SELECT "externalId", texts, lists FROM "Segment" WHERE "projectId" = $1 ORDER BY index`, [projectId]);
    expect(r.rows).toEqual([
      { externalId: "c1", texts: { premise: "A cat is an animal." }, lists: { candidates: ["cat", "dog"], answer: "cat" } },
      { externalId: "c2", texts: null, lists: { candidates: ["flies", "crawls"] } },
    ]);
  });

  it("refuses a malformed texts value with the line and the field path", () => {
    const r = parseJsonl("x.jsonl", `{"type":"segment","documentId":"d1","externalId":"c9","index":9,"text":"x","language":"en","metaphorical":false,"texts":{"premise":3}}`);
    expect(r.errors).toEqual([expect.objectContaining({ file: "x.jsonl", line: 1, field: "texts.premise" })]);
  });

  it("checks options against the item's own list, roles against its texts, and puts a document value on its first segment", async () => {
    const bad = [
      `{"type":"annotation","annotator":"z@x.test","segmentId":"c2","field":"pick","value":"cat"}`,
      `{"type":"annotation","annotator":"z@x.test","segmentId":"c2","role":"premise","field":"premise-ok","value":true}`,
      `{"type":"annotation","annotator":"z@x.test","segmentId":"c1","role":"hypothesis","field":"premise-ok","value":true}`,
    ].join("\n");
    const e = await rejection(load(projectId, "bad.jsonl", bad));
    const errors = (e.detail as { errors: { line: number; field: string; message: string }[] }).errors;
    expect(errors.map((x) => x.line)).toEqual([1, 2, 3]);
    expect(errors[0].message).toContain("flies, crawls");
    expect(errors[1].message).toContain(`no "premise" text`);
    expect(errors[2].message).toContain("anchored to the premise text");

    const good = [
      `{"type":"annotation","annotator":"z@x.test","segmentId":"c1","field":"pick","value":"dog"}`,
      `{"type":"annotation","annotator":"z@x.test","segmentId":"c1","role":"premise","field":"premise-ok","value":true}`,
      `{"type":"annotation","annotator":"z@x.test","segmentId":"c2","field":"register","value":"fiction"}`,
    ].join("\n");
    await load(projectId, "good.jsonl", good);
    const r = await pool.query<{ ext: string; itemKey: string; field: string }>(
      `SELECT s."externalId" AS ext, a."itemKey", a.field FROM "Annotation" a JOIN "Segment" s ON s.id = a."segmentId" WHERE a."projectId" = $1 ORDER BY a.field`,
      [projectId],
    );
    expect(r.rows).toEqual([
      { ext: "c1", itemKey: "-:-", field: "pick" },
      { ext: "c1", itemKey: "role:premise", field: "premise-ok" },
      { ext: "c1", itemKey: "document", field: "register" },
    ]);
  });
});

describe("built-in projects", () => {
  it("refuse a role, which only a project's own scheme has", async () => {
    const projectId = (await makeProject(db, [], { targetLang: "fr" })).id;
    await load(projectId, "c.jsonl", CORPUS);
    const e = await rejection(load(projectId, "r.jsonl", `{"type":"annotation","annotator":"a@x.test","segmentId":"s1","system":"sys-a","role":"premise","field":"FLUENCY","value":3}`));
    expect(e.message).toContain("role");
    const asg = await pool.query(`SELECT 1 FROM "Annotation" WHERE "projectId" = $1`, [projectId]);
    expect(asg.rows).toHaveLength(0);
  });
});

describe("tropos import", () => {
  const tropos = troposOn(() => url);

  it("stores the fixture into a scheme project and refuses a bad value naming file, line and field", async () => {
    const project = await makeProject(db, [], { targetLang: "fr" });
    await setProjectScheme(db, project.id, IDIOM, { actorId: null });
    const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-scheme-import-"));
    const bad = path.join(dir, "bad.jsonl");
    writeFileSync(bad, `{"type":"annotation","annotator":"a@x.test","segmentId":"s1","system":"sys-a","field":"meaning","value":"maybe"}\n`);
    const ok = await tropos("import", "tests/fixtures/idiom-judgement/corpus.jsonl", "tests/fixtures/idiom-judgement/annotations.jsonl", "--project", project.slug);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    const refused = await tropos("import", bad, "--project", project.slug);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`bad.jsonl:1 (meaning): "maybe" is not one of kept, literal, lost`);
    expect(await db.annotation.count({ where: { projectId: project.id } })).toBe(ANNOTATIONS.trim().split("\n").length);
  });
});
