// Imported model predictions (issue 15 point 3): `tropos import <file> --as-suggestions` stores a
// model's predictions made elsewhere as that model's Suggestion rows, never as a human annotator's
// values. Two sources:
// - a CoNLL detection file (Meta4XNLI's layout; e.g. a MelBERT run) with `--model <name>`: each
//   sentence is matched to the project's segment by its tokens and its B…I runs become the tags of
//   the scheme's BIO tags field, as `--annotator` reads it (lib/import/conll-as-annotator.ts);
// - Tropos JSONL suggestion lines (lib/import/parse-suggestion-lines.ts), e.g. an emotion
//   classifier's vectors for EMOS.
// Every value is checked as an annotator's would be: the field exists in the project's scheme,
// the line names the anchor its scope needs (system, MRW; the role comes from the field), and
// the value passes the scheme's own rules (validateSchemeValue with the item's lists). Any error
// names the file, the line and the key, and then nothing is stored.
//
// Provenance: the model is a ModelEndpoint of kind "imported" (no URL, never asked), created on
// first import under its name; each row has the model's name, promptVersion "imported:<file>",
// params {source: "imported from <file>", file, sha256, format, line, explanation?}, the line (or
// CoNLL sentence) as read in rawReply, an empty promptText (nothing was sent), 0 attempts and the
// import time. Re-importing the same file updates its rows (same key), never duplicates them.
import { createHash, randomUUID } from "node:crypto";
import type { Pool } from "pg";
import { bulkUpsert } from "@/lib/db/import/bulk-upsert";
import type { Db } from "@/lib/db/client";
import { parseImportFile, resolveFormat } from "@/lib/db/import/import-file";
import { inTransaction } from "@/lib/db/in-transaction";
import { ZModelEndpointInput } from "@/lib/db/models/endpoints";
import { getSchemeInForce } from "@/lib/db/projects/project-schemes";
import { parseSuggestionLines, type TSuggestionLine } from "@/lib/import/parse-suggestion-lines";
import type { ImportIssue } from "@/lib/import/types";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { scopeName } from "@/lib/schemes/language/scheme-scope";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { anchorItemKey } from "@/lib/schemes/language/value-anchor";

export interface TImportSuggestionsOptions {
  project: { id: string; sourceLang: string; targetLang: string };
  fileName: string;
  content: Buffer;
  format: string;
  /** the model's name (required for CoNLL; a default for JSONL lines without one) */
  model?: string;
  dryRun: boolean;
}

export interface TImportSuggestionsOutcome {
  file: string;
  format: "conll" | "jsonl" | null;
  ok: boolean;
  /** true when nothing was stored (dry run, or refused) */
  dryRun: boolean;
  /** per model: how many suggestions the file holds for it */
  models: { name: string; suggestions: number; created: boolean }[];
  suggestions: number;
  errors: ImportIssue[];
}

/** JSONL when the first non-blank line is a JSON object; else what the importers detect (CoNLL or another format). */
function suggestionsFormat(fileName: string, content: Buffer): string | null {
  const first = content.subarray(0, 64 * 1024).toString("utf8").replace(/^\uFEFF/, "").split("\n").find((l) => l.trim() !== "");
  if (first?.trim().startsWith("{")) return "jsonl";
  return resolveFormat(fileName, content, "auto");
}

type TRecord = Omit<TSuggestionLine, "type" | "value"> & { value: unknown };
type TSegmentRow = { id: string; externalId: string; documentId: string; firstId: string; text: string; texts: unknown; lists: unknown };

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const arrayLists = (v: unknown) => Object.fromEntries(Object.entries(asObject(v)).filter((e): e is [string, unknown[]] => Array.isArray(e[1])));

/** The predictions of a CoNLL file as records: one tags value per sentence, with the sentence's lines as read. */
async function conllRecords(pool: Pool, opts: TImportSuggestionsOptions, model: string): Promise<{ records: TRecord[]; errors: ImportIssue[] }> {
  const { result } = await parseImportFile(pool, opts.project, opts.fileName, opts.content, { format: "conll", annotator: model });
  if (result.errors.length) return { records: [], errors: result.errors };
  return {
    // the sentence's lines are rebuilt from its segment (tokens joined by single spaces) once it is found
    records: result.annotations.map((a) => ({ model, segmentId: a.segmentId, field: a.field, value: a.value, line: a.line ?? 0, raw: "" })),
    errors: [],
  };
}

export async function importSuggestions(pool: Pool, db: Db, opts: TImportSuggestionsOptions): Promise<TImportSuggestionsOutcome> {
  const file = opts.fileName;
  const out: TImportSuggestionsOutcome = { file, format: null, ok: false, dryRun: true, models: [], suggestions: 0, errors: [] };
  const fail = (errors: ImportIssue[]) => ({ ...out, errors });
  const resolved = opts.format === "conll" || opts.format === "jsonl" ? opts.format : opts.format === "auto" ? suggestionsFormat(file, opts.content) : null;
  if (resolved !== "conll" && resolved !== "jsonl") {
    return fail([{ file, message: `--as-suggestions reads CoNLL tags (with --model) or Tropos JSONL suggestion lines, not ${opts.format === "auto" ? "this file (give --format conll or jsonl)" : opts.format}` }]);
  }
  out.format = resolved;
  if (opts.model !== undefined) {
    const name = ZModelEndpointInput.shape.name.safeParse(opts.model);
    if (!name.success) return fail([{ file, field: "model", message: `--model "${opts.model}": ${name.error.issues[0].message}` }]);
  }

  // ---- the records ------------------------------------------------------------------------------
  let records: TRecord[];
  if (resolved === "conll") {
    if (!opts.model) return fail([{ file, field: "model", message: "a CoNLL file of predictions needs --model <name> (whose predictions they are)" }]);
    const r = await conllRecords(pool, opts, opts.model);
    if (r.errors.length) return fail(r.errors);
    records = r.records;
  } else {
    const r = parseSuggestionLines(file, opts.content, { model: opts.model });
    if (r.errors.length) return fail(r.errors);
    records = r.lines;
  }
  if (!records.length) return fail([{ file, message: "no predictions in the file" }]);

  const errors: ImportIssue[] = [];
  const err = (line: number, field: string, message: string) => errors.push({ file, line, field, message });
  for (const r of records) {
    const name = ZModelEndpointInput.shape.name.safeParse(r.model);
    if (!name.success) err(r.line, "model", `"${r.model}": ${name.error.issues[0].message} (the name the exports and \`tropos suggest\` use)`);
  }

  // ---- the project's segments, translations, MRWs and scheme -------------------------------------
  const scheme = await getSchemeInForce(db, opts.project.id);
  const externalIds = [...new Set(records.map((r) => r.segmentId))];
  const segs = await pool.query<TSegmentRow>(
    `SELECT s.id, s."externalId", s."documentId", s.text, s.texts, s.lists,
            (SELECT f.id FROM "Segment" f WHERE f."documentId" = s."documentId" ORDER BY f.index LIMIT 1) AS "firstId"
       FROM "Segment" s WHERE s."projectId" = $1 AND s."externalId" = ANY($2::text[])`,
    [opts.project.id, externalIds],
  );
  const segByExternal = new Map(segs.rows.map((s) => [s.externalId, s]));
  const segIds = segs.rows.map((s) => s.id);
  const translations = await pool.query<{ id: string; segmentId: string; system: string; language: string }>(
    `SELECT t.id, t."segmentId", sys.name AS system, t.language FROM "Translation" t JOIN "MtSystem" sys ON sys.id = t."systemId" WHERE t."segmentId" = ANY($1::text[])`,
    [segIds],
  );
  const mrws = await pool.query<{ id: string; segmentId: string; externalId: string }>(`SELECT id, "segmentId", "externalId" FROM "Mrw" WHERE "segmentId" = ANY($1::text[])`, [segIds]);

  // ---- every record checked, as an annotator's value would be ---------------------------------------
  type TRow = { model: string; segmentId: string; translationId: string | null; mrwId: string | null; itemKey: string; field: string; value: unknown; r: TRecord };
  const rows: TRow[] = [];
  const seen = new Map<string, number>();
  for (const r of records) {
    const alternatives = scheme.fields.filter((f) => f.id === r.field);
    if (!alternatives.length) {
      err(r.line, "field", `the scheme "${scheme.id}" has no field ${r.field} (fields: ${[...new Set(scheme.fields.map((f) => f.id))].join(", ")})`);
      continue;
    }
    const seg = segByExternal.get(r.segmentId);
    if (!seg) {
      err(r.line, "segmentId", `no segment "${r.segmentId}" in the project; import the corpus first`);
      continue;
    }
    const scope = alternatives[0].scope;
    const perTranslation = scope === "translation" || scope === "mrw-translation";
    const perMrw = scope === "mrw" || scope === "mrw-translation";
    let translationId: string | null = null;
    let mrwId: string | null = null;
    if (perTranslation) {
      if (!r.system) {
        err(r.line, "system", `${r.field} is per ${scopeName(scope)}: name the translation's system`);
        continue;
      }
      const ts = translations.rows.filter((t) => t.segmentId === seg.id && t.system === r.system);
      const t = ts.find((x) => x.language === opts.project.targetLang) ?? ts[0];
      if (!t) {
        err(r.line, "system", `segment "${r.segmentId}" has no translation by "${r.system}"`);
        continue;
      }
      translationId = t.id;
    } else if (r.system !== undefined) {
      err(r.line, "system", `${r.field} is per ${scopeName(scope)}, not per translation: leave "system" out`);
      continue;
    }
    if (perMrw) {
      const m = mrws.rows.find((x) => x.segmentId === seg.id && x.externalId === r.mrwId);
      if (!m) {
        err(r.line, "mrwId", r.mrwId ? `segment "${r.segmentId}" has no MRW "${r.mrwId}"` : `${r.field} is per ${scopeName(scope)}: name the MRW (mrwId)`);
        continue;
      }
      mrwId = m.id;
    } else if (r.mrwId !== undefined) {
      err(r.line, "mrwId", `${r.field} is per ${scopeName(scope)}, not per MRW: leave "mrwId" out`);
      continue;
    }
    const role = typeof scope === "string" ? null : scope.role;
    if (role !== null && typeof asObject(seg.texts)[role] !== "string") {
      err(r.line, "segmentId", `segment "${r.segmentId}" has no ${role} text for ${r.field}`);
      continue;
    }
    const anchor = anchorItemKey(r.field, scope, { translationId, mrwId, role });
    if (!anchor.ok) {
      err(r.line, anchor.field, anchor.message);
      continue;
    }
    // the value as the scheme checks an annotator's imported one (any alternative of the field that
    // accepts it): a model's tags are kept as its file writes them, an I- after O included (issue 30
    // point 6; its reports read such a tag as the start of a chunk, as the Meta4XNLI script does)
    const lists = arrayLists(seg.lists);
    const checks = alternatives.map((f: TSchemeField) => validateSchemeValue(f, r.value, { lists }, { insideStartsChunk: true }));
    const bad = checks.find((c) => !c.ok);
    if (!checks.some((c) => c.ok) && bad && !bad.ok) {
      err(r.line, "value", bad.message);
      continue;
    }
    const segmentId = anchor.onDocument ? seg.firstId : seg.id;
    const key = `${r.model}|${segmentId}|${anchor.itemKey}|${r.field}`;
    if (seen.has(key)) {
      err(r.line, "segmentId", `${r.model} already has a ${r.field} value for this unit on line ${seen.get(key)}`);
      continue;
    }
    seen.set(key, r.line);
    // a CoNLL sentence as read: token<TAB>tag per line (its tokens are the segment's, split at single spaces)
    const raw = r.raw || (Array.isArray(r.value) ? seg.text.split(" ").map((t, i) => `${t}\t${String((r.value as unknown[])[i])}`).join("\n") : "");
    rows.push({ model: r.model, segmentId, translationId, mrwId, itemKey: anchor.itemKey, field: r.field, value: r.value, r: { ...r, raw } });
  }

  // ---- the models: imported endpoints, never an API endpoint's name --------------------------------
  const names = [...new Set(rows.map((r) => r.model))].sort();
  const existing = await db.modelEndpoint.findMany({ where: { projectId: opts.project.id, name: { in: names } }, select: { id: true, name: true, kind: true } });
  for (const e of existing) {
    if (e.kind !== "imported") {
      const first = rows.find((r) => r.model === e.name)!;
      err(first.r.line, "model", `"${e.name}" is a model endpoint this project asks (tropos model add); name the imported model differently, so provenance stays apart`);
    }
  }
  if (errors.length) return fail(errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));

  out.models = names.map((name) => ({ name, suggestions: rows.filter((r) => r.model === name).length, created: !existing.some((e) => e.name === name) }));
  out.suggestions = rows.length;
  out.ok = true;
  if (opts.dryRun) return out;

  // ---- stored in one transaction --------------------------------------------------------------------
  const sha256 = createHash("sha256").update(opts.content).digest("hex");
  const promptVersion = `imported:${file}`;
  await inTransaction(pool, async (client) => {
    const ids = new Map(existing.map((e) => [e.name, e.id]));
    for (const name of names) {
      if (ids.has(name)) continue;
      const id = randomUUID();
      await client.query(`INSERT INTO "ModelEndpoint" (id, "projectId", name, kind, "baseUrl", model) VALUES ($1, $2, $3, 'imported', NULL, $3)`, [id, opts.project.id, name]);
      ids.set(name, id);
    }
    await bulkUpsert(
      client,
      {
        table: "Suggestion",
        columns: [
          { name: "id", type: "text" }, { name: "projectId", type: "text" }, { name: "endpointId", type: "text" }, { name: "segmentId", type: "text" },
          { name: "translationId", type: "text" }, { name: "mrwId", type: "text" }, { name: "itemKey", type: "text" }, { name: "field", type: "text" },
          { name: "value", type: "jsonb" }, { name: "status", type: "text" }, { name: "model", type: "text" }, { name: "promptVersion", type: "text" },
          { name: "params", type: "jsonb" }, { name: "rawReply", type: "text" }, { name: "promptText", type: "text" }, { name: "attempts", type: "int4" },
        ],
        conflict: ["endpointId", "promptVersion", "segmentId", "itemKey", "field"],
        update: ["value", "status", "params", "rawReply"],
        // the import's time: a re-import is the latest word of that file
        extraSet: `"createdAt" = CURRENT_TIMESTAMP, "failure" = NULL`,
        returning: ["id"],
      },
      rows.map((x) => [
        randomUUID(), opts.project.id, ids.get(x.model), x.segmentId, x.translationId, x.mrwId, x.itemKey, x.field,
        JSON.stringify(x.value), "ok", x.model, promptVersion,
        JSON.stringify({ source: `imported from ${file}`, file, sha256, format: resolved, line: x.r.line, ...(x.r.explanation !== undefined ? { explanation: x.r.explanation } : {}) }),
        x.r.raw, "", 0,
      ]),
    );
  });
  return { ...out, dryRun: false };
}
