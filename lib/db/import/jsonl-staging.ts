// Staging of a streamed Tropos JSONL file's corpus lines (documents, segments, MRWs,
// translations): written in bounded batches through COPY into temporary tables of the import's own
// transaction (dropped at its end), checked there as the in-memory parser checks them
// (lib/import/parse-jsonl.ts: duplicates, links, spans, with the same messages), then stored with
// one set-based INSERT … SELECT … ON CONFLICT per table (lib/db/import/load-import.ts asks for each part
// where the in-memory path writes it, so the order of refusals and writes stays the same).
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import type { PoolClient } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { TJsonlDocument, TJsonlMrw, TJsonlSegment, TJsonlTranslation } from "@/lib/import/jsonl-schema";
import type { IssueSink } from "@/lib/import/issues";
import { spanCheckIssues, type JsonlSpanCheck } from "@/lib/import/parse-jsonl-line";
import { importError } from "@/lib/db/import/import-error";
import { writeWithoutRowChecks } from "@/lib/db/import/row-checks";

const TABLES = {
  doc: { name: "tropos_stage_document", columns: ["line", "ext", "title", "language", "genre", "split"], jsonb: [] },
  seg: { name: "tropos_stage_segment", columns: ["line", "doc", "ext", "idx", "text", "language", "split", "metaphorical", "texts", "lists", "len"], jsonb: ["texts", "lists"] },
  mrw: {
    name: "tropos_stage_mrw",
    columns: ["line", "seg", "ext", "spans", "start", "end", "token", "lemma", "raw_pos", "pos", "type", "subtype", "deliberate", "gloss", "active", "metaphorical"],
    jsonb: ["spans"],
  },
  tr: { name: "tropos_stage_translation", columns: ["line", "seg", "system", "language", "text", "len"], jsonb: [] },
} as const satisfies Record<string, { name: string; columns: readonly string[]; jsonb: readonly string[] }>;
type Kind = keyof typeof TABLES;

const CREATE = `
CREATE TEMP TABLE tropos_stage_document (line int NOT NULL, ext text NOT NULL, title text, language text NOT NULL, genre text, split text) ON COMMIT DROP;
CREATE TEMP TABLE tropos_stage_segment (line int NOT NULL, doc text NOT NULL, ext text NOT NULL, idx int NOT NULL, text text NOT NULL, language text NOT NULL, split text, metaphorical bool NOT NULL, texts jsonb, lists jsonb, len int NOT NULL) ON COMMIT DROP;
CREATE TEMP TABLE tropos_stage_mrw (line int NOT NULL, seg text NOT NULL, ext text NOT NULL, spans jsonb NOT NULL, start int NOT NULL, "end" int NOT NULL, token text NOT NULL, lemma text, raw_pos text, pos text NOT NULL, type text, subtype text, deliberate bool, gloss text, active bool NOT NULL, metaphorical bool NOT NULL) ON COMMIT DROP;
CREATE TEMP TABLE tropos_stage_translation (line int NOT NULL, seg text NOT NULL, system text NOT NULL, language text NOT NULL, text text NOT NULL, len int NOT NULL) ON COMMIT DROP;
CREATE TEMP TABLE tropos_stage_segment_id (ext text NOT NULL, id text NOT NULL, fresh bool NOT NULL) ON COMMIT DROP;
`;

/** A value in PostgreSQL's COPY text format: NULL as \N, backslash and the separators escaped. */
function copyValue(v: unknown): string {
  if (v === null || v === undefined) return "\\N";
  const s = typeof v === "string" ? v : String(v);
  return /[\\\n\r\t]/.test(s) ? s.replace(/[\\\n\r\t]/g, (c) => (c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t")) : s;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/**
 * Collects corpus lines per table and writes each table's batch with one COPY once it holds
 * `batchRows` rows. One COPY runs while the next batch is parsed (the connection takes one
 * statement at a time), so memory holds at most two batches per table.
 */
export class JsonlStaging {
  /** a batch per table: COPY text lines */
  private readonly rows: Record<Kind, string[]> = { doc: [], seg: [], mrw: [], tr: [] };
  private inflight: Promise<unknown> | null = null;
  readonly counts: Record<Kind, number> = { doc: 0, seg: 0, mrw: 0, tr: 0 };

  private constructor(
    /** the connection of the COPYs (the import's transaction) */
    private readonly client: PoolClient,
    private readonly exec: (text: string, params?: unknown[]) => Promise<unknown>,
    private readonly batchRows: number,
  ) {}

  /** Creates the staging tables (temporary, dropped when the import's transaction ends); batches by COPY. */
  static async open(client: PoolClient, batchRows: number): Promise<JsonlStaging> {
    await client.query(CREATE);
    return new JsonlStaging(client, (text, params) => client.query(text, params), Math.max(1, batchRows));
  }

  async document(r: TJsonlDocument, line: number): Promise<void> {
    await this.add("doc", [line, r.externalId, r.title, r.language, r.genre, r.split]);
  }

  async segment(r: TJsonlSegment, line: number): Promise<void> {
    await this.add("seg", [line, r.documentId, r.externalId, r.index, r.text, r.language, r.split, r.metaphorical, r.texts, r.lists, r.text.length]);
  }

  async mrw(r: TJsonlMrw, line: number): Promise<void> {
    const start = Math.min(...r.spans.map((x) => x.start));
    const end = Math.max(...r.spans.map((x) => x.end));
    await this.add("mrw", [line, r.segmentId, r.externalId, r.spans, start, end, r.token, r.lemma, r.rawPos, r.pos, r.mrwType, r.subtype, r.deliberate, r.gloss, r.active, r.metaphorical]);
  }

  async translation(r: TJsonlTranslation, line: number): Promise<void> {
    await this.add("tr", [line, r.segmentId, r.system, r.language, r.text, r.text.length]);
  }

  private async add(kind: Kind, values: unknown[]): Promise<void> {
    const rows = this.rows[kind];
    const { columns, jsonb } = TABLES[kind];
    const isJson = (i: number) => (jsonb as readonly string[]).includes(columns[i]);
    rows.push(values.map((v, i) => copyValue(isJson(i) ? json(v) : v)).join("\t"));
    this.counts[kind]++;
    if (rows.length >= this.batchRows) await this.write(kind);
  }

  private async write(kind: Kind): Promise<void> {
    const rows = this.rows[kind];
    if (!rows.length) return;
    this.rows[kind] = [];
    if (this.inflight) await this.inflight;
    const t = TABLES[kind];
    const text = `${rows.join("\n")}\n`;
    const copy = this.client.query(copyFrom(`COPY ${t.name} (${t.columns.map((c) => `"${c}"`).join(", ")}) FROM STDIN`));
    this.inflight = pipeline(Readable.from([text]), copy);
    // a failure surfaces at the next write or at finish(); never left unobserved meanwhile
    this.inflight.catch(() => undefined);
  }

  /** Writes what is left and lets the planner see the tables' sizes (no autovacuum on temporary tables). */
  async finish(): Promise<void> {
    for (const kind of Object.keys(TABLES) as Kind[]) await this.write(kind);
    if (this.inflight) await this.inflight;
    this.inflight = null;
    await this.exec(`ANALYZE ${Object.values(TABLES).map((t) => t.name).join(", ")}`);
  }

  /** Waits for a COPY under way (before the transaction is rolled back after an error). */
  async settle(): Promise<void> {
    await this.inflight?.catch(() => undefined);
  }
}

/**
 * The in-memory parser's checks of corpus lines, run on the staged rows: duplicate ids, an MRW's
 * segment and a segment's document in the file, MRW spans within the segment text, segment
 * indices unique per document, and the value lines' spans within their translation. Messages,
 * lines and fields are those of lib/import/parse-jsonl.ts; later occurrences of a duplicate id are
 * refused, the first is the one linked.
 */
export async function checkStagedLines(client: PoolClient, sink: IssueSink, checks: JsonlSpanCheck[]): Promise<void> {
  const LIMIT = 10_000; // beyond the sink's cap; keeps a broken file's answer small
  // A file without a repeated id or index (every file that is stored) takes the cheap checks by
  // hash joins; only a file refused for repeats pays for sorting out which occurrence came first.
  const repeats = await client.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM tropos_stage_document GROUP BY ext HAVING count(*) > 1)
         OR EXISTS (SELECT 1 FROM tropos_stage_segment GROUP BY ext HAVING count(*) > 1)
         OR EXISTS (SELECT 1 FROM tropos_stage_segment GROUP BY doc, idx HAVING count(*) > 1)
         OR EXISTS (SELECT 1 FROM tropos_stage_mrw GROUP BY seg, ext HAVING count(*) > 1)
         OR EXISTS (SELECT 1 FROM tropos_stage_translation GROUP BY seg, system, language HAVING count(*) > 1) AS any`,
  );
  if (repeats.rows[0].any) await checkRepeats(client, sink, LIMIT);
  else {
    const mrws = await client.query<{ line: number; ext: string; seg: string; len: number | null; spans: { start: number; end: number }[] }>(
      `SELECT m.line, m.ext, m.seg, s.len, m.spans FROM tropos_stage_mrw m LEFT JOIN tropos_stage_segment s ON s.ext = m.seg
       WHERE s.ext IS NULL OR m."end" > s.len ORDER BY m.line LIMIT ${LIMIT}`,
    );
    mrwIssues(sink, mrws.rows);
    const segs = await client.query<{ line: number; ext: string; doc: string }>(
      `SELECT s.line, s.ext, s.doc FROM tropos_stage_segment s WHERE NOT EXISTS (SELECT 1 FROM tropos_stage_document d WHERE d.ext = s.doc) ORDER BY s.line LIMIT ${LIMIT}`,
    );
    for (const s of segs.rows) sink.error(s.line, `segment ${s.ext} refers to document ${s.doc}, which is not in the file`, "documentId", "documentId");
  }
  // value lines' spans against the translations the file brings
  if (checks.length) {
    const tr = await client.query<{ seg: string; system: string; language: string; len: number }>(
      `SELECT DISTINCT ON (seg, system, language) seg, system, language, len FROM tropos_stage_translation WHERE seg = ANY($1::text[]) ORDER BY seg, system, language, line`,
      [[...new Set(checks.map((c) => c.segmentId))]],
    );
    const lengths = new Map<string, number | null>();
    for (const t of tr.rows) {
      lengths.set(`${t.seg}\u0000${t.system}\u0000${t.language}`, t.len);
      const bySystem = `${t.seg}\u0000${t.system}`;
      lengths.set(bySystem, lengths.has(bySystem) ? null : t.len);
    }
    for (const c of checks) spanCheckIssues(c, lengths.get(c.language ? `${c.segmentId}\u0000${c.system}\u0000${c.language}` : `${c.segmentId}\u0000${c.system}`), sink);
  }
}

/**
 * How many parallel keys of the file join two or more segments (the `pairs` of an import's summary,
 * lib/import/parallel-pairs.ts countPairs, counted on the staged segments).
 */
export async function countStagedPairs(client: PoolClient): Promise<number> {
  const r = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT lists->>'parallel' FROM tropos_stage_segment
       WHERE jsonb_typeof(lists) = 'object' AND jsonb_typeof(lists->'parallel') = 'string' AND lists->>'parallel' <> ''
       GROUP BY 1 HAVING count(*) > 1) p`,
  );
  return r.rows[0]?.n ?? 0;
}

/** MRWs whose segment is not in the file or whose spans reach beyond its text. */
function mrwIssues(sink: IssueSink, rows: { line: number; ext: string; seg: string; len: number | null; spans: { start: number; end: number }[] }[]): void {
  for (const m of rows) {
    if (m.len === null) {
      sink.error(m.line, `MRW ${m.ext} refers to segment ${m.seg}, which is not in the file`, "segmentId", "segmentId");
      continue;
    }
    const bad = m.spans.findIndex((sp) => sp.end > m.len!);
    if (bad >= 0) sink.error(m.line, `span ${m.spans[bad].start}–${m.spans[bad].end} is outside the segment text (length ${m.len})`, `spans.${bad}`, `spans.${bad}`);
  }
}

/** The checks of a file with repeated ids or indices: the repeats, and the links of each id's first occurrence. */
async function checkRepeats(client: PoolClient, sink: IssueSink, LIMIT: number): Promise<void> {
  const dups = await client.query<{ kind: string; line: number; ext: string; seg: string | null; system: string | null; language: string | null; first: number }>(
    `SELECT * FROM (
       SELECT 'document' AS kind, line, ext, NULL AS seg, NULL AS system, NULL AS language, min(line) OVER (PARTITION BY ext) AS first FROM tropos_stage_document
       UNION ALL SELECT 'segment', line, ext, NULL, NULL, NULL, min(line) OVER (PARTITION BY ext) FROM tropos_stage_segment
       UNION ALL SELECT 'mrw', line, ext, seg, NULL, NULL, min(line) OVER (PARTITION BY seg, ext) FROM tropos_stage_mrw
       UNION ALL SELECT 'translation', line, NULL, seg, system, language, min(line) OVER (PARTITION BY seg, system, language) FROM tropos_stage_translation
     ) d WHERE line > first ORDER BY line LIMIT ${LIMIT}`,
  );
  for (const d of dups.rows) {
    if (d.kind === "document") sink.error(d.line, `duplicate document ${d.ext} (first on line ${d.first})`, "externalId", "externalId");
    else if (d.kind === "segment") sink.error(d.line, `duplicate segment ${d.ext} (first on line ${d.first})`, "externalId", "externalId");
    else if (d.kind === "mrw") sink.error(d.line, `duplicate MRW ${d.ext} in segment ${d.seg} (first on line ${d.first})`, "externalId", "externalId");
    else sink.error(d.line, `duplicate translation for segment ${d.seg}, system ${d.system}, language ${d.language} (first on line ${d.first})`, "system", "system");
  }
  // MRWs: their segment in the file, their spans within its text
  const mrws = await client.query<{ line: number; ext: string; seg: string; len: number | null; spans: { start: number; end: number }[] }>(
    `WITH m AS (SELECT DISTINCT ON (seg, ext) line, seg, ext, spans, "end" FROM tropos_stage_mrw ORDER BY seg, ext, line),
          s AS (SELECT DISTINCT ON (ext) ext, len FROM tropos_stage_segment ORDER BY ext, line)
     SELECT m.line, m.ext, m.seg, s.len, m.spans FROM m LEFT JOIN s ON s.ext = m.seg
     WHERE s.ext IS NULL OR m."end" > s.len ORDER BY m.line LIMIT ${LIMIT}`,
  );
  mrwIssues(sink, mrws.rows);
  // segments: their document in the file, one segment per index of a document
  const segs = await client.query<{ line: number; ext: string; doc: string; idx: number; has_doc: boolean; first: number }>(
    `WITH s AS (SELECT DISTINCT ON (ext) line, ext, doc, idx FROM tropos_stage_segment ORDER BY ext, line),
          l AS (SELECT s.*, EXISTS (SELECT 1 FROM tropos_stage_document d WHERE d.ext = s.doc) AS has_doc, min(s.line) OVER (PARTITION BY s.doc, s.idx) AS first FROM s)
     SELECT * FROM l WHERE NOT has_doc OR line > first ORDER BY line LIMIT ${LIMIT}`,
  );
  for (const s of segs.rows) {
    if (!s.has_doc) sink.error(s.line, `segment ${s.ext} refers to document ${s.doc}, which is not in the file`, "documentId", "documentId");
    else sink.error(s.line, `segment index ${s.idx} of document ${s.doc} is used twice (first on line ${s.first})`, "index", "index");
  }
}

/** What lib/db/import/load-import.ts asks of a staged corpus, part by part. */
export interface StagedCorpus {
  documents(client: PoolClient, projectId: string, firstPosition: number): Promise<number>;
  segments(client: PoolClient, projectId: string): Promise<number>;
  mrws(client: PoolClient, projectId: string): Promise<number>;
  systemNames(client: PoolClient): Promise<string[]>;
  /** Refuses the file (as the in-memory loader words it) for a translation in another language or of an unknown segment. */
  checkTranslations(client: PoolClient, projectId: string, fileName: string, langs: string[]): Promise<void>;
  translations(client: PoolClient, projectId: string): Promise<number>;
  /** The stored rows of the file's translations of these segments (external ids), in file order. */
  fileTranslations(client: PoolClient, projectId: string, segmentExternalIds: string[]): Promise<{ id: string; segmentId: string; systemId: string; language: string }[]>;
}

/** A staged translation's segment: the file's (its stored id kept at staging), else one an earlier import stored. */
const SEGMENT_OF_TRANSLATION = `coalesce(s.id, (SELECT g.id FROM "Segment" g WHERE g."projectId" = $1 AND g."externalId" = t.seg))`;

/** The set-based writes of the staged corpus; each returns how many lines of its kind the file held. */
export const stagedCorpus: StagedCorpus = {
  async documents(client, projectId, firstPosition) {
    const r = await client.query(
      `INSERT INTO "Document" (id, "projectId", "externalId", title, language, genre, split, position)
       SELECT gen_random_uuid()::text, $1, ext, title, language, genre, upper(split)::"Split", $2::int + (row_number() OVER (ORDER BY line))::int - 1
       FROM tropos_stage_document ORDER BY line
       ON CONFLICT ("projectId", "externalId") DO UPDATE SET title = EXCLUDED.title, language = EXCLUDED.language, genre = EXCLUDED.genre, split = EXCLUDED.split`,
      [projectId, firstPosition],
    );
    return r.rowCount ?? 0;
  },
  async segments(client, projectId) {
    // the stored ids of the file's segments kept beside the staged rows, so that MRWs and
    // translations find theirs by a hash join instead of one index probe each; and whether this
    // import created the segment (then nothing can be stored under it yet, see mrws())
    // the documents are this file's, created or locked by documents() in this transaction
    const r = await writeWithoutRowChecks(client, projectId, "Segment", async () => {
      const w = await client.query(
        `WITH w AS (
         INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language, split, metaphorical, texts, lists)
         SELECT gen_random_uuid()::text, $1, d.id, s.ext, s.idx, s.text, s.language, upper(coalesce(s.split, sd.split))::"Split", s.metaphorical, s.texts, s.lists
         FROM tropos_stage_segment s JOIN tropos_stage_document sd ON sd.ext = s.doc JOIN "Document" d ON d."projectId" = $1 AND d."externalId" = s.doc
         ORDER BY sd.line, s.idx
         ON CONFLICT ("projectId", "externalId") DO UPDATE SET text = EXCLUDED.text, language = EXCLUDED.language, split = EXCLUDED.split, metaphorical = EXCLUDED.metaphorical, texts = EXCLUDED.texts, lists = EXCLUDED.lists
         RETURNING id, "externalId", (xmax = 0) AS fresh)
         INSERT INTO tropos_stage_segment_id (ext, id, fresh) SELECT "externalId", id, fresh FROM w`,
        [projectId],
      );
      return { rows: w.rowCount ?? 0 };
    });
    await client.query(`ANALYZE tropos_stage_segment_id`);
    return r.rows;
  },
  async mrws(client, projectId) {
    // Two statements: the MRWs of segments this transaction created cannot meet a stored row (no
    // other transaction sees those segments), so they skip ON CONFLICT's speculative insertion, the
    // dearest part of a fresh import; the others are upserted as the in-memory path upserts them.
    const insert = (fresh: boolean) => `INSERT INTO "Mrw" (id, "projectId", "segmentId", "externalId", spans, start, "end", token, lemma, "rawPos", pos, type, subtype, deliberate, gloss, active, metaphorical)
       SELECT gen_random_uuid()::text, $1, g.id, m.ext, m.spans, m.start, m."end", m.token, m.lemma, m.raw_pos, m.pos::"Pos", m.type, m.subtype, m.deliberate, m.gloss, m.active, m.metaphorical
       FROM tropos_stage_mrw m JOIN tropos_stage_segment_id g ON g.ext = m.seg WHERE ${fresh ? "g.fresh" : "NOT g.fresh"}`;
    // the fresh ones' segments were created by this transaction (see import-row-checks.ts)
    const fresh = await writeWithoutRowChecks(client, projectId, "Mrw", async () => ({ rows: (await client.query(insert(true), [projectId])).rowCount ?? 0 }));
    const stored = await client.query(
      `${insert(false)}
       ON CONFLICT ("segmentId", "externalId") DO UPDATE SET spans = EXCLUDED.spans, start = EXCLUDED.start, "end" = EXCLUDED."end", token = EXCLUDED.token, lemma = EXCLUDED.lemma,
         "rawPos" = EXCLUDED."rawPos", pos = EXCLUDED.pos, type = EXCLUDED.type, subtype = EXCLUDED.subtype, deliberate = EXCLUDED.deliberate, gloss = EXCLUDED.gloss,
         active = EXCLUDED.active, metaphorical = EXCLUDED.metaphorical`,
      [projectId],
    );
    return fresh.rows + (stored.rowCount ?? 0);
  },
  async systemNames(client) {
    const r = await client.query<{ system: string }>(`SELECT system FROM tropos_stage_translation GROUP BY system ORDER BY min(line)`);
    return r.rows.map((x) => x.system);
  },
  async checkTranslations(client, projectId, fileName, langs) {
    const stray = await client.query<{ line: number; language: string }>(`SELECT line, language FROM tropos_stage_translation WHERE NOT (language = ANY($1::text[])) ORDER BY line LIMIT 1`, [langs]);
    if (stray.rows[0]) {
      const s = stray.rows[0];
      throw importError(fileName, `the translation is in "${s.language}", which is not a target language of this project (${langs.join(", ")}); add the language to the project first (Settings, or \`tropos project update --target-lang\`).`, s.line, "language");
    }
    const unknown = await client.query<{ line: number; seg: string }>(
      `SELECT t.line, t.seg FROM tropos_stage_translation t LEFT JOIN tropos_stage_segment_id s ON s.ext = t.seg
       WHERE s.ext IS NULL AND NOT EXISTS (SELECT 1 FROM "Segment" g WHERE g."projectId" = $1 AND g."externalId" = t.seg) ORDER BY t.line LIMIT 1`,
      [projectId],
    );
    if (unknown.rows[0]) throw importError(fileName, `Translation refers to segment "${unknown.rows[0].seg}", which is neither in this file nor in the project.`, unknown.rows[0].line, "segment");
  },
  async translations(client, projectId) {
    // as for MRWs: the translations of segments this transaction created are plain inserts
    const fresh = await writeWithoutRowChecks(client, projectId, "Translation", async () => {
      const w = await client.query(
        `INSERT INTO "Translation" (id, "segmentId", "systemId", language, text)
         SELECT gen_random_uuid()::text, s.id, y.id, t.language, t.text
         FROM tropos_stage_translation t JOIN tropos_stage_segment_id s ON s.ext = t.seg AND s.fresh JOIN "MtSystem" y ON y."projectId" = $1 AND y.name = t.system`,
        [projectId],
      );
      return { rows: w.rowCount ?? 0 };
    });
    const stored = await client.query(
      `INSERT INTO "Translation" (id, "segmentId", "systemId", language, text)
       SELECT gen_random_uuid()::text, ${SEGMENT_OF_TRANSLATION}, y.id, t.language, t.text
       FROM tropos_stage_translation t LEFT JOIN tropos_stage_segment_id s ON s.ext = t.seg JOIN "MtSystem" y ON y."projectId" = $1 AND y.name = t.system
       WHERE s.fresh IS NOT TRUE
       ON CONFLICT ("segmentId", "systemId", language) DO UPDATE SET text = EXCLUDED.text`,
      [projectId],
    );
    return fresh.rows + (stored.rowCount ?? 0);
  },
  async fileTranslations(client, projectId, segmentExternalIds) {
    if (!segmentExternalIds.length) return [];
    const r = await client.query<{ id: string; segmentId: string; systemId: string; language: string }>(
      `SELECT tr.id, tr."segmentId", tr."systemId", tr.language
       FROM tropos_stage_translation t LEFT JOIN tropos_stage_segment_id s ON s.ext = t.seg JOIN "MtSystem" y ON y."projectId" = $1 AND y.name = t.system
       JOIN "Translation" tr ON tr."segmentId" = ${SEGMENT_OF_TRANSLATION} AND tr."systemId" = y.id AND tr.language = t.language
       WHERE t.seg = ANY($2::text[]) ORDER BY t.line`,
      [projectId, segmentExternalIds],
    );
    return r.rows;
  },
};
