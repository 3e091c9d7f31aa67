/**
 * A Label Studio JSON export (issue 20.5) → items and annotations of a project running its own
 * scheme, through a mapping the lead writes (label-studio-mapping.ts). Pure.
 *
 * The export is an array of tasks `{ id, data, annotations: [{ completed_by, result, was_cancelled }],
 * predictions: [{ model_version, result }] }` (Label Studio's task format); each result region is
 * `{ from_name, to_name, type, value }`. A task is an item: its source text, id and document come
 * from `data` by the mapping's task keys, and with `task.translation` the translation of a system
 * (a segment with several systems is several tasks with the same id and text). Each annotation is
 * its annotator's values; a prediction whose `model_version` is `tropos:<annotator>` (what
 * `tropos export --what annotations --format label-studio` writes) counts as that annotator's, other
 * predictions are left out. Cancelled annotations are left out.
 * A submitted annotation (or tropos: prediction) with no region of a mapped labels control gives
 * its spans field an empty list: "nothing marked", a value, not a missing one.
 *
 * Values by region type: `choices` → the first choice (a choice field) or all (multi); `labels` →
 * one span per label, offsets into the mapped text (`on`); `textarea` → its lines joined by "\n";
 * `rating` → the number; a per-region `choices` control mapped to a span `attribute` (MQM's
 * severity) → that attribute of the spans of the labels region with the same `id`, in whatever
 * order the two come. A `tropos:<annotator>` prediction is left out for an annotator who submitted
 * the task in Label Studio (their annotation is the pre-annotation as they edited it).
 * The loader then checks every value against the scheme as for any import.
 *
 * Refused, naming the task's line and its index: a file that is not a task array; a task without
 * the mapped text or id; the same item with another text; a mapped control whose regions have
 * another type, or whose field the scheme lacks; two values of one single-valued field by one
 * annotator; spans outside their text. Regions of controls the mapping leaves out are counted in
 * one warning per control (relations included).
 */
import { decodeText } from "@/lib/import/decode-text";
import { fileSlug } from "@/lib/import/content-id";
import { IssueSink } from "@/lib/import/issues";
import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { formatIssuePath } from "@/lib/schemes/language/format-issue-path";
import { ZLabelStudioMapping, type TLabelStudioMapping } from "@/lib/import/label-studio-mapping";
import { emptyImportResult, type AnnotationValue, type ImportedSegment, type ImportResult } from "@/lib/import/types";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

export interface ParseLabelStudioOptions extends CommonParseOptions {
  scheme?: TSchemeDefinition | null;
  /** the mapping file's name and its parsed JSON */
  mapping?: { name: string; json: unknown } | null;
}

/** What a dry run shows: for each mapped control, where its regions land, and what is left out. */
export interface TLabelStudioPlan {
  tasks: number;
  items: number;
  annotators: string[];
  controls: { from: string; type: string; field: string; regions: number }[];
  unmapped: { from: string; type: string; regions: number }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The 1-based line where each element of the top-level array starts (strings and nesting skipped). */
export function topLevelLines(text: string): number[] {
  const out: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") line++;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      if (depth === 1) out.push(line);
      depth++;
    } else if (c === "]" || c === "}") depth--;
  }
  return out;
}

function annotatorOf(completedBy: unknown, mapping: TLabelStudioMapping): string | null {
  if (isObject(completedBy)) {
    const id = completedBy.id;
    if (id !== undefined && mapping.annotators[String(id)]) return mapping.annotators[String(id)];
    if (typeof completedBy.email === "string" && completedBy.email) return completedBy.email;
    return id !== undefined ? `label-studio-user-${String(id)}` : null;
  }
  if (typeof completedBy === "number" || typeof completedBy === "string") return mapping.annotators[String(completedBy)] ?? `label-studio-user-${String(completedBy)}`;
  return null;
}

export function parseLabelStudio(fileName: string, content: ImportContent, options: ParseLabelStudioOptions = {}): ImportResult & { plan?: TLabelStudioPlan } {
  const sink = new IssueSink(fileName);
  const fail = () => sink.finish(emptyImportResult());
  if (!options.mapping) {
    sink.error(undefined, "a Label Studio export needs a mapping file (--mapping map.json): which data keys hold the text and id, and which control fills which field");
    return fail();
  }
  const parsedMapping = ZLabelStudioMapping.safeParse(options.mapping.json);
  if (!parsedMapping.success) {
    for (const i of parsedMapping.error.issues) sink.error(undefined, `${options.mapping.name}: ${formatIssuePath(i.path) || "(top)"}: ${i.message}`);
    return fail();
  }
  const mapping = parsedMapping.data;
  const scheme = options.scheme;
  if (!scheme) {
    sink.error(undefined, "a Label Studio export goes into a project that runs its own scheme (create it with --scheme FILE, then map the controls onto its fields)");
    return fail();
  }
  for (const c of mapping.controls) {
    const f = scheme.fields.find((x) => x.id === c.field);
    if (f && c.attribute !== undefined && (f.kind !== "spans" || !f.attributes.some((a) => a.id === c.attribute))) {
      sink.error(undefined, `${options.mapping.name}: control "${c.from}" fills attribute "${c.attribute}" of field "${c.field}", which ${f.kind === "spans" ? `has the attributes ${f.attributes.map((a) => a.id).join(", ") || "none"}` : "is not a spans field"}`);
    }
    if (!scheme.fields.some((f) => f.id === c.field)) sink.error(undefined, `${options.mapping.name}: control "${c.from}" fills field "${c.field}", which the scheme "${scheme.id}" does not have (its fields: ${[...new Set(scheme.fields.map((f) => f.id))].join(", ")})`);
  }
  if (sink.hasErrors) return fail();
  const decoded = decodeText(fileName, content, { encoding: options.encoding });
  for (const e of decoded.errors) sink.error(e.line, e.message, e.column);
  if (decoded.errors.length) return fail();
  let tasks: unknown;
  try {
    tasks = JSON.parse(decoded.text);
  } catch (e) {
    sink.error(undefined, `not JSON: ${(e as Error).message}`);
    return fail();
  }
  if (!Array.isArray(tasks)) {
    sink.error(1, "a Label Studio export is an array of tasks ([{ \"data\": …, \"annotations\": […] }, …])");
    return fail();
  }
  const lines = topLevelLines(decoded.text);
  const sourceLang = options.sourceLang ?? "und";
  const targetLang = options.targetLang ?? "und";
  const docs = new Map<string, ImportedSegment[]>();
  const segmentText = new Map<string, { text: string; line: number }>();
  const translations = new Map<string, { segmentId: string; system: string; text: string; line: number }>();
  const values = new Map<string, { annotator: string; segmentId: string; system?: string; field: string; value: AnnotationValue; line: number }>();
  const plan: TLabelStudioPlan = { tasks: tasks.length, items: 0, annotators: [], controls: mapping.controls.map((c) => ({ from: c.from, type: c.type, field: c.field, regions: 0 })), unmapped: [] };
  const unmapped = new Map<string, { from: string; type: string; regions: number }>();
  let otherPredictions = 0;

  for (const [k, task] of tasks.entries()) {
    if (sink.full) break;
    const line = lines[k];
    const at = `task ${k + 1}`;
    if (!isObject(task) || !isObject(task.data)) {
      sink.error(line, `${at}: not a task with a "data" object`);
      continue;
    }
    const data = task.data;
    const text = data[mapping.task.text];
    if (typeof text !== "string") {
      sink.error(line, `${at}: data.${mapping.task.text} is not a text (the mapping's task.text)`, undefined, mapping.task.text);
      continue;
    }
    const rawId = mapping.task.id ? data[mapping.task.id] : task.id;
    if (typeof rawId !== "string" && typeof rawId !== "number") {
      sink.error(line, `${at}: ${mapping.task.id ? `data.${mapping.task.id}` : "the task's id"} is missing`, undefined, mapping.task.id ?? "id");
      continue;
    }
    const segmentId = String(rawId);
    const seen = segmentText.get(segmentId);
    if (seen && seen.text !== text) {
      sink.error(line, `${at}: item ${JSON.stringify(segmentId)} has another text than on line ${seen.line}`, undefined, mapping.task.text);
      continue;
    }
    if (!seen) {
      segmentText.set(segmentId, { text, line });
      const doc = mapping.task.document ? String(data[mapping.task.document] ?? "") || fileSlug(fileName) : fileSlug(fileName);
      const segs = docs.get(doc) ?? [];
      segs.push({ externalId: segmentId, index: segs.length, text, language: sourceLang, metaphorical: false, mrws: [], line });
      docs.set(doc, segs);
    }
    let system: string | undefined;
    let translation: string | undefined;
    if (mapping.task.translation) {
      const t = data[mapping.task.translation];
      const s = mapping.task.system!.startsWith("=") ? mapping.task.system!.slice(1) : data[mapping.task.system!];
      if (typeof t !== "string" || (typeof s !== "string" && typeof s !== "number")) {
        sink.error(line, `${at}: data.${mapping.task.translation} and the system (${mapping.task.system}) are needed for its translation`, undefined, mapping.task.translation);
        continue;
      }
      system = String(s);
      translation = t;
      const key = `${segmentId}\u0000${system}`;
      if (!translations.has(key)) translations.set(key, { segmentId, system, text: t, line });
    }

    const sets: { annotator: string; result: unknown }[] = [];
    for (const a of Array.isArray(task.annotations) ? task.annotations : []) {
      if (!isObject(a) || a.was_cancelled === true) continue;
      const who = annotatorOf(a.completed_by, mapping);
      if (!who) {
        sink.error(line, `${at}: an annotation without completed_by`);
        continue;
      }
      sets.push({ annotator: who, result: a.result });
    }
    for (const p of Array.isArray(task.predictions) ? task.predictions : []) {
      const mv = isObject(p) && typeof p.model_version === "string" ? p.model_version : "";
      // Tropos's own pre-annotation of an annotator who then submitted the task in Label Studio:
      // their annotation (the pre-annotation as they edited it) is their value, not both
      if (mv.startsWith("tropos:") && mv.length > 7) {
        if (!sets.some((x) => x.annotator === mv.slice(7))) sets.push({ annotator: mv.slice(7), result: (p as Record<string, unknown>).result });
      } else otherPredictions++;
    }
    for (const { annotator, result } of sets) {
      if (!plan.annotators.includes(annotator)) plan.annotators.push(annotator);
      // this result's spans by region id, and the per-region choices to give them (any order)
      const spansOf = new Map<string, { field: string; spans: Record<string, AnnotationValue>[] }>();
      const regionChoices: { id: string; field: string; attribute: string; value: string | number; from: string }[] = [];
      for (const region of Array.isArray(result) ? result : []) {
        if (!isObject(region)) continue;
        const from = String(region.from_name ?? "");
        const type = String(region.type ?? "");
        const control = mapping.controls.find((c) => c.from === from);
        if (!control) {
          const u = unmapped.get(`${from}\u0000${type}`) ?? { from, type, regions: 0 };
          u.regions++;
          unmapped.set(`${from}\u0000${type}`, u);
          continue;
        }
        if (control.type !== type) {
          sink.error(line, `${at}: control "${from}" has a ${type} region; the mapping says ${control.type}`, undefined, from);
          continue;
        }
        plan.controls.find((c) => c.from === from)!.regions++;
        const field = scheme.fields.find((f) => f.id === control.field)!;
        const onTranslation = field.scope === "translation" || field.scope === "mrw-translation";
        if (onTranslation && system === undefined) {
          sink.error(line, `${at}: field "${field.id}" is per translation; map task.translation and task.system`, undefined, from);
          continue;
        }
        const v = isObject(region.value) ? region.value : {};
        const rename = (x: unknown): string | number => {
          const s = String(x);
          return control.values?.[s] ?? (typeof x === "number" ? x : s);
        };
        const key = `${annotator}\u0000${segmentId}\u0000${onTranslation ? system : ""}\u0000${field.id}`;
        const put = (value: AnnotationValue) => {
          const old = values.get(key);
          if (old && JSON.stringify(old.value) !== JSON.stringify(value)) {
            sink.error(line, `${at}: ${annotator} gives field "${field.id}" a second value (${JSON.stringify(value)}; ${JSON.stringify(old.value)} on line ${old.line})`, undefined, from);
            return;
          }
          values.set(key, { annotator, segmentId, ...(onTranslation ? { system } : {}), field: field.id, value, line });
        };
        if (type === "choices" && control.attribute !== undefined) {
          const choices = Array.isArray(v.choices) ? v.choices.map(rename) : [];
          if (choices.length !== 1 || (typeof region.id !== "string" && typeof region.id !== "number")) {
            sink.error(line, `${at}: a ${from} choice needs one choice and the id of its labels region (got ${choices.length} choices, id ${JSON.stringify(region.id)})`, undefined, from);
            continue;
          }
          regionChoices.push({ id: String(region.id), field: field.id, attribute: control.attribute, value: choices[0], from });
        } else if (type === "choices") {
          const choices = Array.isArray(v.choices) ? v.choices.map(rename) : [];
          if (field.kind === "multi") put(choices);
          else if (choices.length !== 1) sink.error(line, `${at}: ${choices.length} choices for the single-choice field "${field.id}"`, undefined, from);
          else put(choices[0]);
        } else if (type === "textarea") {
          const t = Array.isArray(v.text) ? v.text.map(String).join("\n") : String(v.text ?? "");
          put(t);
        } else if (type === "rating") {
          put(typeof v.rating === "number" ? v.rating : Number(v.rating));
        } else {
          const on = control.on === "translation" ? translation : text;
          const start = v.start;
          const end = v.end;
          if (typeof start !== "number" || typeof end !== "number" || start < 0 || end > (on ?? "").length || end < start) {
            sink.error(line, `${at}: a ${from} span ${JSON.stringify(start)}–${JSON.stringify(end)} lies outside its text (${(on ?? "").length} characters)`, undefined, from);
            continue;
          }
          if (typeof v.text === "string" && (on ?? "").slice(start, end) !== v.text) sink.warn(line, `${at}: the ${from} span's text ${JSON.stringify(v.text)} is not the text at ${start}–${end}`, undefined, from);
          const old = values.get(key);
          const spans = (old?.value as AnnotationValue[] | undefined) ?? [];
          const labels = Array.isArray(v.labels) ? v.labels : [];
          // a field marking both sides of a translation (MQM) names the side of each span
          const side: Record<string, AnnotationValue> = field.kind === "spans" && field.on && onTranslation ? { on: control.on === "translation" ? "target" : "source" } : {};
          const made: Record<string, AnnotationValue>[] = labels.map((l) => ({ start, end, label: rename(l), ...side }));
          spans.push(...made);
          if (typeof region.id === "string" || typeof region.id === "number") {
            const entry = spansOf.get(String(region.id)) ?? { field: field.id, spans: [] };
            entry.spans.push(...made);
            spansOf.set(String(region.id), entry);
          }
          values.set(key, { annotator, segmentId, ...(onTranslation ? { system } : {}), field: field.id, value: spans, line });
        }
      }
      for (const c of regionChoices) {
        const target = spansOf.get(c.id);
        if (!target || target.field !== c.field) {
          sink.error(line, `${at}: ${annotator}'s ${c.from} choice belongs to region ${JSON.stringify(c.id)}, which is no labelled span of field "${c.field}"`, undefined, c.from);
          continue;
        }
        for (const sp of target.spans) sp.attributes = { ...(sp.attributes as Record<string, AnnotationValue> | undefined), [c.attribute]: c.value };
      }
      // A submitted annotation without a region of a labels control says "nothing to mark here":
      // an empty set of spans, which counts in agreement (every character coded "none"), unlike
      // no value at all (issue 30.3). Cancelled (skipped) annotations were left out above.
      for (const control of mapping.controls) {
        if (control.type !== "labels") continue;
        const field = scheme.fields.find((f) => f.id === control.field)!;
        if (field.kind !== "spans") continue;
        const onTranslation = field.scope === "translation" || field.scope === "mrw-translation";
        if (onTranslation && system === undefined) continue;
        const key = `${annotator}\u0000${segmentId}\u0000${onTranslation ? system : ""}\u0000${field.id}`;
        if (!values.has(key)) values.set(key, { annotator, segmentId, ...(onTranslation ? { system } : {}), field: field.id, value: [], line });
      }
    }
  }
  for (const u of unmapped.values()) {
    plan.unmapped.push(u);
    sink.warn(undefined, `control "${u.from}" (${u.type}) is not in the mapping: its ${u.regions} region${u.regions === 1 ? " is" : "s are"} left out`);
  }
  if (otherPredictions > 0) sink.warn(undefined, `${otherPredictions} prediction${otherPredictions === 1 ? "" : "s"} of models left out (only tropos:<annotator> predictions are annotators' values)`);
  plan.items = segmentText.size;
  const result = emptyImportResult();
  result.documents = [...docs.entries()].map(([doc, segments]) => ({ externalId: doc, title: doc, language: sourceLang, segments }));
  result.translations = [...translations.values()].map((t) => ({ ...t, language: targetLang }));
  result.annotations = [...values.values()];
  return { ...sink.finish(result), plan };
}
