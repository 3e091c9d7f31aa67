// `tropos export --what tags --format conll`: a project's token tags as CoNLL, one `token<TAB>tag`
// line per token and a blank line after each sentence (the Meta4XNLI detection files' layout), in
// document and segment order. The tokens and tags are the ones the CoNLL import kept in the
// segment's lists (lib/import/parse-conll.ts), so re-exporting an imported file gives it back byte
// for byte; a segment imported otherwise has its whitespace tokens and its MRWs as B-/I-METAPHOR.
// Streamed with a cursor (lib/db/export-cursor.ts) so memory stays flat.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export-cursor";
import { bioTags } from "@/lib/import/conll-as-annotator";

type TRow = { text: string; lists: { tokens?: unknown; tags?: unknown } | null; spans: { start: number; end: number }[] | null };

export function exportConllTags(pool: Pool, projectId: string): AsyncGenerator<string> {
  return withExportSession(pool, async function* (session) {
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
