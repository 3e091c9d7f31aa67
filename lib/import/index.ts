import { detectFormat, type FormatName } from "@/lib/import/detect-format";
import type { TextEncodingName } from "@/lib/import/decode-text";
import { failedResult } from "@/lib/import/issues";
import { BINARY_ADVICE, binaryKind } from "@/lib/import/decode-text";
import { parseAnnotations, type ParseAnnotationsOptions } from "@/lib/import/parse-annotations";
import { parseConll } from "@/lib/import/parse-conll";
import { parseChid } from "@/lib/import/parse-chid";
import { parseMeta4xnliNli } from "@/lib/import/parse-meta4xnli-nli";
import { parseMetricScores } from "@/lib/import/parse-metric-scores";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { parseMoh } from "@/lib/import/parse-moh";
import { parseMt, type ParseMtOptions } from "@/lib/import/parse-mt";
import { parseMqm } from "@/lib/import/parse-mqm";
import { parseLabelStudio } from "@/lib/import/parse-label-studio";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { parsePsucmc } from "@/lib/import/parse-psucmc";
import { parseVuamc } from "@/lib/import/parse-vuamc";
import type { NormalisedPos, ImportResult } from "@/lib/import/types";

export type { FormatName } from "@/lib/import/detect-format";
export { detectFormat, FORMAT_NAMES } from "@/lib/import/detect-format";
export { parseMoh } from "@/lib/import/parse-moh";
export { parseVuamc } from "@/lib/import/parse-vuamc";
export { parsePsucmc } from "@/lib/import/parse-psucmc";
export { parseConll, parseConllParallel } from "@/lib/import/parse-conll";
export { parseMt, parseMtDocument } from "@/lib/import/parse-mt";
export { parseAnnotations } from "@/lib/import/parse-annotations";
export { parseJsonl } from "@/lib/import/parse-jsonl";
export { parseChid } from "@/lib/import/parse-chid";
export { parseMqm } from "@/lib/import/parse-mqm";
export { decodeText } from "@/lib/import/decode-text";
export { normalisePos, posInfo } from "@/lib/import/normalise-pos";

export interface ParseFileOptions {
  format?: FormatName | "auto";
  /** MT files without a system column */
  system?: string;
  sourceLang?: string;
  targetLang?: string;
  /** declared fallback for legacy (non-UTF-8) files */
  encoding?: TextEncodingName;
  activePos?: readonly NormalisedPos[];
  /** annotations: allowed field names / values */
  allowedFields?: ParseAnnotationsOptions["allowedFields"];
  allowedValues?: ParseAnnotationsOptions["allowedValues"];
  jsonValues?: ParseAnnotationsOptions["jsonValues"];
  /** MT: doc_id + seg_index → segment id, and the ids that exist */
  resolveSegment?: ParseMtOptions["resolveSegment"];
  knownSegmentIds?: ParseMtOptions["knownSegmentIds"];
  /** the project's own scheme (MQM: the field its errors go to) */
  scheme?: TSchemeDefinition | null;
  /** Label Studio: the mapping file's name and parsed JSON */
  mapping?: { name: string; json: unknown } | null;
  /** Meta4XNLI interpretation TSV: the gold metaphor role, overriding the file's name */
  relevance?: "relevant" | "non-relevant" | "none";
}

/** Parses one uploaded file with the named format, or the detected one for "auto"/undefined. */
export function parseFile(fileName: string, content: Buffer | Uint8Array | string, options: ParseFileOptions = {}): ImportResult {
  const format = options.format && options.format !== "auto" ? options.format : detectFormat(fileName, content);
  if (!format) {
    // A workbook renamed .tsv (or a PDF) is not "an unknown text format": say what it is and
    // which format reads spreadsheets, as the decoder does when a text format is chosen.
    const binary = typeof content === "string" ? null : binaryKind(content);
    if (binary) {
      return failedResult([{ file: fileName, line: 1, column: 1, message: `${binary}, not a text file, so no text format can read it. ${BINARY_ADVICE}` }]);
    }
    return failedResult([{ file: fileName, line: 1, message: "could not recognise the file format from its name and header; choose the format explicitly" }]);
  }
  switch (format) {
    case "moh":
      return parseMoh(fileName, content, options);
    case "vuamc":
      return parseVuamc(fileName, content, options);
    case "psucmc":
      return parsePsucmc(fileName, content, options);
    case "conll":
      return parseConll(fileName, content, options);
    case "mt":
      return parseMt(fileName, content, options);
    case "annotations":
      return parseAnnotations(fileName, content, options);
    case "jsonl":
      return parseJsonl(fileName, content, options);
    case "chid":
      return parseChid(fileName, content, options);
    case "meta4xnli-nli":
      return parseMeta4xnliNli(fileName, content, options);
    case "metrics":
      return parseMetricScores(fileName, content, options);
    case "mqm":
      return parseMqm(fileName, content, options);
    case "label-studio":
      return parseLabelStudio(fileName, content, options);
  }
}
