// `tropos export --what nli --format tsv`: the Meta4XNLI interpretation pairs in the input's own
// format (lib/import/parse-meta4xnli-nli.ts): the header `language gold_label sentence1 sentence2
// promptID pairID genre source_dataset`, one row per item with a premise and a hypothesis, all
// first-language rows first (each pair's first row in the file: the ES one in Meta4XNLI), then the
// second, in document order — the order of the files, so a project holding one imported file and
// no decisions gives it back byte for byte. `gold_label` is the adjudicated value of the scheme's
// inference field (the choice field whose gold is the item's `gold_label`) where one was decided,
// else the imported gold label. Cells are written as they are stored, tab-separated without quoting,
// as the corpus reads them (like the CoNLL export; no spreadsheet formula escaping, which would
// change the sentences); a cell holding a tab or a line break cannot be written and stops the
// export naming the item. Streamed with a cursor.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export/cursor";
import { AppError } from "@/lib/errors";

export const NLI_COLUMNS = ["language", "gold_label", "sentence1", "sentence2", "promptID", "pairID", "genre", "source_dataset"] as const;

type TRow = { externalId: string; language: string; texts: Record<string, unknown>; lists: Record<string, unknown>; decided: unknown };

export function exportNliTsv(pool: Pool, projectId: string, inferenceField: string | null): AsyncGenerator<string> {
  return withExportSession(pool, async function* (session) {
    yield `${NLI_COLUMNS.join("\t")}\n`;
    const rows = session.rows<TRow>(
      `SELECT s."externalId", s.language, s.texts, s.lists,
              (SELECT j.value FROM "Adjudication" j WHERE j."segmentId" = s.id AND j.field = $2 AND j."itemKey" = 'role:hypothesis') AS decided
       FROM "Segment" s JOIN "Document" d ON d.id = s."documentId"
       WHERE s."projectId" = $1 AND s.texts ? 'premise' AND s.texts ? 'hypothesis' AND s.lists ? 'pairID'
       ORDER BY s.index, d.position, d."externalId"`,
      [projectId, inferenceField ?? ""],
    );
    for await (const r of rows) {
      const l = r.lists;
      const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));
      const cells = [r.language, typeof r.decided === "string" ? r.decided : text(l.gold_label), text(r.texts.premise), text(r.texts.hypothesis), text(l.promptID), text(l.pairID), text(l.genre), text(l.source_dataset)];
      const bad = cells.findIndex((c) => /[\t\r\n]/.test(c));
      if (bad >= 0) throw new AppError("UNPROCESSABLE", `Item ${r.externalId}: its ${NLI_COLUMNS[bad]} holds a tab or a line break, which the interpretation TSV cannot carry.`);
      yield `${cells.join("\t")}\n`;
    }
  });
}
