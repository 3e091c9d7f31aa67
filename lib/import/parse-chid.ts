import { z } from "zod";
import { fileSlug } from "@/lib/import/content-id";
import { decodeText } from "@/lib/import/decode-text";
import { IssueSink } from "@/lib/import/issues";
import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { emptyImportResult, type AnnotationValue, type ImportedDocument, type ImportResult } from "@/lib/import/types";

/**
 * ChID cloze items (Zheng et al. 2019, as CR-ST samples them; issue 17): JSON lines
 *   {"groundTruth": ["…"], "candidates": [["7 idioms"], …], "content": "…#idiom#…", "realCount": n}
 * A paragraph with several `#idiom#` blanks becomes one item per blank, shown with its paragraph:
 * the item's text is the paragraph with ITS blank as "［____］" and the other blanks as "［…］"
 * (their answers are other items' gold, never shown). Item ids: the line's `id` when present,
 * else its 1-based line number; blank k (1-based) of item X has the external id `X#k`.
 * Item lists (Segment.lists): `candidates` (the blank's candidates in published order: the
 * positions Fleiss' κ counts, lib/schemes/presets/cr-st.json), `answer` (the gold idiom, read as
 * the preset's item gold and never sent to annotators), and any other scalar key of the line
 * (`transparency`: T1–T4, a score, the source set) kept as item metadata for report breakdowns.
 * Errors name the line: candidate lists ≠ blanks, a gold answer missing from its candidates, a
 * blank count that disagrees with `realCount`, a duplicate id. Each paragraph is a document
 * (`chid:<file slug>:<id>`) holding its blanks' items, so the workspace's document context is the
 * paragraph, not the whole file.
 */
export type ParseChidOptions = CommonParseOptions;

/** The blank marker of ChID's content. */
export const CHID_BLANK = "#idiom#";
/** The item's own blank in its text (PASS's prompts name it #idiom#: lib/models/prompt-templates.ts). */
export const THIS_BLANK = "［____］";
const OTHER_BLANK = "［…］";

const ZChidLine = z
  .object({
    id: z.union([z.string().min(1), z.number().int()]).optional(),
    groundTruth: z.array(z.string().min(1)).min(1, "at least one answer"),
    candidates: z.array(z.array(z.string().min(1)).min(2, "at least two candidates")).min(1),
    content: z.string().min(1),
    realCount: z.number().int().min(1).optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));

const RESERVED = new Set(["id", "groundTruth", "candidates", "content", "realCount"]);

export function parseChid(fileName: string, content: ImportContent, options: ParseChidOptions = {}): ImportResult {
  const sink = new IssueSink(fileName);
  const decoded = decodeText(fileName, content, { encoding: options.encoding });
  for (const e of decoded.errors) sink.error(e.line, e.message, e.column);
  if (decoded.errors.length) return sink.finish(emptyImportResult());
  const language = options.sourceLang ?? "zh";
  const slug = fileSlug(fileName);
  const result = emptyImportResult();
  const seen = new Map<string, number>();

  const lines = decoded.text.split("\n");
  for (let i = 0; i < lines.length && !sink.full; i++) {
    const line = i + 1;
    const raw = lines[i].replace(/\r$/, "");
    if (raw.trim() === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (e) {
      sink.error(line, `invalid JSON (truncated line?): ${(e as Error).message}`);
      continue;
    }
    const r = ZChidLine.safeParse(json);
    if (!r.success) {
      const issue = r.error.issues[0];
      const field = issue.path.join(".") || "(line)";
      sink.error(line, `${field}: ${issue.message}`, undefined, field);
      continue;
    }
    const rec = r.data;
    const id = rec.id === undefined ? String(line) : String(rec.id);
    if (seen.has(id)) {
      sink.error(line, `item id "${id}" is already used on line ${seen.get(id)}`, undefined, "id");
      continue;
    }
    seen.set(id, line);
    const parts = rec.content.split(CHID_BLANK);
    const blanks = parts.length - 1;
    if (blanks === 0) {
      sink.error(line, `content has no ${CHID_BLANK} blank`, undefined, "content");
      continue;
    }
    if (rec.realCount !== undefined && rec.realCount !== blanks) {
      sink.error(line, `realCount is ${rec.realCount} but content has ${blanks} ${CHID_BLANK} blank${blanks === 1 ? "" : "s"}`, undefined, "realCount");
      continue;
    }
    if (rec.candidates.length !== blanks) {
      sink.error(line, `${rec.candidates.length} candidate list${rec.candidates.length === 1 ? "" : "s"} for ${blanks} blank${blanks === 1 ? "" : "s"}`, undefined, "candidates");
      continue;
    }
    if (rec.groundTruth.length !== blanks) {
      sink.error(line, `${rec.groundTruth.length} answer${rec.groundTruth.length === 1 ? "" : "s"} in groundTruth for ${blanks} blank${blanks === 1 ? "" : "s"}`, undefined, "groundTruth");
      continue;
    }
    const missing = rec.groundTruth.findIndex((g, k) => !rec.candidates[k].includes(g));
    if (missing >= 0) {
      sink.error(line, `blank ${missing + 1}: the answer "${rec.groundTruth[missing]}" is not among its candidates`, undefined, `groundTruth.${missing}`);
      continue;
    }
    const dup = rec.candidates.findIndex((c) => new Set(c).size !== c.length);
    if (dup >= 0) {
      sink.error(line, `blank ${dup + 1}: a candidate is listed twice`, undefined, `candidates.${dup}`);
      continue;
    }
    const metadata: Record<string, AnnotationValue> = {};
    for (const [k, v] of Object.entries(rec)) if (!RESERVED.has(k)) metadata[k] = v as AnnotationValue;
    const doc: ImportedDocument = { externalId: `chid:${slug}:${id}`, title: `ChID ${id}`, language, segments: [] };
    for (let k = 0; k < blanks; k++) {
      // the paragraph with this blank marked and the others elided
      const text = parts.reduce((acc, p, j) => (j === 0 ? p : `${acc}${j - 1 === k ? THIS_BLANK : OTHER_BLANK}${p}`), "");
      doc.segments.push({
        externalId: `${id}#${k + 1}`,
        index: doc.segments.length,
        text,
        language,
        metaphorical: true,
        mrws: [],
        lists: { ...metadata, candidates: rec.candidates[k], answer: rec.groundTruth[k] },
        line,
      });
    }
    result.documents.push(doc);
  }
  return sink.finish(result);
}
