/**
 * MQM error files (issue 20.2) → documents, translations and one annotator's error spans per
 * translation, for a project whose scheme has a translation-scope spans field (the mqm preset's
 * `errors`).
 *
 * Two layouts, tab-separated, one row per marked error or a `No-error` row per rated translation:
 * - the WMT MQM release (google/wmt-mqm-human-evaluation): nine columns
 *   `system doc doc_id seg_id rater source target category severity`;
 * - Marot's: the same with the ids named `docSegId` and `globalSegId` and a tenth `metadata`
 *   column (JSON; a plain note in legacy files).
 * A header line (any line with `system<TAB>doc<TAB>`, as Marot reads it) is skipped. Quotes are
 * ordinary characters (the WMT files are written without quoting).
 *
 * What lands where: `doc` is a document; (`doc`, `doc_id`) a segment at position doc_id − 1, its
 * external id the `seg_id` (or `doc#doc_id` when the file's seg_ids do not name segments uniquely,
 * e.g. Marot's constant 0); the source without markers its text; each `system` a translation; each
 * `rater` an annotator (an account without sign-in, as every import creates). A rater's rows of one
 * translation are one value of the spans field: each error row's `<v>…</v>` span becomes character
 * offsets on the side that holds it (`on: "source"` for the source), its category the span label
 * and its severity the severity attribute; a row without markers an empty span at the start of the
 * target; a `No-error` row alone the explicit `[]`. Marot's metadata `note` becomes the span's
 * comment (when the field takes comments).
 *
 * Refused, naming the line: fewer than nine or more than ten columns; a doc_id that is not a
 * positive whole number; unbalanced markers; markers in both texts or two spans in one text; a
 * category or severity the scheme does not have; source or target text (outside the markers) that
 * differs from the segment's first row. Nothing of a refused file is stored.
 */
import { decodeText } from "@/lib/import/decode-text";
import { IssueSink } from "@/lib/import/issues";
import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { readDelimited } from "@/lib/import/read-delimited";
import { readMarkers } from "@/lib/import/v-markers";
import { emptyImportResult, type AnnotationValue, type ImportedDocument, type ImportedSegment, type ImportResult } from "@/lib/import/types";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import type { TOptionValue } from "@/lib/schemes/language/scheme-option";

export interface ParseMqmOptions extends CommonParseOptions {
  /** the project's scheme: its translation-scope spans field receives the errors */
  scheme?: TSchemeDefinition | null;
}

type TSpansField = Extract<TSchemeField, { kind: "spans" }>;

/** The field MQM errors go to: the scheme's first spans field at translation scope. */
export function mqmErrorField(scheme: TSchemeDefinition | null | undefined): TSpansField | null {
  const f = scheme?.fields.find((x) => x.kind === "spans" && x.scope === "translation");
  return f && f.kind === "spans" ? f : null;
}

/** The attribute severities go to: `severity`, else the field's first attribute. */
export function mqmSeverityAttribute(field: TSpansField): TSpansField["attributes"][number] | null {
  return field.attributes.find((a) => a.id === "severity") ?? field.attributes[0] ?? null;
}

/** Category and severity names vary in case, `_` for spaces and a trailing "!" (WMT 2020's "Non-translation!"). */
const loose = (s: string) => s.trim().toLowerCase().replace(/_/g, " ").replace(/!+$/, "");
const isNoError = (s: string) => ["no-error", "no error"].includes(loose(s));

interface TSpanOut {
  start: number;
  end: number;
  label: TOptionValue;
  attributes?: Record<string, TOptionValue>;
  on?: "source" | "target";
  comment?: string;
}

export function parseMqm(fileName: string, content: ImportContent, options: ParseMqmOptions = {}): ImportResult {
  const sink = new IssueSink(fileName);
  const field = mqmErrorField(options.scheme);
  if (!field) {
    sink.error(undefined, "MQM files need a project whose scheme has a spans field at translation scope (e.g. the mqm preset: tropos project create <slug> --scheme mqm)");
    return sink.finish(emptyImportResult());
  }
  const severity = mqmSeverityAttribute(field);
  const sourceLang = options.sourceLang;
  const targetLang = options.targetLang;
  if (!sourceLang || !targetLang) {
    sink.error(undefined, "MQM files name no languages: give --source-lang and --target-lang (or the project's)");
    return sink.finish(emptyImportResult());
  }
  const decoded = decodeText(fileName, content, { encoding: options.encoding });
  for (const e of decoded.errors) sink.error(e.line, e.message, e.column);
  if (decoded.errors.length) return sink.finish(emptyImportResult());
  const records = readDelimited(decoded.text, { delimiter: "\t", quoting: "none" });
  const labels = new Map<string, TOptionValue>();
  for (const l of field.labels) labels.set(loose(String(l.value)), l.value);
  const severities = new Map<string, TOptionValue>();
  for (const o of severity?.options ?? []) severities.set(loose(String(o.value)), o.value);
  const sourceOn = field.on?.includes("source") ?? false;

  interface TSeg {
    doc: string;
    index: number;
    segId: string;
    source: string;
    line: number;
  }
  const segs = new Map<string, TSeg>(); // doc \0 doc_id
  const docs: string[] = [];
  const targets = new Map<string, { text: string; line: number; system: string; seg: string }>(); // seg \0 system
  const values = new Map<string, { rater: string; seg: string; system: string; spans: TSpanOut[]; line: number }>(); // rater \0 seg \0 system
  const segIdOwners = new Map<string, string>();
  let segIdsUnique = true;

  for (const r of records) {
    if (sink.full) break;
    const f = r.fields;
    if (f.join("\t").toLowerCase().includes("system\tdoc\t")) continue; // a header, wherever it is (Marot concatenates files)
    if (f.length === 1 && f[0].trim() === "") continue;
    if (f.length < 9 || f.length > 10) {
      sink.error(r.line, `found ${f.length} columns; an MQM row has 9 (WMT: system, doc, doc_id, seg_id, rater, source, target, category, severity) or 10 (Marot: … metadata)`);
      continue;
    }
    const [system, doc, docSegId, globalSegId, rater, sourceCell, targetCell, category, severityCell] = f.map((x, i) => (i === 5 || i === 6 ? x : x.trim()));
    if (!system) sink.error(r.line, "no system", 1, "system");
    if (!doc) sink.error(r.line, "no document", 2, "doc");
    if (!/^[1-9][0-9]*$/.test(docSegId)) {
      sink.error(r.line, `doc_id ${JSON.stringify(docSegId)} is not a position in the document (1, 2, …)`, 3, "doc_id");
      continue;
    }
    if (!system || !doc) continue;
    const src = readMarkers(sourceCell);
    const tgt = readMarkers(targetCell);
    if (!src.ok) sink.error(r.line, `source: ${src.message}`, 6, "source");
    if (!tgt.ok) sink.error(r.line, `target: ${tgt.message}`, 7, "target");
    if (!src.ok || !tgt.ok) continue;
    for (const [side, m] of [["source", src], ["target", tgt]] as const) {
      // the export writes the span back closed (`…</v>` at the end): said here, since that row then differs from the file
      if (m.unclosedAtEnd) sink.warn(r.line, `${side}: <v> never closed; span taken to the end of the ${side} (an MQM or Marot export closes it there with </v>)`, side === "source" ? 6 : 7, side);
    }

    const segKey = `${doc}\u0000${docSegId}`;
    let seg = segs.get(segKey);
    if (!seg) {
      seg = { doc, index: Number(docSegId) - 1, segId: globalSegId, source: src.text, line: r.line };
      segs.set(segKey, seg);
      if (!docs.includes(doc)) docs.push(doc);
      const owner = segIdOwners.get(globalSegId);
      if (owner !== undefined && owner !== segKey) segIdsUnique = false;
      segIdOwners.set(globalSegId, segKey);
    } else {
      if (seg.source !== src.text) sink.error(r.line, `the source (outside the <v> markers) differs from line ${seg.line}, the first row of ${doc} segment ${docSegId}`, 6, "source");
      if (seg.segId !== globalSegId) sink.error(r.line, `seg_id ${JSON.stringify(globalSegId)} differs from ${JSON.stringify(seg.segId)} on line ${seg.line} for ${doc} segment ${docSegId}`, 4, "seg_id");
    }
    const trKey = `${segKey}\u0000${system}`;
    const tr = targets.get(trKey);
    if (!tr) targets.set(trKey, { text: tgt.text, line: r.line, system, seg: segKey });
    else if (tr.text !== tgt.text) sink.error(r.line, `the target (outside the <v> markers) differs from line ${tr.line}, the first row of ${system}'s translation of ${doc} segment ${docSegId}`, 7, "target");
    // Marot rows without a rater carry only segment metadata
    if (!rater) continue;

    const valueKey = `${rater}\u0000${trKey}`;
    let value = values.get(valueKey);
    if (!value) values.set(valueKey, (value = { rater, seg: segKey, system, spans: [], line: r.line }));
    if (isNoError(category) || (category === "" && isNoError(severityCell))) continue;
    const label = labels.get(loose(category));
    if (label === undefined) {
      sink.error(r.line, `category ${JSON.stringify(category)} is not a label of the scheme's "${field.id}" field`, 8, "category");
      continue;
    }
    const span: TSpanOut = { start: 0, end: 0, label };
    if (severity) {
      const sv = severities.get(loose(severityCell));
      if (sv === undefined) {
        sink.error(r.line, `severity ${JSON.stringify(severityCell)} is not one of ${severity.options.map((o) => String(o.value)).join(", ")}`, 9, "severity");
        continue;
      }
      span.attributes = { [severity.id]: sv };
    }
    const marked = src.spans.length + tgt.spans.length;
    if (marked > 1) {
      sink.error(r.line, `${marked} spans are marked (source ${src.spans.length}, target ${tgt.spans.length}); a row is one error with one span`, src.spans.length > 1 ? 6 : 7);
      continue;
    }
    if (src.spans.length === 1) {
      if (!sourceOn) {
        sink.error(r.line, `the span is on the source, but the scheme's "${field.id}" field marks the translation only (on: ["target", "source"] allows both)`, 6, "source");
        continue;
      }
      Object.assign(span, src.spans[0], { on: "source" });
    } else if (tgt.spans.length === 1) Object.assign(span, tgt.spans[0]);
    if (field.on) span.on ??= "target";
    if (span.start === span.end && !field.allowEmpty) {
      sink.error(r.line, `the error marks no characters (${marked ? "an empty <v></v>" : "no <v> markers"}), and the scheme's "${field.id}" field refuses empty spans (allowEmpty)`, 7);
      continue;
    }
    if (f.length === 10) {
      const note = noteOf(f[9]);
      if (note && field.comments) span.comment = note;
    }
    value.spans.push(span);
  }

  const externalOf = (key: string) => {
    const s = segs.get(key)!;
    return segIdsUnique && s.segId !== "" ? s.segId : `${s.doc}#${s.index + 1}`;
  };
  const documents: ImportedDocument[] = docs.map((doc) => {
    const segments: ImportedSegment[] = [...segs.entries()]
      .filter(([, s]) => s.doc === doc)
      .sort((a, b) => a[1].index - b[1].index)
      .map(([key, s]) => ({ externalId: externalOf(key), index: s.index, text: s.source, language: sourceLang, metaphorical: false, mrws: [], line: s.line }));
    return { externalId: doc, title: doc, language: sourceLang, segments };
  });
  const result = emptyImportResult();
  result.documents = documents;
  result.translations = [...targets.values()].map((t) => ({ segmentId: externalOf(t.seg), system: t.system, language: targetLang, text: t.text, line: t.line }));
  result.annotations = [...values.values()].map((v) => ({
    annotator: v.rater,
    segmentId: externalOf(v.seg),
    system: v.system,
    field: field.id,
    value: v.spans as unknown as AnnotationValue,
    line: v.line,
  }));
  return sink.finish(result);
}

/** Marot's metadata `note` (JSON), or the whole cell as a legacy note. */
function noteOf(cell: string): string | undefined {
  const t = cell.trim();
  if (t === "") return undefined;
  try {
    const m = JSON.parse(t) as unknown;
    if (m && typeof m === "object" && !Array.isArray(m)) {
      const note = (m as Record<string, unknown>).note;
      return typeof note === "string" && note.trim() !== "" ? note : undefined;
    }
    return undefined;
  } catch {
    return t;
  }
}
