// `tropos export --what tags --format conll`: token tags as CoNLL, one `token<TAB>tag` line per
// token and a blank line after each sentence (the Meta4XNLI detection files' layout), in document
// and segment order. Three sources (issue 16 point 6):
// - the corpus (default): the tokens and tags the CoNLL import kept in the segment's lists
//   (lib/import/parse-conll.ts), so re-exporting an imported file gives it back byte for byte; a
//   segment imported otherwise has its whitespace tokens and its MRWs as B-/I-METAPHOR;
// - one annotator's values of the scheme's BIO tags field (`--annotator EMAIL`): the sentences
//   they tagged, re-importable with `import --annotator`;
// - the adjudicated values of that field (`--adjudicated`): the sentences with a decision.
// Tokens are the segment's imported tokens when their number matches the value, else its text
// split on whitespace (what a `tokens: "whitespace"` field counts). Streamed with a cursor
// (lib/db/export/cursor.ts) so memory stays flat.
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { withExportSession } from "@/lib/db/export/cursor";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { bioTags } from "@/lib/import/conll-as-annotator";
import { AppError } from "@/lib/errors";
import { goldItemExcludedSql } from "@/lib/db/gold-checks/gold-item-sql";

type TRow = { text: string; lists: { tokens?: unknown; tags?: unknown } | null; spans: { start: number; end: number }[] | null };

/** Where the exported tags come from. */
export type TTagsSource = { kind: "corpus" } | { kind: "annotator"; field: string; annotatorId: string } | { kind: "adjudicated"; field: string };

/**
 * The source `--annotator` / `--adjudicated` name, checked against the project: its scheme needs a
 * BIO tags field at segment scope, the annotator an account (by email). Errors are AppErrors (400,
 * 404) raised before anything is streamed.
 */
export async function resolveTagsSource(db: Db, projectId: string, opts: { annotator?: string; adjudicated?: boolean }): Promise<TTagsSource> {
  if (opts.annotator && opts.adjudicated) throw new AppError("BAD_REQUEST", "Export one annotator's tags (--annotator) or the adjudicated ones (--adjudicated), not both.");
  if (!opts.annotator && !opts.adjudicated) return { kind: "corpus" };
  const runtime = await getProjectRuntime(db, projectId);
  const field = runtime.definition.fields.find((f) => f.kind === "tags" && f.bio && f.scope === "segment");
  if (!field) throw new AppError("BAD_REQUEST", "This project's scheme has no BIO tags field on the source (e.g. the meta4xnli preset's metaphor): only the corpus's tags can be exported.");
  if (opts.adjudicated) return { kind: "adjudicated", field: field.id };
  const user = await db.user.findFirst({ where: { email: opts.annotator, annotations: { some: { projectId, field: field.id } } }, select: { id: true } });
  if (!user) throw new AppError("NOT_FOUND", `No annotator ${opts.annotator} has ${field.id} tags in this project.`);
  return { kind: "annotator", field: field.id, annotatorId: user.id };
}

export function exportConllTags(pool: Pool, projectId: string, source: TTagsSource = { kind: "corpus" }): AsyncGenerator<string> {
  return withExportSession(pool, async function* (session) {
    if (source.kind === "corpus") {
      yield* conllLines(
        session.rows<TRow>(
          `SELECT s.text, s.lists,
              (SELECT jsonb_agg(sp) FROM "Mrw" m, jsonb_array_elements(m.spans) sp WHERE m."segmentId" = s.id) AS spans
       FROM "Segment" s JOIN "Document" d ON d.id = s."documentId"
       WHERE s."projectId" = $1
       ORDER BY d.position, d."externalId", s.index`,
          [projectId],
        ),
      );
      return;
    }
    const rows =
      source.kind === "annotator"
        ? session.rows<{ text: string; lists: TRow["lists"]; value: unknown }>(
            `SELECT s.text, s.lists, a.value
             FROM "Annotation" a JOIN "Segment" s ON s.id = a."segmentId" JOIN "Document" d ON d.id = s."documentId"
             WHERE a."projectId" = $1 AND a."annotatorId" = $2 AND a.field = $3 AND a."itemKey" = '-:-' AND ${goldItemExcludedSql('a."segmentId"')}
             ORDER BY d.position, d."externalId", s.index`,
            [projectId, source.annotatorId, source.field],
          )
        : session.rows<{ text: string; lists: TRow["lists"]; value: unknown }>(
            `SELECT s.text, s.lists, j.value
             FROM "Adjudication" j JOIN "Segment" s ON s.id = j."segmentId" JOIN "Document" d ON d.id = s."documentId"
             WHERE j."projectId" = $1 AND j.field = $2 AND j."itemKey" = '-:-'
             ORDER BY d.position, d."externalId", s.index`,
            [projectId, source.field],
          );
    for await (const r of rows) {
      if (!Array.isArray(r.value)) continue;
      const tags = r.value.map((t) => (t === null || t === undefined ? "O" : String(t)));
      const stored = r.lists && Array.isArray(r.lists.tokens) && r.lists.tokens.length === tags.length ? (r.lists.tokens as string[]) : r.text.split(/\s+/).filter(Boolean);
      if (stored.length !== tags.length) continue;
      let out = "";
      for (let i = 0; i < stored.length; i++) out += `${stored[i]}\t${tags[i]}\n`;
      yield `${out}\n`;
    }
  });
}

async function* conllLines(rows: AsyncGenerator<TRow>): AsyncGenerator<string> {
  for await (const r of rows) {
    const stored = r.lists && Array.isArray(r.lists.tokens) && Array.isArray(r.lists.tags) && r.lists.tokens.length === r.lists.tags.length;
    const tokens = stored ? (r.lists!.tokens as string[]) : r.text.split(" ");
    const tags = stored ? (r.lists!.tags as string[]) : bioTags(r.text, r.spans ?? [], "METAPHOR");
    let out = "";
    for (let i = 0; i < tokens.length; i++) out += `${tokens[i]}\t${tags[i]}\n`;
    yield `${out}\n`;
  }
}
