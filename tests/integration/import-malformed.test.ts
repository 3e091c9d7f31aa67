// Malformed files are refused with file, line, field and reason (all errors up to the cap), and
// nothing of them is stored. Also: BOM/CRLF input, four languages byte-exact through import and export.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { importFile, type TImportOptions } from "@/lib/db/import/import-file";
import { exportProjectJsonl } from "@/lib/db/export/project-jsonl";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const J = (o: unknown) => JSON.stringify(o);
const TEXTS = {
  en: "Prices skyrocketed after the storm.",
  zh: "他的话像一把刀，刺进了我的心。",
  it: "Quel discorso è stato una doccia fredda per tutti.",
  es: "Sus palabras fueron un jarro de agua fría, ¿verdad?",
};
function corpusLines(): string[] {
  const lines = [J({ type: "document", externalId: "d1", language: "en", title: "Mixed" })];
  Object.entries(TEXTS).forEach(([lang, text], i) => {
    lines.push(J({ type: "segment", documentId: "d1", externalId: `s-${lang}`, index: i, text, language: lang, metaphorical: true }));
    lines.push(J({ type: "mrw", segmentId: `s-${lang}`, externalId: `m-${lang}`, spans: [{ start: 0, end: 2 }], token: text.slice(0, 2), pos: "NOUN", active: true, metaphorical: true }));
  });
  lines.push(J({ type: "translation", segmentId: "s-en", system: "A", language: "zh", text: "暴风雨过后价格飞涨。" }));
  return lines;
}

async function storedCounts(projectId: string) {
  return {
    documents: await db.document.count({ where: { projectId } }),
    segments: await db.segment.count({ where: { projectId } }),
    mrws: await db.mrw.count({ where: { projectId } }),
    translations: await db.translation.count({ where: { segment: { projectId } } }),
    annotations: await db.annotation.count({ where: { projectId } }),
  };
}

async function run(projectId: string, fileName: string, content: Buffer | string, options: Partial<TImportOptions> = {}) {
  return importFile(pool, { project: { id: projectId, sourceLang: "en", targetLang: "zh" }, fileName, content: Buffer.from(content), options: { format: "auto", ...options }, dryRun: false });
}

describe("malformed files are refused and store nothing", () => {
  it("with a BOM and CRLF the file imports, and text in four languages round-trips byte-exact", async () => {
    const project = await makeProject(db);
    const content = `\uFEFF${corpusLines().join("\r\n")}\r\n`;
    const out = await run(project.id, "mixed.jsonl", content);
    expect([out.ok, out.format, out.errors.map((e) => e.message).join(" | ")]).toEqual([true, "jsonl", ""]);
    const segs = await db.segment.findMany({ where: { projectId: project.id }, orderBy: { index: "asc" } });
    expect(segs.map((s) => s.text)).toEqual(Object.values(TEXTS));
    let exported = "";
    for await (const l of exportProjectJsonl(pool, project.id)) exported += l;
    for (const t of Object.values(TEXTS)) expect(exported).toContain(JSON.stringify(t));
    expect(Buffer.from(exported).includes(Buffer.from(TEXTS.zh, "utf8"))).toBe(true);
  });

  const cases: [string, string, string | Buffer, Partial<TImportOptions>, RegExp, { line: number; field?: string }][] = [
    ["truncated line", "t.jsonl", [...corpusLines(), '{"type":"translation","segmentId":"s-it","sys'].join("\n"), {}, /invalid JSON/, { line: 11 }],
    ["unknown label", "p.jsonl", [...corpusLines(), J({ type: "alignment", segmentId: "s-en", mrwId: "m-en", system: "A", spans: [], pattern: "SIDEWAYS" })].join("\n"), {}, /pattern/, { line: 11, field: "pattern" }],
    ["offsets out of range", "o.jsonl", [...corpusLines(), J({ type: "mrw", segmentId: "s-en", externalId: "m9", spans: [{ start: 30, end: 99 }], token: "x", pos: "NOUN", active: true, metaphorical: true })].join("\n"), {}, /outside the segment/, { line: 11, field: "spans.0" }],
    ["duplicate ids", "d.jsonl", [...corpusLines(), J({ type: "segment", documentId: "d1", externalId: "s-en", index: 9, text: "again", language: "en", metaphorical: false })].join("\n"), {}, /duplicate segment s-en \(first on line 2\)/, { line: 11, field: "externalId" }],
    ["wrong column count", "mt.tsv", "segment_id\tsystem\ttranslation\ns-en\tA\tok\ns-it\tB\n", { format: "mt" }, /column|field/i, { line: 3 }],
    ["bad encoding", "mt.tsv", Buffer.concat([Buffer.from("segment_id\tsystem\ttranslation\ns-en\tA\tcaf"), Buffer.from([0xe9]), Buffer.from("\n")]), { format: "mt" }, /UTF-8|encoding/i, { line: 2 }],
    ["unknown segment (checked by the loader in its transaction)", "a.tsv", "item\tannotator\tfield\tvalue\nno-such-segment\tann1\tFLUENCY\t4\n", { format: "annotations" }, /no-such-segment/, { line: 2, field: "segment" }],
  ];

  it.each(cases)("%s", async (_name, fileName, content, options, message, where) => {
    const project = await makeProject(db);
    const base = await run(project.id, "base.jsonl", corpusLines().slice(0, -1).join("\n"));
    expect(base.ok).toBe(true);
    const before = await storedCounts(project.id);
    const out = await run(project.id, fileName, content, options);
    expect(out.ok).toBe(false);
    expect(out.errors.length).toBeGreaterThan(0);
    const e = out.errors.find((x) => message.test(x.message)) ?? out.errors[0];
    expect(e.message).toMatch(message);
    expect(e).toMatchObject({ file: fileName, ...where });
    expect(await storedCounts(project.id)).toEqual(before);
  });

  it("reports every error of a file (up to the cap), not just the first, and stores none of its good lines", async () => {
    const project = await makeProject(db);
    const bad = [...corpusLines(), "{oops", J({ type: "mrw", segmentId: "nowhere", externalId: "x", spans: [{ start: 0, end: 1 }], token: "x", pos: "NOUN", active: true, metaphorical: true }), J({ type: "segment" })];
    const out = await run(project.id, "many.jsonl", bad.join("\n"));
    expect(out.errors.map((e) => e.line)).toEqual(expect.arrayContaining([11, 12, 13]));
    expect(await storedCounts(project.id)).toEqual({ documents: 0, segments: 0, mrws: 0, translations: 0, annotations: 0 });
  });

  it("a dry run validates against the project but stores nothing; the same file twice creates no duplicates", async () => {
    const project = await makeProject(db);
    const content = corpusLines().join("\n");
    const dry = await importFile(pool, { project: { id: project.id, sourceLang: "en", targetLang: "zh" }, fileName: "c.jsonl", content: Buffer.from(content), options: { format: "auto" }, dryRun: true });
    expect([dry.ok, dry.dryRun, dry.counts.segments]).toEqual([true, true, 4]);
    expect((await storedCounts(project.id)).segments).toBe(0);
    await run(project.id, "c.jsonl", content);
    const once = await storedCounts(project.id);
    await run(project.id, "c.jsonl", content);
    expect(await storedCounts(project.id)).toEqual(once);
    expect(once).toEqual({ documents: 1, segments: 4, mrws: 4, translations: 1, annotations: 0 });
  });
});
