// Large imports and the server (issue 27, point 8): a file's values have size limits (a 150 MB
// segment text was accepted, echoed whole by the dry run, and made a 300 MB adjudication page),
// an answer never echoes whole texts, and the in-memory parse of a large file runs in a worker
// thread (a 188 MB JSONL blocked the event loop for 15.4 s). On real PostgreSQL, through
// importFiles (what the upload route and the background job call) and the streaming loader.
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, rejection } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { importFiles } from "@/lib/db/import/import-file";
import { loadImportStream } from "@/lib/db/import/load-import-stream";
import { parseFile } from "@/lib/import";
import { PREVIEW_ROWS, PREVIEW_TEXT_CHARS } from "@/lib/import/answer-limits";
import { MAX_STRING_CHARS, MAX_TEXT_CHARS } from "@/lib/import/field-limits";
import { PARSE_OFF_THREAD_BYTES, parsesOffThread } from "@/lib/import/parse-file-off-thread";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const J = (o: unknown) => JSON.stringify(o);
const doc = J({ type: "document", externalId: "d1", language: "en" });
const seg = (id: string, text: string, index = 0) => J({ type: "segment", documentId: "d1", externalId: id, index, text, language: "en", metaphorical: false });
const tr = (id: string, text: string) => J({ type: "translation", segmentId: id, system: "A", language: "zh", text });

async function dryRunOrStore(projectId: string, content: string, dryRun: boolean) {
  return importFiles(pool, { project: { id: projectId, sourceLang: "en", targetLang: "zh" }, files: [{ name: "big.jsonl", content: Buffer.from(content) }], options: { format: "auto" }, dryRun });
}

describe("per-field size limits", () => {
  it("a segment text or translation over MAX_TEXT_CHARS, or a name over MAX_STRING_CHARS, refuses the file naming line and field; nothing is stored or echoed", async () => {
    const project = await makeProject(db);
    const huge = "w".repeat(MAX_TEXT_CHARS + 1);
    const file = [doc, seg("s1", "fine"), seg("s2", huge, 1), tr("s1", huge), J({ type: "annotation", annotator: "n".repeat(MAX_STRING_CHARS + 1), segmentId: "s1", system: "A", field: "FLUENCY", value: 3 })].join("\n");
    for (const dryRun of [true, false]) {
      const [o] = await dryRunOrStore(project.id, file, dryRun);
      expect(o.ok).toBe(false);
      expect(o.errors.map((e) => [e.line, e.field])).toEqual([[3, "text"], [4, "text"], [5, "annotator"]]);
      expect(o.errors[0].message).toBe(`the text is ${(MAX_TEXT_CHARS + 1).toLocaleString("en")} characters long, over the limit of ${MAX_TEXT_CHARS.toLocaleString("en")} characters; nothing was stored.`);
      // the refused file's data is dropped: the answer carries no part of the oversized texts
      expect(JSON.stringify(o).length).toBeLessThan(5_000);
    }
    expect(await db.segment.count({ where: { projectId: project.id } })).toBe(0);
    // the streaming path (large JSONL files) refuses the same lines
    const e = await rejection(loadImportStream(pool, { projectId: project.id, fileName: "big.jsonl", input: Readable.from([Buffer.from(file)]) }));
    const [o] = await dryRunOrStore(project.id, file, true);
    expect((e.detail as { errors: unknown[] }).errors).toEqual(o.errors);
    expect(await db.segment.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("a text at the limit is stored", async () => {
    const project = await makeProject(db);
    const [o] = await dryRunOrStore(project.id, [doc, seg("s1", "x".repeat(MAX_TEXT_CHARS))].join("\n"), false);
    expect([o.ok, o.errors]).toEqual([true, []]);
    expect((await db.segment.findFirstOrThrow({ where: { projectId: project.id } })).text).toHaveLength(MAX_TEXT_CHARS);
  });
});

describe("what an answer echoes", () => {
  it("a dry run's preview shows PREVIEW_ROWS rows of each kind and each string cut to PREVIEW_TEXT_CHARS", async () => {
    const project = await makeProject(db);
    const long = "long sentence ".repeat(5_000).slice(0, 60_000);
    const lines = [doc];
    for (let i = 0; i < 30; i++) lines.push(seg(`s${i}`, long, i), tr(`s${i}`, long));
    const [o] = await dryRunOrStore(project.id, lines.join("\n"), true);
    expect([o.ok, o.dryRun, o.counts.segments]).toEqual([true, true, 30]);
    expect(o.preview.segments).toHaveLength(PREVIEW_ROWS);
    expect(o.preview.translations).toHaveLength(PREVIEW_ROWS);
    for (const s of [...o.preview.segments, ...o.preview.translations]) {
      expect(s.text).toHaveLength(PREVIEW_TEXT_CHARS);
      expect(s.text.endsWith("…")).toBe(true);
    }
    // 30 × 120 kB of text in the file; the answer a few kB
    expect(JSON.stringify(o).length).toBeLessThan(2 * PREVIEW_ROWS * (PREVIEW_TEXT_CHARS + 100) + 2_000);
  });
});

describe("the in-memory parse runs off the event loop", () => {
  it("a multi-MB file is parsed in a worker thread: the event loop keeps ticking while it is read", async () => {
    const project = await makeProject(db);
    const lines = [doc];
    for (let i = 0; i < 12_000; i++) lines.push(seg(`s${i}`, `Sentence number ${i} of a corpus that is large enough to take a while.`, i), tr(`s${i}`, `第${i}句，足够长的语料。`));
    const content = Buffer.from(lines.join("\n"));
    expect(content.length).toBeGreaterThan(PARSE_OFF_THREAD_BYTES);
    // how long the same parse holds the thread that runs it (the second time: compiled code, as the import's parse)
    expect(parseFile("big.jsonl", content, { format: "jsonl" }).errors).toEqual([]);
    const t0 = performance.now();
    expect(parseFile("big.jsonl", content, { format: "jsonl" }).errors).toEqual([]);
    const onThread = performance.now() - t0;

    const before = parsesOffThread();
    let last = performance.now();
    let longest = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    try {
      const { parseImportFile } = await import("@/lib/db/import/import-file");
      const { result } = await parseImportFile(pool, project, "big.jsonl", content, { format: "auto" });
      expect([result.errors, result.documents[0].segments.length]).toEqual([[], 12_000]);
      // a tick due during a blocking parse runs only once the loop is free again: let it
      await new Promise((resolve) => setTimeout(resolve, 30));
    } finally {
      clearInterval(tick);
    }
    // on the calling thread the loop would stand still for the whole parse (`onThread`); in a
    // worker it only waits for the result to be handed over
    expect(longest, `longest pause ${longest.toFixed(0)} ms, parse on the thread ${onThread.toFixed(0)} ms`).toBeLessThan(Math.max(onThread / 2, 50));
    expect(parsesOffThread()).toBe(before + 1);
  }, 120_000);
});
