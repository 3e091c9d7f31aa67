// The streaming JSONL import (issue 21 point 3, lib/db/import/load-import-stream.ts) against the
// in-memory one (parseJsonl + loadImport) on the same files: the same database contents (the
// project's full JSONL export, byte for byte, and the rows' counts and positions), the same
// refusals (message, and every issue's line, field and text), and all-or-nothing per file. The
// streaming path is forced with tiny COPY batches (3 rows) and 7-byte chunks, so that batches
// and lines (and UTF-8 characters) split everywhere.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, rejection } from "./fixtures";
import { collect, makeRichProject } from "./export-rich-project";
import { loadImport } from "@/lib/db/import/load-import";
import { loadImportStream } from "@/lib/db/import/load-import-stream";
import { exportProjectJsonl } from "@/lib/db/export/project-jsonl";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { countPairs } from "@/lib/import/parallel-pairs";
import { createProject } from "@/lib/db/projects/create-project";
import type { AppError } from "@/lib/errors";
import { importCommand } from "@/cli/commands/import";
import { moveOntoSchemeRuntime } from "@/lib/db/upgrade/move-onto-scheme-runtime";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function* chunked(text: string | Buffer, size = 7): AsyncGenerator<Buffer> {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const inMemory = (projectId: string, fileName: string, text: string) => loadImport(pool, { projectId, fileName, result: parseJsonl(fileName, Buffer.from(text)) });
/** The streaming path's summary; its `pairs` checked against countPairs of the parsed file and left out. */
async function streamed(projectId: string, fileName: string, text: string | Buffer) {
  const { pairs, ...summary } = await loadImportStream(pool, { projectId, fileName, input: chunked(text), batchRows: 3 });
  expect(pairs).toBe(countPairs(parseJsonl(fileName, Buffer.from(text))));
  return summary;
}

/** The rows of a project a re-import must not move, without database ids. */
async function corpusRows(projectId: string) {
  const r = await pool.query(
    `SELECT d."externalId" AS doc, d.position, d.title, d.split AS dsplit, s."externalId" AS seg, s.index, s.split, s.metaphorical, s.texts, s.lists,
            (SELECT count(*) FROM "Mrw" m WHERE m."segmentId" = s.id)::int AS mrws,
            (SELECT string_agg(y.name || '/' || t.language || '=' || t.text, '|' ORDER BY y.name, t.language) FROM "Translation" t JOIN "MtSystem" y ON y.id = t."systemId" WHERE t."segmentId" = s.id) AS tr
     FROM "Segment" s JOIN "Document" d ON d.id = s."documentId" WHERE s."projectId" = $1 ORDER BY d.position, s.index`,
    [projectId],
  );
  const changes = await pool.query<{ t: string }>(`SELECT DISTINCT "tableName" AS t FROM "ReportChange" WHERE "projectId" = $1 ORDER BY 1`, [projectId]);
  return { rows: r.rows, changedTables: changes.rows.map((x) => x.t) };
}

// raters who are not members of the importing project become its own placeholder raters (issue 27,
// point 7), whose addresses name the project: compared without that part
const exported = async (projectId: string) => (await collect(exportProjectJsonl(pool, projectId))).split(`@${projectId.toLowerCase()}.annotators.tropos.local`).join("@<project>.annotators.tropos.local");

describe("streaming JSONL import", () => {
  it("stores a full project dump as the in-memory path does, first import and re-import", async () => {
    const { project } = await makeRichProject(db, pool);
    // the fixture writes its work as an earlier release did; every project runs its stored scheme
    // now, so it is moved first (as db:migrate and server start do) and its dump holds values only
    await moveOntoSchemeRuntime(db, project.id);
    const dump = await exported(project.id);
    // the dump's people are members of the projects it is imported into, with their roles: a rater
    // who is not would be the importing project's placeholder (issue 27, point 7)
    const members = (await db.projectMember.findMany({ where: { projectId: project.id } })).map((m) => ({ userId: m.userId, roles: [m.role] }));
    const [a, b] = [await makeProject(db, members), await makeProject(db, members)];
    const sa = await inMemory(a.id, "dump.jsonl", dump);
    const sb = await streamed(b.id, "dump.jsonl", dump);
    expect(sb).toEqual({ ...sa, annotators: sb.annotators });
    expect(sb.annotators.map((x) => [x.name, x.email])).toEqual(sa.annotators.map((x) => [x.name, x.email]));
    expect(await exported(b.id)).toBe(await exported(a.id));
    expect(await corpusRows(b.id)).toEqual(await corpusRows(a.id));
    // a second import of the same file updates in place, on both paths alike
    const ra = await inMemory(a.id, "dump.jsonl", dump);
    const rb = await streamed(b.id, "dump.jsonl", dump);
    expect({ ...rb, annotators: [] }).toEqual({ ...ra, annotators: [] });
    expect(await exported(b.id)).toBe(await exported(a.id));
    expect(await corpusRows(b.id)).toEqual(await corpusRows(a.id));
    expect(await exported(b.id)).toBe(dump);
  });

  it("takes a BOM, CRLF line ends, blank lines and a last line without a line break", async () => {
    const lines = [
      { type: "document", externalId: "d1", language: "en", split: "pilot" },
      { type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "The economy ran out of steam — 经济", language: "en", metaphorical: true },
      { type: "mrw", segmentId: "s1", externalId: "m1", spans: [{ start: 12, end: 15 }], token: "ran", pos: "VERB", active: true, metaphorical: true },
      { type: "translation", segmentId: "s1", system: "GoogleMT", language: "zh", text: "经济\t失去了\\动力。" },
    ];
    const text = `\uFEFF${lines.map((l) => JSON.stringify(l)).join("\r\n\r\n")}`;
    const [a, b] = [await makeProject(db), await makeProject(db)];
    expect(await streamed(b.id, "crlf.jsonl", text)).toEqual(await inMemory(a.id, "crlf.jsonl", text));
    expect(await exported(b.id)).toBe(await exported(a.id));
    expect(await corpusRows(b.id)).toEqual(await corpusRows(a.id));
  });

  const doc = (id = "d1") => ({ type: "document", externalId: id, language: "en" });
  const seg = (id: string, index: number, o: object = {}) => ({ type: "segment", documentId: "d1", externalId: id, index, text: "hopes sank fast", language: "en", metaphorical: true, ...o });
  const mrw = (segId: string, id: string, o: object = {}) => ({ type: "mrw", segmentId: segId, externalId: id, spans: [{ start: 6, end: 10 }], token: "sank", pos: "VERB", active: true, metaphorical: true, ...o });
  const tr = (segId: string, o: object = {}) => ({ type: "translation", segmentId: segId, system: "GoogleMT", language: "zh", text: "希望破灭", ...o });
  const jsonl = (...lines: (object | string)[]) => lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n");
  const refusals: [string, string][] = [
    ["invalid JSON and schema errors", jsonl(doc(), "{not json", seg("s1", 0, { index: -1 }), { type: "mrw" }, { type: "nonsense" })],
    ["duplicate ids of every kind", jsonl(doc(), doc(), seg("s1", 0), seg("s1", 1), mrw("s1", "m1"), mrw("s1", "m1"), tr("s1"), tr("s1"))],
    ["links: MRW without its segment, span outside, segment without document, index twice", jsonl(doc(), seg("s1", 0), seg("s2", 0), seg("s3", 1, { documentId: "nope" }), mrw("s9", "m1"), mrw("s1", "m2", { spans: [{ start: 0, end: 2 }, { start: 3, end: 99 }] }))],
    ["the same links in a file without repeats (the cheap checks)", jsonl(doc(), seg("s1", 0), seg("s3", 1, { documentId: "nope" }), mrw("s9", "m1"), mrw("s1", "m2", { spans: [{ start: 0, end: 2 }, { start: 3, end: 99 }] }))],
    ["value spans outside the translation in the file", jsonl(doc(), seg("s1", 0), mrw("s1", "m1"), tr("s1"), { type: "alignment", segmentId: "s1", mrwId: "m1", system: "GoogleMT", spans: [{ start: 0, end: 2 }, { start: 1, end: 40 }], pattern: "DIRECT" }, { type: "errorSpan", annotator: "a", segmentId: "s1", system: "GoogleMT", language: "zh", category: "IMP", severity: 2, span: { start: 0, end: 30 } })],
    ["a translation in a language the project lacks", jsonl(doc(), seg("s1", 0), tr("s1"), tr("s1", { system: "DeepL", language: "fr" }))],
    ["a translation of a segment neither in the file nor in the project", jsonl(doc(), seg("s1", 0), tr("s1"), tr("nowhere"))],
    ["an annotation of a segment that does not exist", jsonl(doc(), seg("s1", 0), tr("s1"), { type: "annotation", annotator: "a", segmentId: "s5", system: "GoogleMT", field: "FLUENCY", value: 3 })],
    ["an annotation of an MRW that does not exist", jsonl(doc(), seg("s1", 0), tr("s1"), { type: "annotation", annotator: "a", segmentId: "s1", system: "GoogleMT", mrwId: "m7", field: "EQUIVALENCE", value: "FULL" })],
  ];
  for (const [what, text] of refusals) {
    it(`refuses as the in-memory path does: ${what}`, async () => {
      const [a, b] = [await makeProject(db), await makeProject(db)];
      const ea: AppError = await rejection(inMemory(a.id, "bad.jsonl", text));
      const eb: AppError = await rejection(streamed(b.id, "bad.jsonl", text));
      expect(eb.message).toBe(ea.message);
      expect(eb.detail).toEqual(ea.detail);
      expect(await db.segment.count({ where: { projectId: b.id } })).toBe(0);
      expect(await db.document.count({ where: { projectId: b.id } })).toBe(0);
    });
  }

  it("refuses bytes that are not UTF-8 with decodeText's message", async () => {
    const text = Buffer.concat([Buffer.from(`${jsonl(doc(), seg("s1", 0))}\n{"type":"document","externalId":"d`), Buffer.from([0xff, 0xfe]), Buffer.from(`2","language":"en"}\n`)]);
    const [a, b] = [await makeProject(db), await makeProject(db)];
    const ea = await rejection(loadImport(pool, { projectId: a.id, fileName: "latin.jsonl", result: parseJsonl("latin.jsonl", text) }));
    const eb = await rejection(streamed(b.id, "latin.jsonl", text));
    expect(eb.message).toBe(ea.message);
    expect(eb.detail).toEqual(ea.detail);
  });

  it("names a binary file as decodeText does, and finds bytes that are not UTF-8 past the cap of errors", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from([0xe2, 0x28, 0xa1, 0x0a])]);
    const manyErrors = Buffer.concat([Buffer.from(Array.from({ length: 150 }, () => "{oops").join("\n") + "\n"), Buffer.from([0xff, 0x0a])]);
    for (const [name, bytes] of [["doc.jsonl", pdf], ["many.jsonl", manyErrors]] as const) {
      const [a, b] = [await makeProject(db), await makeProject(db)];
      const ea = await rejection(loadImport(pool, { projectId: a.id, fileName: name, result: parseJsonl(name, bytes) }));
      const eb = await rejection(streamed(b.id, name, bytes));
      expect(eb.message).toBe(ea.message);
      expect(eb.detail).toEqual(ea.detail);
      expect((eb.detail as { errors: { message: string }[] }).errors[0].message).toMatch(name === "doc.jsonl" ? /PDF document/ : /^not valid UTF-8: byte 0xff .*line 151/);
    }
  });

  it("keeps the target-language rules: the stored translation of several languages needs a language on the line", async () => {
    const mk = async () => {
      const slug = `stream-langs-${Math.random().toString(36).slice(2, 8)}`;
      return (await createProject(db, { slug, name: slug, sourceLang: "en", targetLang: "zh,it", scheme: "both" }, { actorId: null, via: "cli", inviteMissing: false })).project;
    };
    const corpus = jsonl(doc(), seg("s1", 0), mrw("s1", "m1"), tr("s1"), tr("s1", { language: "it", text: "speranze affondate" }));
    const ann = (o: object = {}) => ({ type: "annotation", annotator: "ann@example.org", segmentId: "s1", system: "GoogleMT", field: "FLUENCY", value: 3, ...o });
    const [a, b] = [await mk(), await mk()];
    // a file that brings both languages and a value line without one: refused alike
    const both = jsonl(corpus, ann());
    const ea = await rejection(inMemory(a.id, "both.jsonl", both));
    expect(ea.message).toMatch(/exists in several languages \(it, zh\): give the line a "language"/);
    const eb = await rejection(streamed(b.id, "both.jsonl", both));
    expect(eb.message).toBe(ea.message);
    expect(eb.detail).toEqual(ea.detail);
    // stored first, then values naming their language; a file bringing one language means its own
    for (const [name, text] of [["corpus.jsonl", corpus], ["values.jsonl", jsonl(ann({ language: "it" }), ann({ annotator: "b@example.org", language: "zh" }))], ["own.jsonl", jsonl(tr("s1", { text: "新译文" }), ann({ annotator: "c@example.org" }))]] as const) {
      expect(await streamed(b.id, name, text)).toEqual({ ...(await inMemory(a.id, name, text)), annotators: expect.any(Array) });
    }
    expect(await exported(b.id)).toBe(await exported(a.id));
    const own = await db.annotation.findFirstOrThrow({ where: { projectId: b.id, annotator: { name: "c@example.org" } }, select: { translation: { select: { language: true } } } });
    expect(own.translation?.language).toBe("zh");
  });

  it("a dry run stores nothing", async () => {
    const p = await makeProject(db);
    const s = await loadImportStream(pool, { projectId: p.id, fileName: "dry.jsonl", input: chunked(jsonl(doc(), seg("s1", 0, { lists: { parallel: "k1" } }), seg("s2", 1, { lists: { parallel: "k1" } }), tr("s1"))), dryRun: true });
    expect([s.documents, s.segments, s.translations, s.pairs]).toEqual([1, 2, 1, 1]);
    expect(await db.segment.count({ where: { projectId: p.id } })).toBe(0);
  });

  // last: the CLI closes the shared pool when it is done, and the test opens it again
  it("tropos import streams a JSONL file from TROPOS_IMPORT_STREAM_MB up, with the in-memory path's outcome; several files are all checked first", async () => {
    const { project } = await makeRichProject(db, pool);
    // the fixture writes its work as an earlier release did; every project runs its stored scheme
    // now, so it is moved first (as db:migrate and server start do) and its dump holds values only
    await moveOntoSchemeRuntime(db, project.id);
    const dump = await exported(project.id);
    const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-stream-"));
    const file = path.join(dir, "dump.jsonl");
    writeFileSync(file, dump);
    const [a, b, c] = [await makeProject(db), await makeProject(db), await makeProject(db)];
    const run = async (env: string | undefined, ...argv: string[]) => {
      let out = "";
      let err = "";
      const sink = (f: (s: string) => void) => new Writable({ write: (chunk, _e, done) => (f(String(chunk)), done()) });
      const before = process.env.TROPOS_IMPORT_STREAM_MB;
      if (env === undefined) delete process.env.TROPOS_IMPORT_STREAM_MB;
      else process.env.TROPOS_IMPORT_STREAM_MB = env;
      try {
        const code = await importCommand(argv, { stdout: sink((x) => (out += x)), stderr: sink((x) => (err += x)) });
        return { code, out, err };
      } finally {
        if (before === undefined) delete process.env.TROPOS_IMPORT_STREAM_MB;
        else process.env.TROPOS_IMPORT_STREAM_MB = before;
        ({ db, pool } = await openTestDatabase());
      }
    };
    const memory = await run(undefined, file, "--project", a.slug, "--json");
    const stream = await run("0", file, "--project", b.slug, "--json");
    expect([stream.code, stream.err]).toEqual([0, ""]);
    expect(JSON.parse(stream.out)).toEqual(JSON.parse(memory.out));
    expect(await exported(b.id)).toBe(await exported(a.id));
    // two files, the second refused: the streamed first one is not stored either
    const bad = path.join(dir, "bad.jsonl");
    writeFileSync(bad, `${JSON.stringify({ type: "document", externalId: "d9", language: "en" })}\n{oops\n`);
    const refused = await run("0", file, bad, "--project", c.slug, "--json");
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.out).errors).toEqual([{ file: "bad.jsonl", line: 2, message: expect.stringMatching(/^invalid JSON/) }]);
    expect(await db.segment.count({ where: { projectId: c.id } })).toBe(0);
  });
});
