/**
 * Tropos JSONL suggestion lines (issue 15 point 3): a model's predictions made elsewhere (an
 * emotion classifier's vectors for EMOS, a tagger's output) imported as that model's suggestions:
 *
 *   {"type":"suggestion","model":"emo-roberta","segmentId":"e1","field":"source_emotions","value":{…}}
 *   {"type":"suggestion","model":"emo-roberta","segmentId":"e1","system":"google","field":"target_emotions","value":{…}}
 *
 * `segmentId` is the segment's external id; `system` names the translation (translation and
 * mrw-translation scopes), `mrwId` the MRW's external id (mrw scopes); a role-scoped field needs
 * neither (the field names its role); a document-scoped one takes any segment of the document.
 * `explanation` is optional. `model` may be left out when the import names one (`--model`).
 * Blank lines are skipped. Pure: the project's segments and fields are checked by the caller
 * (lib/db/import/suggestions.ts); errors name the file, the line and the key.
 */
import { z } from "zod";
import { decodeText } from "./decode-text";
import { IssueSink } from "./issues";
import type { ImportContent } from "./parse-options";
import type { ImportIssue } from "./types";

const ZId = z.string().trim().min(1).max(200);

export const ZSuggestionLine = z.strictObject({
  type: z.literal("suggestion"),
  model: ZId.optional(),
  segmentId: ZId,
  system: ZId.optional(),
  mrwId: ZId.optional(),
  field: ZId,
  value: z.unknown().refine((v) => v !== undefined && v !== null, "a value is required (null is no value)"),
  explanation: z.string().max(4000).optional(),
});
export type TSuggestionLine = z.infer<typeof ZSuggestionLine> & { model: string; line: number; raw: string };

export function parseSuggestionLines(fileName: string, content: ImportContent, opts: { model?: string; encoding?: "utf-8" | "latin1" | "cp1252" } = {}): { lines: TSuggestionLine[]; errors: ImportIssue[] } {
  const sink = new IssueSink(fileName);
  const decoded = decodeText(fileName, content, { encoding: opts.encoding });
  for (const e of decoded.errors) sink.error(e.line, e.message, e.column);
  if (decoded.errors.length) return { lines: [], errors: sink.errors };
  const out: TSuggestionLine[] = [];
  const rows = decoded.text.split("\n");
  for (let i = 0; i < rows.length && !sink.full; i++) {
    const raw = rows[i].replace(/\r$/, "");
    if (raw.trim() === "") continue;
    const line = i + 1;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (e) {
      sink.error(line, `invalid JSON: ${(e as Error).message}`);
      continue;
    }
    const type = (json as { type?: unknown } | null)?.type;
    if (type !== "suggestion") {
      sink.error(line, `a line of type ${JSON.stringify(type ?? null)}; a suggestions file holds only {"type":"suggestion",…} lines`, undefined, "type");
      continue;
    }
    const r = ZSuggestionLine.safeParse(json);
    if (!r.success) {
      const issue = r.error.issues[0];
      const key = issue.path.join(".") || "(line)";
      sink.error(line, `${key}: ${issue.code === "unrecognized_keys" ? `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}` : issue.message}`, undefined, key);
      continue;
    }
    const model = r.data.model ?? opts.model;
    if (!model) {
      sink.error(line, "model: name the model on the line or with --model", undefined, "model");
      continue;
    }
    if (opts.model && r.data.model && r.data.model !== opts.model) {
      sink.error(line, `model: "${r.data.model}" on the line, but the import is for --model ${opts.model}`, undefined, "model");
      continue;
    }
    out.push({ ...r.data, model, line, raw });
  }
  return { lines: out, errors: sink.errors };
}
