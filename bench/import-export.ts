/**
 * Benchmark of imports and exports against a real PostgreSQL (not a timed test).
 *
 *   npx tsx bench/import-export.ts [--segments 100000]     # prints JSON
 *
 * Import: a synthetic corpus of `segments` segments (100 per document, 3 MRWs each, 4 MT systems'
 * translations), written as Tropos JSONL, parsed (lib/import) and stored by the one loader
 * (lib/db/import/load-import.ts) in one transaction. Target: 100,000 segments with 300,000 MRWs and
 * 400,000 translations in under 30 s.
 * Streaming import (issue 21 point 3): the same corpus written to a temporary file and stored by
 * the streaming path (lib/db/import/load-import-stream.ts, the file read as a stream, corpus lines through
 * COPY into staging tables, then set-based) into a second project, in a child process of its own so
 * that its peak RSS is its own; run after the in-memory import, so its tables already hold that
 * project's rows (the conservative order).
 * Export: 1,000,000 annotation rows (inserted with SQL) streamed as TSV through the cursor export
 * (lib/db/export/tables.ts) into a byte counter. Target: RSS stays under 300 MB.
 * Peak RSS is sampled every 20 ms during each phase (the work is I/O-bound, so the sampler runs).
 *
 * `runImportExportBench({ databaseUrl, segments })` returns the result object; the project it
 * creates is deleted at the end.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface ImportExportBenchOptions {
  databaseUrl: string;
  segments?: number;
  annotationRows?: number;
  /** only the two imports (no annotation rows, no export) */
  importOnly?: boolean;
}

const WORDS = ["the", "market", "ran", "out", "of", "steam", "after", "prices", "skyrocketed", "and", "hopes", "sank", "经济", "增长", "放缓"];

function rssSampler() {
  let peak = process.memoryUsage().rss;
  const t = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop() {
      clearInterval(t);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}
const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;

const SYSTEMS = ["GoogleMT", "GPT-5.4", "Hunyuan-LLM-7B", "DeepL"];

/** Segment `s` of the synthetic corpus (100 per document, 3 MRWs, a translation per system): what both the JSONL and the COPY baseline write. */
function syntheticSegment(s: number) {
  const doc = `bench-doc-${Math.floor(s / 100)}`;
  const words = Array.from({ length: 12 }, (_, i) => WORDS[(s * 7 + i * 3) % WORDS.length]);
  const text = words.join(" ");
  let offset = 0;
  const starts = words.map((w) => {
    const at = offset;
    offset += w.length + 1;
    return at;
  });
  return {
    doc,
    firstOfDocument: s % 100 === 0,
    index: s % 100,
    externalId: `${doc}:${s % 100}`,
    text,
    mrws: [1, 5, 9].map((k) => ({ externalId: `t${k}`, start: starts[k], end: starts[k] + words[k].length, token: words[k] })),
    translations: SYSTEMS.map((system) => ({ system, text: `${system}：${text.length}个字的译文，经济增长放缓。` })),
  };
}

export function* syntheticJsonl(segments: number): Generator<string> {
  const J = (o: unknown) => `${JSON.stringify(o)}\n`;
  for (let s = 0; s < segments; s++) {
    const g = syntheticSegment(s);
    if (g.firstOfDocument) yield J({ type: "document", externalId: g.doc, language: "en" });
    yield J({ type: "segment", documentId: g.doc, externalId: g.externalId, index: g.index, text: g.text, language: "en", metaphorical: true });
    for (const m of g.mrws) yield J({ type: "mrw", segmentId: g.externalId, externalId: m.externalId, spans: [{ start: m.start, end: m.end }], token: m.token, pos: "VERB", active: true, metaphorical: true });
    for (const t of g.translations) yield J({ type: "translation", segmentId: g.externalId, system: t.system, language: "zh", text: t.text });
  }
}

export async function runImportExportBench(opts: ImportExportBenchOptions): Promise<object> {
  const segments = opts.segments ?? 100_000;
  const annotationRows = opts.annotationRows ?? 1_000_000;
  process.env.DATABASE_URL = opts.databaseUrl;
  const pg = (await import("pg")).default;
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 4 });
  const { parseFile } = await import("@/lib/import");
  const { loadImport } = await import("@/lib/db/import/load-import");
  const projectId = randomUUID();
  const slug = `bench-io-${Date.now().toString(36)}`;
  await pool.query(`INSERT INTO "Project" (id, slug, name) VALUES ($1, $2, 'import/export bench')`, [projectId, slug]);
  const result: Record<string, unknown> = { segments };
  try {
    // ---- import
    const baseRss = process.memoryUsage().rss;
    const sampler = rssSampler();
    const t0 = performance.now();
    const content = Buffer.from([...syntheticJsonl(segments)].join(""));
    const t1 = performance.now();
    const ir = parseFile("bench.jsonl", content, { format: "jsonl" });
    if (ir.errors.length) throw new Error(`bench corpus did not parse: ${ir.errors[0].message}`);
    const t2 = performance.now();
    const summary = await loadImport(pool, { projectId, fileName: "bench.jsonl", result: ir });
    const t3 = performance.now();
    const importPeak = sampler.stop();
    const rows = summary.documents + summary.segments + summary.mrws + summary.translations;
    result.import = {
      fileMB: mb(content.length),
      documents: summary.documents,
      mrws: summary.mrws,
      translations: summary.translations,
      generateS: +((t1 - t0) / 1000).toFixed(2),
      parseS: +((t2 - t1) / 1000).toFixed(2),
      loadS: +((t3 - t2) / 1000).toFixed(2),
      parseAndLoadS: +((t3 - t1) / 1000).toFixed(2),
      rowsPerS: Math.round(rows / ((t3 - t1) / 1000)),
      peakRssMB: mb(importPeak),
      baselineRssMB: mb(baseRss),
      under30s: (t3 - t1) / 1000 < 30,
    };

    // ---- COPY of the same corpus's rows straight into the same tables (issue 21's baseline:
    // "COPY rows/s into the same tables"), into a third project, after the in-memory import and
    // before the streaming one, so that the streaming import meets the larger indexes
    const copyProject = randomUUID();
    await pool.query(`INSERT INTO "Project" (id, slug, name) VALUES ($1, $2, 'import/export bench, COPY')`, [copyProject, `${slug}-copy`]);
    try {
      result.copyIntoTables = await copyIntoTables(pool, copyProject, segments);
    } catch (e) {
      await pool.query(`DELETE FROM "Project" WHERE id = $1`, [copyProject]);
      throw e;
    }

    // ---- streaming import of the same corpus, read from a file, into a second project
    const file = path.join(os.tmpdir(), `tropos-bench-${slug}.jsonl`);
    await pipeline(Readable.from(syntheticJsonl(segments)), createWriteStream(file));
    const streamProject = randomUUID();
    await pool.query(`INSERT INTO "Project" (id, slug, name) VALUES ($1, $2, 'import/export bench, streaming')`, [streamProject, `${slug}-stream`]);
    try {
      result.streamImport = await streamImportInChild(opts.databaseUrl, streamProject, file);
    } finally {
      rmSync(file, { force: true });
      await pool.query(`DELETE FROM "Project" WHERE id = ANY($1::text[])`, [[streamProject, copyProject]]);
    }
    if (opts.importOnly) return result;

    // ---- 1M annotation rows, inserted by SQL (the import path is measured above)
    const users: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = randomUUID();
      await pool.query(`INSERT INTO "User" (id, email) VALUES ($1, $2)`, [id, `bench-${slug}-${i}@bench.tropos`]);
      users.push(id);
    }
    const tIns = performance.now();
    await pool.query(
      `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "itemKey", field, value, "updatedAt")
       SELECT gen_random_uuid()::text, $1, u, t."segmentId", t.id, t.id || ':-', f, to_jsonb(1 + (abs(hashtext(t.id || u || f)) % 5)), now()
       FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" CROSS JOIN unnest($2::text[]) AS u CROSS JOIN unnest(ARRAY['FLUENCY','FIDELITY','OVERALL']) AS f
       WHERE s."projectId" = $1 LIMIT $3`,
      [projectId, users, annotationRows],
    );
    const inserted = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Annotation" WHERE "projectId" = $1`, [projectId])).rows[0].n;
    const insertS = (performance.now() - tIns) / 1000;

    // ---- streaming export of those rows, in a fresh process so that the import's heap does not
    // count against the export's memory
    const ex = await exportInChild(opts.databaseUrl, projectId);
    result.export = {
      annotationRows: inserted,
      insertS: +insertS.toFixed(2),
      ...ex,
      under300MB: ex.peakRssMB < 300,
    };
    await pool.query(`DELETE FROM "User" WHERE email LIKE $1`, [`bench-${slug}-%`]);
  } finally {
    // Annotation has no index on translationId/mrwId, so letting the project's cascade find a
    // million annotations row by row takes hours: delete them first and vacuum the dead tuples.
    const tDel = performance.now();
    await pool.query(`DELETE FROM "Annotation" WHERE "projectId" = $1`, [projectId]);
    await pool.query(`VACUUM "Annotation"`);
    await pool.query(`DELETE FROM "Project" WHERE id = $1`, [projectId]);
    result.cleanupS = +((performance.now() - tDel) / 1000).toFixed(2);
    await pool.end();
  }
  return result;
}

/**
 * The synthetic corpus's rows written by COPY directly into Document, Segment, Mrw and Translation
 * (ids made in Node, the systems inserted first): the tables' indexes, foreign keys and triggers
 * all apply, nothing is parsed or checked. Rows/s over the four COPYs.
 */
async function copyIntoTables(pool: import("pg").Pool, projectId: string, segments: number) {
  const { from: copyFrom } = await import("pg-copy-streams");
  const systems = new Map(SYSTEMS.map((name) => [name, randomUUID()]));
  for (const [name, id] of systems) await pool.query(`INSERT INTO "MtSystem" (id, "projectId", name) VALUES ($1, $2, $3)`, [id, projectId, name]);
  const docs = Array.from({ length: Math.ceil(segments / 100) }, () => randomUUID());
  const segIds = Array.from({ length: segments }, () => randomUUID());
  const tab = (v: (string | number)[]) => `${v.join("\t")}\n`;
  function* rows(kind: "doc" | "seg" | "mrw" | "tr"): Generator<string> {
    let chunk = "";
    for (let s = 0; s < segments; s++) {
      const g = syntheticSegment(s);
      const doc = docs[Math.floor(s / 100)];
      if (kind === "doc" && g.firstOfDocument) chunk += tab([doc, projectId, g.doc, "en", Math.floor(s / 100)]);
      if (kind === "seg") chunk += tab([segIds[s], projectId, doc, g.externalId, g.index, g.text, "en", "true"]);
      if (kind === "mrw") for (const m of g.mrws) chunk += tab([randomUUID(), projectId, segIds[s], m.externalId, JSON.stringify([{ start: m.start, end: m.end }]), m.start, m.end, m.token, "VERB", "true", "true"]);
      if (kind === "tr") for (const t of g.translations) chunk += tab([randomUUID(), segIds[s], systems.get(t.system)!, "zh", t.text]);
      if (chunk.length > 1 << 16) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
  const copies: [string, "doc" | "seg" | "mrw" | "tr"][] = [
    [`COPY "Document" (id, "projectId", "externalId", language, position) FROM STDIN`, "doc"],
    [`COPY "Segment" (id, "projectId", "documentId", "externalId", index, text, language, metaphorical) FROM STDIN`, "seg"],
    [`COPY "Mrw" (id, "projectId", "segmentId", "externalId", spans, start, "end", token, pos, active, metaphorical) FROM STDIN`, "mrw"],
    [`COPY "Translation" (id, "segmentId", "systemId", language, text) FROM STDIN`, "tr"],
  ];
  const client = await pool.connect();
  try {
    const t = performance.now();
    await client.query("BEGIN");
    for (const [sql, kind] of copies) await pipeline(Readable.from(rows(kind)), client.query(copyFrom(sql)));
    await client.query("COMMIT");
    const seconds = (performance.now() - t) / 1000;
    const n = docs.length + segments * (1 + 3 + SYSTEMS.length);
    return { rows: n, seconds: +seconds.toFixed(2), perSecond: Math.round(n / seconds) };
  } catch (e) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

interface ExportMeasure {
  linesWritten: number;
  outputMB: number;
  exportS: number;
  rowsPerS: number;
  rssBeforeMB: number;
  peakRssMB: number;
}

interface StreamImportMeasure {
  fileMB: number;
  documents: number;
  segments: number;
  mrws: number;
  translations: number;
  seconds: number;
  rowsPerS: number;
  rssBeforeMB: number;
  peakRssMB: number;
  under30s: boolean;
}

function streamImportInChild(databaseUrl: string, projectId: string, file: string): Promise<StreamImportMeasure> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), path.resolve("bench/import-export.ts"), "--stream-import-only", projectId, file], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`streaming import child failed (${code})`))));
  });
}

/** The streaming import alone: the file read as a stream and stored by lib/db/import/load-import-stream.ts. */
async function measureStreamImport(databaseUrl: string, projectId: string, file: string): Promise<StreamImportMeasure> {
  const pg = (await import("pg")).default;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const { loadImportStream } = await import("@/lib/db/import/load-import-stream");
  const { statSync } = await import("node:fs");
  const before = process.memoryUsage().rss;
  const sampler = rssSampler();
  const t = performance.now();
  const s = await loadImportStream(pool, { projectId, fileName: path.basename(file), input: createReadStream(file) });
  const seconds = (performance.now() - t) / 1000;
  const peak = sampler.stop();
  await pool.end();
  const rows = s.documents + s.segments + s.mrws + s.translations;
  return {
    fileMB: mb(statSync(file).size),
    documents: s.documents,
    segments: s.segments,
    mrws: s.mrws,
    translations: s.translations,
    seconds: +seconds.toFixed(2),
    rowsPerS: Math.round(rows / seconds),
    rssBeforeMB: mb(before),
    peakRssMB: mb(peak),
    under30s: seconds < 30,
  };
}

function exportInChild(databaseUrl: string, projectId: string): Promise<ExportMeasure> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), path.resolve("bench/import-export.ts"), "--export-only", projectId], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`export child failed (${code})`))));
  });
}

/** The export phase alone: stream the project's annotations table as TSV into a byte counter. */
async function measureExport(databaseUrl: string, projectId: string): Promise<ExportMeasure> {
  const pg = (await import("pg")).default;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const { exportSchemeAnnotations } = await import("@/lib/db/export/tables");
  const { tableLines } = await import("@/lib/export/table-lines");
  const before = process.memoryUsage().rss;
  const sampler = rssSampler();
  const t = performance.now();
  let bytes = 0;
  let lines = 0;
  // the annotations table the export writes (stream.ts: one row per annotator × unit, a column per
  // field); the fields are those the synthetic project holds values of, as its scheme lists them
  const fields = (await pool.query<{ field: string }>(`SELECT DISTINCT field FROM "Annotation" WHERE "projectId" = $1 ORDER BY field`, [projectId])).rows.map((r) => r.field);
  const table = exportSchemeAnnotations(pool, projectId, fields);
  for await (const chunk of tableLines(table.columns, table.rows, "tsv")) {
    bytes += chunk.length;
    lines++;
  }
  const exportS = (performance.now() - t) / 1000;
  const peak = sampler.stop();
  await pool.end();
  return { linesWritten: lines - 1, outputMB: mb(bytes), exportS: +exportS.toFixed(2), rowsPerS: Math.round((lines - 1) / exportS), rssBeforeMB: mb(before), peakRssMB: mb(peak) };
}

async function main() {
  const only = process.argv.indexOf("--export-only");
  if (only > 0) {
    console.log(JSON.stringify(await measureExport(process.env.DATABASE_URL!, process.argv[only + 1])));
    return;
  }
  const streamOnly = process.argv.indexOf("--stream-import-only");
  if (streamOnly > 0) {
    console.log(JSON.stringify(await measureStreamImport(process.env.DATABASE_URL!, process.argv[streamOnly + 1], process.argv[streamOnly + 2])));
    return;
  }
  const i = process.argv.indexOf("--segments");
  const segments = i > 0 ? Number(process.argv[i + 1]) : undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    const { recreateDatabase } = await import("../tests/test-database");
    url = await recreateDatabase("tropos_bench_io");
  }
  // --copy-baseline: COPY rows/s measured first in the same run (bench/baselines.ts), and each import's ratio to it
  const copy = process.argv.includes("--copy-baseline") ? await (await import("./baselines")).measureCopyRate(url, segments ? Math.min(300_000, segments * 3) : 300_000) : null;
  const r = (await runImportExportBench({ databaseUrl: url, segments, importOnly: process.argv.includes("--import-only") })) as Record<string, { rowsPerS?: number } | unknown>;
  const ratio = (x: unknown, base: number) => +(((x as { rowsPerS?: number } | undefined)?.rowsPerS ?? NaN) / base).toFixed(3);
  if (copy) Object.assign(r, { copyBaseline: copy, importRowsVsCopy: ratio(r.import, copy.perSecond), streamImportRowsVsCopy: ratio(r.streamImport, copy.perSecond) });
  const intoTables = (r.copyIntoTables as { perSecond?: number } | undefined)?.perSecond;
  if (intoTables) Object.assign(r, { importRowsVsCopyIntoTables: ratio(r.import, intoTables), streamImportRowsVsCopyIntoTables: ratio(r.streamImport, intoTables) });
  console.log(JSON.stringify(r, null, 2));
}

if (process.argv[1] && /import-export\.ts$/.test(process.argv[1])) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
