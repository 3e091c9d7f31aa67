// The one loader: writes a parsed ImportResult into a project in a single transaction.
// Validation happens before any write (references are resolved first); any failure rolls the
// whole import back, so a file is either fully stored or not at all. Rows are keyed by stable
// external ids, so importing the same file twice updates instead of duplicating.
import { randomUUID } from "node:crypto";
import { inTransaction } from "@/lib/db/in-transaction";
import type { Pool, PoolClient } from "pg";
import type { ImportIssue, ImportResult } from "@/lib/import/types";
import { loadMetricScores } from "@/lib/db/import/metric-scores";
import { bulkUpsert } from "@/lib/db/import/bulk-upsert";
import { getDb } from "@/lib/db/client";
import { addRatersAfterImport } from "@/lib/db/assignments/adaptive-after-import";
import { loadCompletions } from "@/lib/db/import/completions";
import { importCompletions } from "@/lib/import/completions";
import { metahopeReviewedSentences } from "@/lib/import/metahope-reviews";
import { AppError } from "@/lib/errors";
import { importError } from "@/lib/db/import/import-error";
import { ProjectRaters, type TImportRater } from "@/lib/db/import/raters";
import type { StagedCorpus } from "@/lib/db/import/jsonl-staging";
import { builtInCodeIssues } from "@/lib/import/built-in-code-issues";
import { presetForStoredConfig } from "@/lib/db/upgrade/move-onto-scheme-runtime";
import { isReviewMark, keptBesideIssue } from "@/lib/schemes/presets/kept-beside-values";
import { MAX_ERRORS } from "@/lib/import/types";
import { checkSchemeLine, isKeptBesideScheme, schemeLineMessage } from "@/lib/import/scheme-line-check";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { schemeRuntimeOf, type TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { projectTargetLangs } from "@/lib/projects/target-languages";
import { insertHistory } from "@/lib/db/import/history";
import { importSchemeSpansAndEdits } from "@/lib/db/import/scheme-values";
import { editFieldOf, SPANS_FIELD } from "@/lib/schemes/built-in-to-scheme-values";
import { mapSpanMrwRefs, spanMrwRefs } from "@/lib/import/span-mrw-refs";

export interface LoadImportOptions {
  projectId: string;
  actorId?: string | null;
  fileName: string;
  result: ImportResult;
  dryRun?: boolean;
  /**
   * Called inside the transaction before each part is stored (documents, segments, MRWs …) with
   * the transaction's client: a background job reads its cancel flag there and throws to roll the
   * whole file back (lib/jobs/import-job.ts).
   */
  checkpoint?: (part: string, client: PoolClient) => Promise<void>;
  /** Filled with the items the file brings finished work on (for the adaptive rule, decided after the commit). */
  finishedItems?: Set<string>;
}

export interface LoadImportSummary {
  documents: number;
  segments: number;
  mrws: number;
  systems: number;
  translations: number;
  alignments: number;
  annotations: number;
  errorSpans: number;
  postEdits: number;
  adjudications: number;
  goldReferences: number;
  metricScores: number;
  /**
   * Who the file's work is by, as the manager sees the project's members (or "imported rater"):
   * never a user id (an import's answer reaches the browser, and an id is what the admin-takeover
   * chain needed), never whether an email has an account outside the project (lib/db/import/raters.ts).
   */
  annotators: TImportRater[];
  warnings: ImportIssue[];
  /** extra raters the project's adaptive rule assigned where the file's finished work disagrees (after the commit) */
  adaptiveRaters?: number;
}

const sep = "\u0000";
const mrwKey = (segmentExt: string, mrwExt: string) => segmentExt + sep + mrwExt;

/** Version 1 of a project that stores none and holds no work of an earlier release: its parts' preset. */
async function storePresetForBareProject(client: PoolClient, projectId: string): Promise<{ version: number; definition: unknown }> {
  const r = await client.query<{ schemeConfig: unknown; legacy: boolean }>(
    `SELECT p."schemeConfig",
            EXISTS (SELECT 1 FROM "Annotation" a WHERE a."projectId" = p.id AND a.field = 'METAHOPE_ERRORS' AND a."translationId" IS NOT NULL AND jsonb_typeof(a.value) = 'object')
         OR EXISTS (SELECT 1 FROM "ErrorSpan" e WHERE e."projectId" = p.id)
         OR EXISTS (SELECT 1 FROM "PostEdit" e WHERE e."projectId" = p.id) AS legacy
     FROM "Project" p WHERE p.id = $1 FOR UPDATE`,
    [projectId],
  );
  if (!r.rows[0]) throw new AppError("NOT_FOUND", "No such project.");
  if (r.rows[0].legacy) throw new AppError("CONFLICT", "The project holds work of an earlier release not moved onto its scheme yet: run `npm run db:migrate` first.");
  const definition = presetForStoredConfig(r.rows[0].schemeConfig);
  await client.query(
    `INSERT INTO "ProjectScheme" (id, "projectId", version, definition, note, "createdAt") VALUES ($1, $2, 1, $3::jsonb, 'preset stored by the first import', now())`,
    [randomUUID(), projectId, JSON.stringify(definition)],
  );
  return { version: 1, definition };
}

/** The runtime of the project's latest stored scheme, read on the import's own connection. */
async function runtimeOf(client: PoolClient, projectId: string): Promise<TSchemeRuntime> {
  const r = await client.query<{ version: number; definition: unknown }>(
    `SELECT version, definition FROM "ProjectScheme" WHERE "projectId" = $1 ORDER BY version DESC LIMIT 1`,
    [projectId],
  );
  let row = r.rows[0];
  // every project created by this release stores version 1; one made without (a script writing
  // rows itself) gets its preset stored here, as the move onto the scheme runtime would store it.
  // A project of an earlier release that holds work is moved by the server's start and
  // `npm run db:migrate`, which convert that work: the import does not guess.
  if (!row) row = await storePresetForBareProject(client, projectId);
  const parsed = ZSchemeDefinition.safeParse(row.definition);
  if (!parsed.success) throw new AppError("UNPROCESSABLE", `The project's scheme version ${row.version} is not valid any more; fix the scheme before importing.`);
  return schemeRuntimeOf({ version: row.version, definition: parsed.data });
}

/** What the scheme checks need of an item: its lists, its text roles and the first segment of its document. */
interface SchemeItem {
  lists: Record<string, unknown> | null;
  roles: string[];
  documentFirstSegmentId: string;
}

async function readSchemeItems(client: PoolClient, segmentIds: string[]): Promise<Map<string, SchemeItem>> {
  const out = new Map<string, SchemeItem>();
  if (!segmentIds.length) return out;
  const r = await client.query<{ id: string; lists: Record<string, unknown> | null; texts: Record<string, unknown> | null; first: string }>(
    `SELECT s.id, s.lists, s.texts,
            (SELECT f.id FROM "Segment" f WHERE f."documentId" = s."documentId" ORDER BY f.index, f.id LIMIT 1) AS first
     FROM "Segment" s WHERE s.id = ANY($1::text[])`,
    [[...new Set(segmentIds)]],
  );
  for (const x of r.rows) out.set(x.id, { lists: x.lists, roles: Object.keys(x.texts ?? {}), documentFirstSegmentId: x.first });
  return out;
}

/**
 * Under the scheme runtime every value line is checked against the stored definition before it is
 * stored; the refused lines are collected (up to MAX_ERRORS) and the file is refused with all of them.
 */
class SchemeLineErrors {
  readonly issues: ImportIssue[] = [];
  constructor(private readonly fileName: string) {}
  add(line: number | undefined, field: string, message: string): void {
    if (this.issues.length < MAX_ERRORS) this.issues.push({ file: this.fileName, line, field, message });
  }
  throwIfAny(): void {
    if (!this.issues.length) return;
    const first = this.issues[0];
    const more = this.issues.length > 1 ? ` (and ${this.issues.length - 1} more${this.issues.length >= MAX_ERRORS ? " at least" : ""}); nothing was stored.` : "; nothing was stored.";
    throw new AppError("UNPROCESSABLE", `${schemeLineMessage(this.fileName, first.line, first.field ?? "", first.message)}${more}`, { errors: this.issues });
  }
}

export async function loadImport(pool: Pool, opts: LoadImportOptions): Promise<LoadImportSummary> {
  const { result, fileName } = opts;
  if (result.errors.length) {
    throw new AppError("UNPROCESSABLE", `${fileName}: ${result.errors.length} error(s); nothing was stored.`, {
      errors: result.errors,
    });
  }
  const finishedItems = new Set<string>();
  const summary = await inTransaction(pool, (client) => loadInTransaction(client, { ...opts, finishedItems }), { commit: !opts.dryRun });
  return opts.dryRun ? summary : withAdaptiveRaters(summary, opts, finishedItems);
}

/** After a committed import: the adaptive rule's extra raters for the items it brought finished (lib/db/assignments/adaptive-after-import.ts). */
export async function withAdaptiveRaters<T extends LoadImportSummary>(summary: T, opts: Pick<LoadImportOptions, "projectId" | "actorId">, finishedItems: Set<string>): Promise<T> {
  const added = await addRatersAfterImport(getDb(), { projectId: opts.projectId, segmentIds: finishedItems, actorId: opts.actorId ?? null });
  return added ? { ...summary, adaptiveRaters: added } : summary;
}

/**
 * The loader inside its transaction. `staged`: the corpus lines of a streamed JSONL file, staged
 * and checked in temporary tables (lib/db/import/load-import-stream.ts); they are written set-based at
 * the same points as the in-memory rows, and `opts.result` holds only the file's value lines.
 */
export async function loadInTransaction(client: PoolClient, opts: LoadImportOptions, staged?: StagedCorpus): Promise<LoadImportSummary> {
  const { result, projectId, fileName } = opts;
  // Serialise imports into one project so two concurrent imports cannot race on the same keys.
  await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`import:${projectId}`]);
  // codes the database stores as text beside the values: checked against the presets before anything is written
  const runtime = await runtimeOf(client, projectId);
  const badCodes = builtInCodeIssues(fileName, result);
  if (badCodes.length) {
    const first = badCodes[0];
    throw new AppError("UNPROCESSABLE", `${fileName}${first.line ? `:${first.line}` : ""} (${first.field}): ${first.message}${badCodes.length > 1 ? ` (and ${badCodes.length - 1} more)` : ""}; nothing was stored.`, { errors: badCodes });
  }

  // ---- documents
  await opts.checkpoint?.("documents", client);
  const posRes = await client.query<{ max: number | null }>(
    `SELECT max("position") AS max FROM "Document" WHERE "projectId" = $1`,
    [projectId],
  );
  let nextPos = (posRes.rows[0]?.max ?? -1) + 1;
  const docRows = result.documents.map((d) => [
    randomUUID(),
    projectId,
    d.externalId,
    d.title ?? null,
    d.language,
    d.genre ?? null,
    d.split ? d.split.toUpperCase() : null,
    nextPos++,
  ]);
  const docIds = new Map<string, string>();
  for (const r of await bulkUpsert<{ id: string; externalId: string }>(
    client,
    {
      table: "Document",
      columns: [
        { name: "id", type: "text" },
        { name: "projectId", type: "text" },
        { name: "externalId", type: "text" },
        { name: "title", type: "text" },
        { name: "language", type: "text" },
        { name: "genre", type: "text" },
        { name: "split", type: '"Split"' },
        { name: "position", type: "int4" },
      ],
      conflict: ["projectId", "externalId"],
      update: ["title", "language", "genre", "split"],
      returning: ["id", "externalId"],
    },
    dedupeByKey(docRows, (r) => String(r[2])),
  ))
    docIds.set(r.externalId, r.id);
  const stagedDocuments = staged ? await staged.documents(client, projectId, nextPos) : 0;

  // ---- segments
  await opts.checkpoint?.("segments", client);
  const segRows: unknown[][] = [];
  for (const d of result.documents) {
    for (const s of d.segments) {
      segRows.push([
        randomUUID(),
        projectId,
        docIds.get(d.externalId),
        s.externalId,
        s.index,
        s.text,
        s.language,
        (s.split ?? d.split)?.toUpperCase() ?? null,
        s.metaphorical,
        s.texts ? JSON.stringify(s.texts) : null,
        s.lists ? JSON.stringify(s.lists) : null,
      ]);
    }
  }
  const segIds = new Map<string, string>();
  for (const r of await bulkUpsert<{ id: string; externalId: string }>(
    client,
    {
      table: "Segment",
      columns: [
        { name: "id", type: "text" },
        { name: "projectId", type: "text" },
        { name: "documentId", type: "text" },
        { name: "externalId", type: "text" },
        { name: "index", type: "int4" },
        { name: "text", type: "text" },
        { name: "language", type: "text" },
        { name: "split", type: '"Split"' },
        { name: "metaphorical", type: "bool" },
        { name: "texts", type: "jsonb" },
        { name: "lists", type: "jsonb" },
      ],
      conflict: ["projectId", "externalId"],
      update: ["text", "language", "split", "metaphorical", "texts", "lists"],
      returning: ["id", "externalId"],
    },
    dedupeByKey(segRows, (r) => String(r[3])),
  ))
    segIds.set(r.externalId, r.id);
  const stagedSegments = staged ? await staged.segments(client, projectId) : 0;

  // Segments referenced by translations/annotations but defined by an earlier import.
  const referencedSegs = new Set<string>();
  for (const t of result.translations) referencedSegs.add(t.segmentId);
  for (const a of result.alignments) referencedSegs.add(a.segmentId);
  for (const a of result.annotations) referencedSegs.add(a.segmentId);
  for (const e of result.errorSpans) referencedSegs.add(e.segmentId);
  for (const p of result.postEdits) referencedSegs.add(p.segmentId);
  for (const a of result.adjudications ?? []) referencedSegs.add(a.segmentId);
  for (const g of result.goldReferences ?? []) referencedSegs.add(g.segmentId);
  const missingSegs = [...referencedSegs].filter((id) => !segIds.has(id));
  if (missingSegs.length) {
    const found = await client.query<{ id: string; externalId: string }>(
      `SELECT id, "externalId" FROM "Segment" WHERE "projectId" = $1 AND "externalId" = ANY($2::text[])`,
      [projectId, missingSegs],
    );
    for (const r of found.rows) segIds.set(r.externalId, r.id);
  }
  const segId = (ext: string, line: number | undefined, what: string): string => {
    const id = segIds.get(ext);
    if (!id) throw importError(fileName, `${what} refers to segment "${ext}", which is neither in this file nor in the project.`, line, "segment");
    return id;
  };

  // ---- MRWs
  await opts.checkpoint?.("MRWs", client);
  const mrwRows: unknown[][] = [];
  for (const d of result.documents) {
    for (const s of d.segments) {
      for (const m of s.mrws) {
        if (m.spans.length === 0) throw importError(fileName, `MRW "${m.token}" has no span.`, s.line, "mrw");
        for (const sp of m.spans) {
          if (sp.start < 0 || sp.end > s.text.length || sp.start > sp.end) {
            throw importError(fileName, `MRW "${m.token}" span ${sp.start}–${sp.end} is outside the segment (length ${s.text.length}).`, s.line, "mrw");
          }
        }
        mrwRows.push([
          randomUUID(),
          projectId,
          segIds.get(s.externalId),
          m.externalId,
          JSON.stringify(m.spans),
          Math.min(...m.spans.map((x) => x.start)),
          Math.max(...m.spans.map((x) => x.end)),
          m.token,
          m.lemma ?? null,
          m.rawPos ?? null,
          m.pos,
          m.type ?? null,
          m.subtype ?? null,
          m.deliberate ?? null,
          m.gloss ?? null,
          m.active,
          m.metaphorical,
          s.externalId,
        ]);
      }
    }
  }
  const mrwIds = new Map<string, string>();
  // the database ids of the MRWs known by segment: a span list written with them (an earlier
  // export, or the project's own tabular one) still names the same MRW of the same project
  const mrwDbIds = new Set<string>();
  const dedupedMrws = dedupeByKey(mrwRows, (r) => mrwKey(String(r[17]), String(r[3])));
  const mrwSegByRow = new Map(dedupedMrws.map((r) => [String(r[2]) + sep + String(r[3]), String(r[17])]));
  for (const r of await bulkUpsert<{ id: string; externalId: string; segmentId: string }>(
    client,
    {
      table: "Mrw",
      columns: [
        { name: "id", type: "text" },
        { name: "projectId", type: "text" },
        { name: "segmentId", type: "text" },
        { name: "externalId", type: "text" },
        { name: "spans", type: "jsonb" },
        { name: "start", type: "int4" },
        { name: "end", type: "int4" },
        { name: "token", type: "text" },
        { name: "lemma", type: "text" },
        { name: "rawPos", type: "text" },
        { name: "pos", type: '"Pos"' },
        { name: "type", type: "text" },
        { name: "subtype", type: "text" },
        { name: "deliberate", type: "bool" },
        { name: "gloss", type: "text" },
        { name: "active", type: "bool" },
        { name: "metaphorical", type: "bool" },
      ],
      conflict: ["segmentId", "externalId"],
      update: ["spans", "start", "end", "token", "lemma", "rawPos", "pos", "type", "subtype", "deliberate", "gloss", "active", "metaphorical"],
      returning: ["id", "externalId", "segmentId"],
    },
    dedupedMrws.map((r) => r.slice(0, 17)),
  )) {
    const segExt = mrwSegByRow.get(r.segmentId + sep + r.externalId);
    if (segExt) {
      mrwIds.set(mrwKey(segExt, r.externalId), r.id);
      mrwDbIds.add(mrwKey(segExt, r.id));
    }
  }
  const stagedMrws = staged ? await staged.mrws(client, projectId) : 0;
  // MRWs referenced but defined earlier
  const needMrw: { seg: string; mrw: string }[] = [];
  const noteMrw = (seg: string, mrw: string | undefined) => {
    if (mrw && !mrwIds.has(mrwKey(seg, mrw))) needMrw.push({ seg, mrw });
  };
  for (const a of result.alignments) noteMrw(a.segmentId, a.mrwId);
  for (const a of result.annotations) noteMrw(a.segmentId, a.mrwId);
  for (const e of result.errorSpans) noteMrw(e.segmentId, e.mrwId);
  for (const a of result.adjudications ?? []) noteMrw(a.segmentId, a.mrwId);
  // a span of a span list names its MRW inside the value (lib/import/span-mrw-refs.ts)
  for (const a of [...result.annotations, ...(result.adjudications ?? [])]) for (const ref of spanMrwRefs(a.value)) noteMrw(a.segmentId, ref);
  if (needMrw.length) {
    const found = await client.query<{ id: string; externalId: string; segExt: string }>(
      `SELECT m.id, m."externalId", s."externalId" AS "segExt" FROM "Mrw" m JOIN "Segment" s ON s.id = m."segmentId"
       WHERE m."projectId" = $1 AND s."externalId" = ANY($2::text[])`,
      [projectId, [...new Set(needMrw.map((n) => n.seg))]],
    );
    for (const r of found.rows) {
      mrwIds.set(mrwKey(r.segExt, r.externalId), r.id);
      mrwDbIds.add(mrwKey(r.segExt, r.id));
    }
  }
  const mrwId = (seg: string, mrw: string, line: number | undefined, what: string): string => {
    const id = mrwIds.get(mrwKey(seg, mrw));
    if (!id) throw importError(fileName, `${what} refers to MRW "${mrw}" of segment "${seg}", which does not exist.`, line, "mrw");
    return id;
  };
  /** A value line with the MRWs its spans name as this project's ids: by external id, or an id of an MRW of the line's segment. */
  const withSpanMrwIds = <L extends { segmentId: string; field: string; value: unknown; line?: number }>(l: L, what: string): L => {
    const value = mapSpanMrwRefs(l.value, (ref) => {
      const id = mrwIds.get(mrwKey(l.segmentId, ref)) ?? (mrwDbIds.has(mrwKey(l.segmentId, ref)) ? ref : undefined);
      if (!id) throw importError(fileName, `${what}: a span of ${l.field} names MRW "${ref}", which is not an MRW of segment "${l.segmentId}".`, l.line, l.field);
      return id;
    });
    return value === l.value ? l : { ...l, value };
  };

  // ---- systems
  await opts.checkpoint?.("systems", client);
  const systemNames = new Set<string>(staged ? await staged.systemNames(client) : []);
  for (const t of result.translations) systemNames.add(t.system);
  for (const a of result.alignments) systemNames.add(a.system);
  for (const e of result.errorSpans) systemNames.add(e.system);
  for (const a of result.annotations) if (a.system) systemNames.add(a.system);
  for (const a of result.adjudications ?? []) if (a.system) systemNames.add(a.system);
  for (const g of result.goldReferences ?? []) if (g.sourceSystem) systemNames.add(g.sourceSystem);
  const systemIds = new Map<string, string>();
  for (const r of await bulkUpsert<{ id: string; name: string }>(
    client,
    {
      table: "MtSystem",
      columns: [
        { name: "id", type: "text" },
        { name: "projectId", type: "text" },
        { name: "name", type: "text" },
      ],
      conflict: ["projectId", "name"],
      update: [],
      returning: ["id", "name"],
    },
    [...systemNames].map((n) => [randomUUID(), projectId, n]),
  ))
    systemIds.set(r.name, r.id);

  // ---- translations
  await opts.checkpoint?.("translations", client);
  // only in the project's target languages: a translation in another would be stored where no
  // annotator, report or export of the project looks (a typo such as "zh-cn" for "zh")
  if (result.translations.length || staged) {
    const langRow = await client.query<{ targetLang: string; targetLangs: string[] | null }>(`SELECT "targetLang", "targetLangs" FROM "Project" WHERE id = $1`, [projectId]);
    const langs = projectTargetLangs(langRow.rows[0] ?? { targetLang: "" });
    await staged?.checkTranslations(client, projectId, fileName, langs);
    const stray = result.translations.find((t) => !langs.includes(t.language));
    if (stray) {
      throw importError(fileName, `the translation is in "${stray.language}", which is not a target language of this project (${langs.join(", ")}); add the language to the project first (Settings, or \`tropos project update --target-lang\`).`, stray.line, "language");
    }
  }
  const trRows = result.translations.map((t) => [
    randomUUID(),
    segId(t.segmentId, t.line, "Translation"),
    systemIds.get(t.system),
    t.language,
    t.text,
  ]);
  // Translations are keyed by segment, system and target language (a project may hold several:
  // EN→ZH and EN→IT of the same sources). A line that names no language refers to the translation
  // of its segment and system that the file itself brings, else to the project's only one; where
  // there are several it must name one.
  const trIds = new Map<string, string>(); // segmentDbId|systemDbId|language → translation id
  const trOnly = new Map<string, string | null>(); // segmentDbId|systemDbId → the one translation id, null = several languages
  const trLanguages = new Map<string, string[]>();
  const inFile = new Map<string, string | null>(); // the same, for the translations this file brings
  const addTr = (r: { id: string; segmentId: string; systemId: string; language: string }) => {
    const k = `${r.segmentId}|${r.systemId}`;
    if (trIds.has(`${k}|${r.language}`)) return;
    trIds.set(`${k}|${r.language}`, r.id);
    trOnly.set(k, trOnly.has(k) ? null : r.id);
    trLanguages.set(k, [...(trLanguages.get(k) ?? []), r.language]);
  };
  for (const r of await bulkUpsert<{ id: string; segmentId: string; systemId: string; language: string }>(
    client,
    {
      table: "Translation",
      columns: [
        { name: "id", type: "text" },
        { name: "segmentId", type: "text" },
        { name: "systemId", type: "text" },
        { name: "language", type: "text" },
        { name: "text", type: "text" },
      ],
      conflict: ["segmentId", "systemId", "language"],
      update: ["text"],
      returning: ["id", "segmentId", "systemId", "language"],
    },
    dedupeByKey(trRows, (r) => `${r[1]}|${r[2]}|${r[3]}`),
  )) {
    addTr(r);
    const k = `${r.segmentId}|${r.systemId}`;
    inFile.set(k, inFile.has(k) ? null : r.id);
  }
  let stagedTranslations = 0;
  if (staged) {
    stagedTranslations = await staged.translations(client, projectId);
    // the file's own translations of the segments its value lines name, as the rows above would give them
    const named = new Set<string>();
    for (const a of result.alignments) named.add(a.segmentId);
    for (const e of result.errorSpans) named.add(e.segmentId);
    for (const a of result.annotations) if (a.system) named.add(a.segmentId);
    for (const a of result.adjudications ?? []) if (a.system) named.add(a.segmentId);
    for (const g of result.goldReferences ?? []) if (g.sourceSystem) named.add(g.segmentId);
    for (const p of result.postEdits) if (p.system) named.add(p.segmentId);
    for (const r of await staged.fileTranslations(client, projectId, [...named])) {
      addTr(r);
      const k = `${r.segmentId}|${r.systemId}`;
      inFile.set(k, inFile.has(k) ? null : r.id);
    }
  }
  // the stored translations of the segments whose lines the file's own translations do not answer
  // (a line naming a language the file lacks, or naming none where the file brings none)
  const refSegments = new Set<string>();
  const need = (seg: string, system: string, line: number | undefined, language?: string) => {
    const segmentId = segId(seg, line, "Row");
    const k = `${segmentId}|${systemIds.get(system)}`;
    if (language ? !trIds.has(`${k}|${language}`) : !inFile.has(k)) refSegments.add(segmentId);
  };
  for (const a of result.alignments) need(a.segmentId, a.system, undefined, a.language);
  for (const e of result.errorSpans) need(e.segmentId, e.system, e.line, e.language);
  for (const a of result.annotations) if (a.system) need(a.segmentId, a.system, a.line, a.language);
  for (const a of result.adjudications ?? []) if (a.system) need(a.segmentId, a.system, a.line, a.language);
  for (const g of result.goldReferences ?? []) if (g.sourceSystem) need(g.segmentId, g.sourceSystem, g.line, g.language);
  for (const p of result.postEdits) if (p.system) need(p.segmentId, p.system, undefined, p.language);
  if (refSegments.size) {
    const found = await client.query<{ id: string; segmentId: string; systemId: string; language: string }>(
      `SELECT id, "segmentId", "systemId", language FROM "Translation" WHERE "segmentId" = ANY($1::text[]) ORDER BY id`,
      [[...refSegments]],
    );
    for (const r of found.rows) addTr(r);
  }
  /** The translation a line refers to, or undefined; throws when the line must name its language. */
  const findTr = (seg: string, system: string, line: number | undefined, what: string, language?: string): string | undefined => {
    const k = `${segId(seg, line, "Row")}|${systemIds.get(system)}`;
    if (language) return trIds.get(`${k}|${language}`);
    // a file that brings the translation (MT outputs with their alignments) means its own
    const only = inFile.has(k) ? inFile.get(k) : trOnly.get(k);
    if (only === null) {
      throw importError(fileName, `${what} refers to the ${system} translation of segment "${seg}", which exists in several languages (${[...(trLanguages.get(k) ?? [])].sort().join(", ")}): give the line a "language".`, line, "language");
    }
    return only;
  };
  const trId = (seg: string, system: string, line: number | undefined, what: string, language?: string): string => {
    const id = findTr(seg, system, line, what, language);
    if (!id) throw importError(fileName, `${what} refers to the ${system}${language ? ` (${language})` : ""} translation of segment "${seg}", which does not exist.`, line, language ? "language" : "system");
    return id;
  };

  // ---- automatic metric scores (metric score files)
  await opts.checkpoint?.("metric scores", client);
  const metricScores = await loadMetricScores(client, { projectId, fileName, scores: result.metricScores ?? [], refuse: (m, line, field) => importError(fileName, m, line, field) });

  // ---- alignments
  await opts.checkpoint?.("alignments", client);
  const alRows = result.alignments.map((a) => [
    randomUUID(),
    mrwId(a.segmentId, a.mrwId, undefined, "Alignment"),
    trId(a.segmentId, a.system, undefined, "Alignment", a.language),
    JSON.stringify(a.spans),
    a.pattern,
  ]);
  const alignments = await bulkUpsert(
    client,
    {
      table: "Alignment",
      columns: [
        { name: "id", type: "text" },
        { name: "mrwId", type: "text" },
        { name: "translationId", type: "text" },
        { name: "spans", type: "jsonb" },
        { name: "pattern", type: "text" },
      ],
      conflict: ["mrwId", "translationId"],
      update: ["spans", "pattern"],
      returning: ["id"],
    },
    dedupeByKey(alRows, (r) => `${r[1]}|${r[2]}`),
  );

  // ---- annotators
  await opts.checkpoint?.("annotators", client);
  const names = new Set<string>();
  for (const a of result.annotations) names.add(a.annotator);
  for (const e of result.errorSpans) names.add(e.annotator);
  for (const p of result.postEdits) names.add(p.annotator);
  const completions = importCompletions(result);
  for (const c of completions) names.add(c.annotator);
  // members of the project by email, else this project's placeholder raters (never an outside account)
  const raters = await ProjectRaters.open(client, projectId);
  const userIds = new Map<string, string>();
  for (const name of names) userIds.set(name, await raters.resolve(name, "ANNOTATOR"));
  const annotators = raters.annotators();

  // ---- annotations (version bumps only when the value changed; history rows for every change)
  await opts.checkpoint?.("annotations", client);
  // under the scheme runtime a `{ "reviewed": true }` METAHOPE_ERRORS line (the built-in review
  // mark) is no value of the spans field: it says "reviewed", an empty list where none is stored
  const isMark = (a: ImportResult["annotations"][number]) => a.field === SPANS_FIELD && isReviewMark(a.value);
  const annotationLines = result.annotations.map((a) => withSpanMrwIds(a, "Annotation"));
  const reviewMarks = annotationLines.filter(isMark);
  const valueLines = reviewMarks.length ? annotationLines.filter((a) => !isMark(a)) : annotationLines;
  const placed = await placeValues(client, fileName, runtime, valueLines, { segId, trId, mrwId }, "Annotation");
  // the scheme version in force, written as a save writes it (every project stores one since the
  // presets are data; a project that stores none leaves the column as it was)
  const schemeVersion = runtime.version;
  const anRows = valueLines.map((a, i) => {
    const p = placed[i];
    const row = [randomUUID(), projectId, userIds.get(a.annotator), p.segmentId, p.translationId, p.mrwId, p.itemKey, a.field, JSON.stringify(a.value)];
    return schemeVersion !== null ? [...row, schemeVersion] : row;
  });
  const changedAnnotations = await bulkUpsert<{ id: string; version: number; value: unknown; annotatorId: string }>(
    client,
    {
      table: "Annotation",
      columns: [
        { name: "id", type: "text" },
        { name: "projectId", type: "text" },
        { name: "annotatorId", type: "text" },
        { name: "segmentId", type: "text" },
        { name: "translationId", type: "text" },
        { name: "mrwId", type: "text" },
        { name: "itemKey", type: "text" },
        { name: "field", type: "text" },
        { name: "value", type: "jsonb" },
        ...(schemeVersion !== null ? [{ name: "schemeVersion", type: "int4" }] : []),
      ],
      conflict: ["annotatorId", "segmentId", "itemKey", "field"],
      update: schemeVersion !== null ? ["value", "schemeVersion"] : ["value"],
      extraSet: `"version" = "Annotation"."version" + 1`,
      updateWhere: `"Annotation"."value" IS DISTINCT FROM EXCLUDED."value"`,
      touchUpdatedAt: true,
      returning: ["id", "version", "value", "annotatorId"],
    },
    dedupeByKey(anRows, (r) => `${r[2]}|${r[3]}|${r[6]}|${r[7]}`),
  );
  await insertHistory(client, projectId, "ANNOTATION", changedAnnotations.map((r) => ({ id: r.id, version: r.version, value: r.value, userId: opts.actorId ?? r.annotatorId })));

  // ---- MetaHOPE error spans and post-edits: values of the scheme's spans and edit fields
  await opts.checkpoint?.("error spans", client);
  const stored = await importSchemeSpansAndEdits(client, {
    projectId,
    actorId: opts.actorId ?? null,
    definition: runtime.definition,
    schemeVersion: runtime.version,
    errorSpans: result.errorSpans,
    postEdits: result.postEdits,
    reviewMarks,
    // MetaHOPE's reviewed rule, the built-in runtime's: a file that does not list its finished
    // work is read by its rows, and an annotator's span on a sentence is a review of every
    // translation of it (lib/import/metahope-reviews.ts, lib/reports/analyses/paper/metahope-coverage.ts). A file
    // that writes the spans field's lists (the scheme runtime's own exports: an empty list is
    // "reviewed, no error") says itself which translations were reviewed: nothing is inferred,
    // or its re-import would add reviews its project never had
    reviewedSentences: result.completed || !valueLines.some((a) => a.field === SPANS_FIELD) ? metahopeReviewedSentences(result) : [],
    userIds,
    segId,
    trId,
    mrwId,
    errors: new SchemeLineErrors(fileName),
  });
  const errorSpanCount = stored.errorSpans;
  const postEditCount = stored.postEdits;

  // ---- finished work: the import's annotators have submitted these items (origin 'import')
  await opts.checkpoint?.("finished work", client);
  const finished = completions.map((c): [string, string] => [userIds.get(c.annotator)!, segId(c.segmentId, undefined, "Completion")]);
  await loadCompletions(client, projectId, finished);
  for (const [, segmentId] of finished) opts.finishedItems?.add(segmentId);

  const { adjudications, goldReferences } = await loadDecisions(client, opts, runtime, { segId, trId, mrwId, withSpanMrwIds, systemIds, raters });

  const summary: LoadImportSummary = {
    documents: docIds.size + stagedDocuments,
    segments: segRows.length + stagedSegments,
    mrws: dedupedMrws.length + stagedMrws,
    systems: systemIds.size,
    translations: trRows.length + stagedTranslations,
    alignments: alignments.length,
    annotations: anRows.length,
    errorSpans: errorSpanCount,
    postEdits: postEditCount,
    adjudications,
    goldReferences,
    metricScores,
    annotators,
    warnings: result.warnings,
  };
  await client.query(`INSERT INTO "AuditLog" (id, "projectId", "userId", action, detail) VALUES ($1, $2, $3, 'import', $4::jsonb)`, [
    randomUUID(),
    projectId,
    opts.actorId ?? null,
    JSON.stringify({ file: fileName, ...summary, annotators: annotators.length, warnings: result.warnings.length }),
  ]);
  return summary;
}

function dedupeByKey(rows: unknown[][], key: (r: unknown[]) => string): unknown[][] {
  // ON CONFLICT cannot touch one row twice in a statement: the last occurrence in the file wins.
  const m = new Map<string, unknown[]>();
  for (const r of rows) m.set(key(r), r);
  return m.size === rows.length ? rows : [...m.values()];
}

/** Where a value line is stored: its segment (a document-scope value: the document's first), ids and item key. */
interface PlacedValue {
  segmentId: string;
  translationId: string | null;
  mrwId: string | null;
  itemKey: string;
}

/**
 * Resolves the anchors of value lines (annotations, adjudications) and checks every line before
 * anything is stored; a refused line refuses the file, each bad line named by file, line and field.
 * Against the stored definition (field, anchor, value with the item's lists); the values of the
 * earlier release a moved MetaHOPE project keeps beside its scheme (workbook notes, decided
 * penalties per category: lib/import/scheme-line-check.ts isKeptBesideScheme) as that release
 * checked them.
 */
async function placeValues(
  client: PoolClient,
  fileName: string,
  runtime: TSchemeRuntime,
  lines: { segmentId: string; system?: string; language?: string; mrwId?: string; role?: string; field: string; value: unknown; line?: number }[],
  r: Pick<Resolvers, "segId" | "trId" | "mrwId">,
  what: string,
): Promise<PlacedValue[]> {
  const resolved = lines.map((a) => ({
    segmentId: r.segId(a.segmentId, a.line, what),
    translationId: a.system ? r.trId(a.segmentId, a.system, a.line, what, a.language) : null,
    mrwId: a.mrwId ? r.mrwId(a.segmentId, a.mrwId, a.line, what) : null,
  }));
  const items = await readSchemeItems(client, resolved.map((x) => x.segmentId));
  // as a save checks them: the alternatives that apply to the MRW (MMTE's EQUIVALENCE), spans within their translation
  const def = runtime.definition;
  const byMrw = new Set(def.fields.filter((f) => f.when && "item" in f.when).map((f) => f.id));
  const withSpans = new Set(def.fields.filter((f) => f.kind === "spans" || f.kind === "alignment").map((f) => f.id));
  const flags = await readMrwFlags(client, resolved.filter((x, i) => x.mrwId !== null && byMrw.has(lines[i].field)).map((x) => x.mrwId!));
  const lengths = await readTranslationLengths(client, resolved.filter((x, i) => x.translationId !== null && withSpans.has(lines[i].field)).map((x) => x.translationId!));
  const errors = new SchemeLineErrors(fileName);
  const kind = what === "Adjudication" ? "adjudication" : "annotation";
  const placed = lines.map((a, i): PlacedValue => {
    const x = resolved[i];
    const item = items.get(x.segmentId)!;
    if (isKeptBesideScheme(runtime.definition, kind, a.field)) {
      const issue = keptBesideIssue(kind, { field: a.field, translationId: x.translationId, value: a.value });
      if (issue) errors.add(a.line, a.field, issue);
      return { ...x, itemKey: `${x.translationId ?? "-"}:${x.mrwId ?? "-"}` };
    }
    const c = checkSchemeLine(
      def,
      { field: a.field, translationId: x.translationId, mrwId: x.mrwId, role: a.role ?? null, value: a.value, mrwMetaphorical: x.mrwId ? flags.get(x.mrwId) : undefined, translationLength: x.translationId ? lengths.get(x.translationId) : undefined },
      item,
    );
    if (!c.ok) {
      errors.add(a.line, a.field, c.message);
      return { ...x, itemKey: "" };
    }
    return { ...x, segmentId: c.onDocument ? item.documentFirstSegmentId : x.segmentId, itemKey: c.itemKey };
  });
  errors.throwIfAny();
  return placed;
}

/** The length (UTF-16 units, as span offsets count) of each translation's text. */
async function readTranslationLengths(client: PoolClient, translationIds: string[]): Promise<Map<string, number>> {
  if (!translationIds.length) return new Map();
  const r = await client.query<{ id: string; text: string }>(`SELECT id, text FROM "Translation" WHERE id = ANY($1::text[])`, [[...new Set(translationIds)]]);
  return new Map(r.rows.map((x) => [x.id, x.text.length]));
}

/** Whether each MRW is metaphorical (EQUIVALENCE's labels depend on it). */
async function readMrwFlags(client: PoolClient, mrwIds: string[]): Promise<Map<string, boolean>> {
  if (!mrwIds.length) return new Map();
  const r = await client.query<{ id: string; metaphorical: boolean }>(`SELECT id, metaphorical FROM "Mrw" WHERE id = ANY($1::text[])`, [[...new Set(mrwIds)]]);
  return new Map(r.rows.map((x) => [x.id, x.metaphorical]));
}

interface Resolvers {
  segId: (ext: string, line: number | undefined, what: string) => string;
  trId: (seg: string, system: string, line: number | undefined, what: string, language?: string) => string;
  mrwId: (seg: string, mrw: string, line: number | undefined, what: string) => string;
  withSpanMrwIds: <L extends { segmentId: string; field: string; value: unknown; line?: number }>(l: L, what: string) => L;
  systemIds: Map<string, string>;
  raters: ProjectRaters;
}

/**
 * Adjudications and gold references (Tropos JSONL only). Keyed like the UI writes them
 * (segment + itemKey + field; segment + language + kind), so a re-import updates in place;
 * every changed row gets a History row like annotations do.
 */
async function loadDecisions(client: PoolClient, opts: LoadImportOptions, runtime: TSchemeRuntime, r: Resolvers): Promise<{ adjudications: number; goldReferences: number }> {
  const { projectId, fileName } = opts;
  const adjs = (opts.result.adjudications ?? []).map((a) => r.withSpanMrwIds(a, "Adjudication"));
  const golds = opts.result.goldReferences ?? [];
  if (!adjs.length && !golds.length) return { adjudications: 0, goldReferences: 0 };

  const adRows: unknown[][] = [];
  const placed = await placeValues(client, fileName, runtime, adjs, r, "Adjudication");
  for (const [i, a] of adjs.entries()) {
    const p = placed[i];
    const uid = a.adjudicator ? await r.raters.resolve(a.adjudicator, "ADJUDICATOR") : null;
    adRows.push([randomUUID(), projectId, p.segmentId, p.translationId, p.mrwId, p.itemKey, a.field, JSON.stringify(a.value), a.rationale, uid, a.automatic]);
  }
  const changedAdj = await bulkUpsert<{ id: string; version: number; value: unknown; adjudicatorId: string | null }>(
    client,
    {
      table: "Adjudication",
      columns: [
        { name: "id", type: "text" },
        { name: "projectId", type: "text" },
        { name: "segmentId", type: "text" },
        { name: "translationId", type: "text" },
        { name: "mrwId", type: "text" },
        { name: "itemKey", type: "text" },
        { name: "field", type: "text" },
        { name: "value", type: "jsonb" },
        { name: "rationale", type: "text" },
        { name: "adjudicatorId", type: "text" },
        { name: "automatic", type: "bool" },
      ],
      conflict: ["segmentId", "itemKey", "field"],
      update: ["value", "rationale", "adjudicatorId", "automatic"],
      extraSet: `"version" = "Adjudication"."version" + 1`,
      updateWhere: `("Adjudication"."value", "Adjudication"."rationale", "Adjudication"."adjudicatorId", "Adjudication"."automatic") IS DISTINCT FROM (EXCLUDED."value", EXCLUDED."rationale", EXCLUDED."adjudicatorId", EXCLUDED."automatic")`,
      touchUpdatedAt: true,
      returning: ["id", "version", "value", "adjudicatorId"],
    },
    dedupeByKey(adRows, (x) => `${x[2]}|${x[5]}|${x[6]}`),
  );
  await insertHistory(client, projectId, "ADJUDICATION", changedAdj.map((x) => ({ id: x.id, version: x.version, value: x.value, userId: opts.actorId ?? x.adjudicatorId })));

  // post-edits a gold reference came from: (segment, annotator, kind) is unique. Under the scheme
  // runtime a post-edit is an edit field's value (lib/db/import/scheme-values.ts), not a PostEdit
  // row the reference could point to: the line is checked against that value and stored without
  // the link, as a project's move to the scheme runtime leaves its references.
  const peKeys = golds.filter((g) => g.sourcePostEditAnnotator);
  const peIds = new Map<string, string>();
  if (peKeys.length) {
    const segs: string[] = [];
    const anns: string[] = [];
    const kinds: string[] = [];
    for (const g of peKeys) {
      segs.push(r.segId(g.segmentId, g.line, "Gold reference"));
      anns.push(await r.raters.resolve(g.sourcePostEditAnnotator!, "ANNOTATOR"));
      kinds.push((g.sourcePostEditKind ?? g.kind).toUpperCase());
    }
    const found = await client.query<{ id: string; segmentId: string; annotatorId: string; kind: string }>(
      `SELECT p.id, p."segmentId", p."annotatorId", k.kd AS kind FROM "Annotation" p
       JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS k(s, a, kd, f) ON p."segmentId" = k.s AND p."annotatorId" = k.a AND p.field = k.f AND p."itemKey" = '-:-'
       WHERE p."projectId" = $5`,
      [segs, anns, kinds, kinds.map((k) => editFieldOf(runtime.definition, k)?.id ?? ""), projectId],
    );
    for (const x of found.rows) peIds.set(`${x.segmentId}|${x.annotatorId}|${x.kind}`, x.id);
  }
  const grRows: unknown[][] = [];
  for (const g of golds) {
    const sId = r.segId(g.segmentId, g.line, "Gold reference");
    const tId = g.sourceSystem ? r.trId(g.segmentId, g.sourceSystem, g.line, "Gold reference", g.language) : null;
    let peId: string | null = null;
    if (g.sourcePostEditAnnotator) {
      const uid = await r.raters.resolve(g.sourcePostEditAnnotator, "ANNOTATOR");
      peId = peIds.get(`${sId}|${uid}|${(g.sourcePostEditKind ?? g.kind).toUpperCase()}`) ?? null;
      if (!peId) throw importError(fileName, `Gold reference refers to a ${g.sourcePostEditKind ?? g.kind} post-edit by "${g.sourcePostEditAnnotator}" of segment "${g.segmentId}", which does not exist.`, g.line, "sourcePostEditAnnotator");
    }
    // checked above, stored without the link (the comment above)
    peId = null;
    const approver = g.approvedBy ? await r.raters.resolve(g.approvedBy, "APPROVER") : null;
    grRows.push([randomUUID(), projectId, sId, g.language, g.kind.toUpperCase(), g.text, peId, tId, approver]);
  }
  const changedGold = await bulkUpsert<{ id: string; version: number; text: string; approvedById: string | null }>(
    client,
    {
      table: "GoldReference",
      columns: [
        { name: "id", type: "text" },
        { name: "projectId", type: "text" },
        { name: "segmentId", type: "text" },
        { name: "language", type: "text" },
        { name: "kind", type: "text" },
        { name: "text", type: "text" },
        { name: "sourcePostEditId", type: "text" },
        { name: "sourceTranslationId", type: "text" },
        { name: "approvedById", type: "text" },
      ],
      conflict: ["segmentId", "language", "kind"],
      update: ["text", "sourcePostEditId", "sourceTranslationId", "approvedById"],
      extraSet: `"version" = "GoldReference"."version" + 1`,
      updateWhere: `("GoldReference"."text", "GoldReference"."sourcePostEditId", "GoldReference"."sourceTranslationId", "GoldReference"."approvedById") IS DISTINCT FROM (EXCLUDED."text", EXCLUDED."sourcePostEditId", EXCLUDED."sourceTranslationId", EXCLUDED."approvedById")`,
      touchUpdatedAt: true,
      returning: ["id", "version", "text", "approvedById"],
    },
    dedupeByKey(grRows, (x) => `${x[2]}|${x[3]}|${x[4]}`),
  );
  await insertHistory(client, projectId, "GOLD_REFERENCE", changedGold.map((x) => ({ id: x.id, version: x.version, value: { text: x.text }, userId: opts.actorId ?? x.approvedById })));
  return { adjudications: adRows.length, goldReferences: grRows.length };
}
