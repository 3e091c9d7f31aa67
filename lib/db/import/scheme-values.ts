/**
 * The error spans and post-edits of an import into a project under the scheme runtime, stored as
 * the scheme's field values (issue 28, step 2 "Storage"): a METAHOPE_ERRORS list per annotator
 * and translation, the text of the edit field of the post-edit's variant, in the Annotation table
 * the scheme runtime reads (workspace, reports, paper tables, exports). No ErrorSpan or PostEdit
 * row is written for such a project. The mapping is the one a project's move to the scheme runtime
 * uses (lib/schemes/built-in-to-scheme-values.ts); the loader (lib/db/import/load-import.ts) calls this
 * inside its transaction, after the file's annotation lines are stored.
 *
 * - Every span and post-edit is checked against the scheme first; each refused line is named by
 *   file, line and field, and one refusal refuses the file (the loader's transaction rolls back).
 * - Who reviewed a translation without marking a span gets an empty list, as the move gives one:
 *   a `{ "reviewed": true }` METAHOPE_ERRORS line (the built-in convention, which the MetaHOPE
 *   fixture writes), and every translation of a sentence its annotator reviewed for MetaHOPE. A list
 *   already stored stays as it is. Reviewed is what the file says (`ImportResult.completed`: a
 *   workbook's sheet has a row for every MRW and system, blank where there is no error) or, for a
 *   file that does not say (Tropos JSONL), what its rows say (lib/import/metahope-reviews.ts): a
 *   span, a MetaHOPE value or a reference post-edit by an annotator on a sentence. The sentence is
 *   MetaHOPE's unit of review: its annotator reads the source with every system's output (the
 *   pilot sheets' one row per MRW with a column block per system, blank = no error; MetaHOPE §3,
 *   tables 3–6 count a blank as penalty 0), so a translation of that sentence without a span is
 *   "no error" (an empty list), not "not reviewed". This is the rule the built-in runtime applies
 *   (lib/reports/analyses/paper/metahope-coverage.ts, rule 3), so a file gives the same tables on both runtimes.
 * - Re-importing does not duplicate a span: spans are merged into the stored list by the key the
 *   built-in import gave ErrorSpan.externalId, read from the list (lib/import/span-list-merge.ts).
 *   A post-edit replaces the edit value of its annotator, segment and field (last line wins).
 * - An empty post-edit is no value (the scheme runtime deletes a cleared field), as in the move.
 */
import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import { bulkUpsert } from "@/lib/db/import/bulk-upsert";
import { insertHistory } from "@/lib/db/import/history";
import type { ImportedErrorSpan, ImportedPostEdit } from "@/lib/import/types";
import type { TReviewedSentence } from "@/lib/import/metahope-reviews";
import { mergeImportedSpans } from "@/lib/import/span-list-merge";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { sortedJson } from "@/lib/schemes/canonical-value";
import { checkPostEdit, checkSpanValue, SPANS_FIELD, spansFieldOf, spanValueOf, type TSpanValue } from "@/lib/schemes/built-in-to-scheme-values";

/** Collects refused lines; throws the file's refusal (the loader's SchemeLineErrors). */
export interface TLineErrors {
  add(line: number | undefined, field: string, message: string): void;
  throwIfAny(): void;
}

export interface TSchemeValueImport {
  projectId: string;
  actorId: string | null;
  definition: TSchemeDefinition;
  schemeVersion: number;
  errorSpans: readonly ImportedErrorSpan[];
  postEdits: readonly ImportedPostEdit[];
  /** `{ "reviewed": true }` METAHOPE_ERRORS lines: reviewed, nothing marked */
  reviewMarks: readonly { annotator: string; segmentId: string; system?: string; language?: string; line?: number }[];
  /** the sentences reviewed under MetaHOPE's rule (lib/import/metahope-reviews.ts): each a review of every translation of it */
  reviewedSentences: readonly TReviewedSentence[];
  userIds: ReadonlyMap<string, string>;
  segId: (ext: string, line: number | undefined, what: string) => string;
  trId: (seg: string, system: string, line: number | undefined, what: string, language?: string) => string;
  mrwId: (seg: string, mrw: string, line: number | undefined, what: string) => string;
  errors: TLineErrors;
}

interface TList {
  annotatorId: string;
  segmentId: string;
  translationId: string;
  /** the first line naming it, for a refusal of the merged list */
  line: number | undefined;
  spans: TSpanValue[];
}

/** Stores the file's spans and post-edits as scheme values; returns how many lines of each were stored. */
export async function importSchemeSpansAndEdits(client: PoolClient, x: TSchemeValueImport): Promise<{ errorSpans: number; postEdits: number }> {
  const field = spansFieldOf(x.definition);
  const lists = new Map<string, TList>();
  const listOf = (annotatorId: string, segmentId: string, translationId: string, line: number | undefined): TList => {
    const k = `${annotatorId}\u0000${translationId}`;
    let l = lists.get(k);
    if (!l) lists.set(k, (l = { annotatorId, segmentId, translationId, line, spans: [] }));
    return l;
  };

  // every span checked first, each refusal naming its line
  for (const e of x.errorSpans) {
    const segmentId = x.segId(e.segmentId, e.line, "Error span");
    const translationId = x.trId(e.segmentId, e.system, e.line, "Error span", e.language);
    const mrwId = e.mrwId ? x.mrwId(e.segmentId, e.mrwId, e.line, "Error span") : null;
    if (!field) {
      x.errors.add(e.line, SPANS_FIELD, `the scheme "${x.definition.id}" has no ${SPANS_FIELD} field (spans per translation) to hold an error span`);
      continue;
    }
    const value = spanValueOf(field, { start: e.span.start, end: e.span.end, category: e.category, severity: e.severity, mrwId, comment: e.comment });
    const checked = checkSpanValue(field, value);
    if (!checked.ok) {
      x.errors.add(e.line, SPANS_FIELD, checked.message.replace(/^label /, "category "));
      continue;
    }
    listOf(x.userIds.get(e.annotator)!, segmentId, translationId, e.line).spans.push(value);
  }
  const edits = new Map<string, { annotatorId: string; segmentId: string; field: string; text: string }>();
  for (const p of x.postEdits) {
    const segmentId = x.segId(p.segmentId, p.line, "Post-edit");
    if (p.text.trim() === "") continue;
    const checked = checkPostEdit(x.definition, p.kind, p.text);
    if (!checked.ok) {
      x.errors.add(p.line, checked.field ?? "kind", checked.message);
      continue;
    }
    const annotatorId = x.userIds.get(p.annotator)!;
    edits.set(`${annotatorId}\u0000${segmentId}\u0000${checked.field.id}`, { annotatorId, segmentId, field: checked.field.id, text: p.text });
  }
  x.errors.throwIfAny();

  // reviews without a span: empty lists where nothing is stored (without the field they have nothing to become)
  if (field) {
    for (const r of x.reviewMarks) {
      if (!r.system) continue;
      listOf(x.userIds.get(r.annotator)!, x.segId(r.segmentId, r.line, "Annotation"), x.trId(r.segmentId, r.system, r.line, "Annotation", r.language), r.line);
    }
    const finished = x.reviewedSentences;
    if (finished.length) {
      const bySegment = new Map<string, string[]>();
      for (const c of finished) bySegment.set(x.segId(c.segmentId, undefined, "Completion"), [...(bySegment.get(x.segId(c.segmentId, undefined, "Completion")) ?? []), x.userIds.get(c.annotator)!]);
      const translations = await client.query<{ id: string; segmentId: string }>(`SELECT id, "segmentId" FROM "Translation" WHERE "segmentId" = ANY($1::text[]) ORDER BY id`, [[...bySegment.keys()]]);
      for (const t of translations.rows) for (const annotatorId of bySegment.get(t.segmentId) ?? []) listOf(annotatorId, t.segmentId, t.id, undefined);
    }
  }

  const spanRows = await mergedListRows(client, x, lists);
  const editRows = [...edits.values()].map((e) => [randomUUID(), x.projectId, e.annotatorId, e.segmentId, null, "-:-", e.field, JSON.stringify(e.text), x.schemeVersion]);
  const changed = await upsertValues(client, [...spanRows, ...editRows]);
  await insertHistory(client, x.projectId, "ANNOTATION", changed.map((r) => ({ id: r.id, version: r.version, value: r.value, userId: x.actorId ?? r.annotatorId })));
  return { errorSpans: x.errorSpans.length, postEdits: edits.size };
}

/** The lists after the import, one row each where it changes (a list equal to the stored one is left alone). */
async function mergedListRows(client: PoolClient, x: TSchemeValueImport, lists: ReadonlyMap<string, TList>): Promise<unknown[][]> {
  const field = spansFieldOf(x.definition);
  if (!field || lists.size === 0) return [];
  const all = [...lists.values()];
  const stored = await client.query<{ annotatorId: string; itemKey: string; value: unknown }>(
    `SELECT a."annotatorId", a."itemKey", a.value FROM "Annotation" a
     JOIN unnest($2::text[], $3::text[], $4::text[]) AS k(ann, seg, ik) ON a."annotatorId" = k.ann AND a."segmentId" = k.seg AND a."itemKey" = k.ik
     WHERE a."projectId" = $1 AND a.field = $5 FOR UPDATE OF a`,
    [x.projectId, all.map((l) => l.annotatorId), all.map((l) => l.segmentId), all.map((l) => `${l.translationId}:-`), field.id],
  );
  const before = new Map(stored.rows.map((r) => [`${r.annotatorId}\u0000${r.itemKey}`, r.value]));
  const rows: unknown[][] = [];
  for (const l of all) {
    const itemKey = `${l.translationId}:-`;
    const old = before.get(`${l.annotatorId}\u0000${itemKey}`);
    const merged = mergeImportedSpans(old, l.spans);
    if (old !== undefined && sortedJson(old) === sortedJson(merged)) continue;
    const checked = validateSchemeValue(field, merged, undefined, { withoutItem: true });
    if (!checked.ok) x.errors.add(l.line, field.id, `the annotator's list with this file's spans: ${checked.message}`);
    rows.push([randomUUID(), x.projectId, l.annotatorId, l.segmentId, l.translationId, itemKey, field.id, JSON.stringify(merged), x.schemeVersion]);
  }
  x.errors.throwIfAny();
  return rows;
}

/** Annotation rows upserted as the loader's annotation lines are (version bumped only on a change); returns the changed rows. */
function upsertValues(client: PoolClient, rows: unknown[][]) {
  return bulkUpsert<{ id: string; version: number; value: unknown; annotatorId: string }>(
    client,
    {
      table: "Annotation",
      columns: [
        { name: "id", type: "text" },
        { name: "projectId", type: "text" },
        { name: "annotatorId", type: "text" },
        { name: "segmentId", type: "text" },
        { name: "translationId", type: "text" },
        { name: "itemKey", type: "text" },
        { name: "field", type: "text" },
        { name: "value", type: "jsonb" },
        { name: "schemeVersion", type: "int4" },
      ],
      conflict: ["annotatorId", "segmentId", "itemKey", "field"],
      update: ["value", "schemeVersion"],
      extraSet: `"version" = "Annotation"."version" + 1`,
      updateWhere: `"Annotation"."value" IS DISTINCT FROM EXCLUDED."value"`,
      touchUpdatedAt: true,
      returning: ["id", "version", "value", "annotatorId"],
    },
    rows,
  );
}
