/**
 * What changing a project's scheme means for what is already stored, and for
 * the people who annotate under it. Pure.
 *
 * - `orphanedValues`: stored values the new scheme would no longer accept (a
 *   removed field, an option removed while in use, a narrowed scale, a changed
 *   kind), each group with a message naming the field, the values and how many
 *   annotations hold them. A lead resolves an orphan by keeping the value valid
 *   or by mapping it: `mapping[field][JSON.stringify(oldValue)] = newValue`.
 * - `describeSchemeChange`: a readable list of what changed, for "guidelines
 *   changed since your last visit".
 *
 * Only values the change makes invalid are orphans: a stored value the old
 * scheme already refused (MetaHOPE's `{"reviewed": true}` mark, whose spans
 * live in their own table) is not this change's doing and does not block it.
 * When the field's kind changes, every value the new kind refuses counts.
 */
import type { TSchemeDefinition } from "./scheme-definition";
import type { TSchemeField, TSpanWeight } from "./scheme-field";
import type { TOption } from "./scheme-option";
import { scopeName } from "./scheme-scope";
import { canonicalValue } from "../canonical-value";
import { showValue, validateSchemeValue } from "./validate-value";

export interface TStoredValueCount {
  field: string;
  value: unknown;
  /** How many annotations hold this value. */
  count: number;
}

/** `mapping[field][JSON.stringify(oldValue)] = newValue`. */
export type TValueMapping = Record<string, Record<string, unknown>>;

export interface TOrphanedValues {
  field: string;
  values: unknown[];
  /** Annotations holding these values. */
  count: number;
  message: string;
}

/** Alternatives of one stored field (same id under exclusive `when`s) all count: a value any of them accepts is valid. */
function fieldsWithId(scheme: TSchemeDefinition | null, id: string): TSchemeField[] {
  return scheme ? scheme.fields.filter((f) => f.id === id) : [];
}

function check(fields: TSchemeField[], value: unknown): { ok: true } | { ok: false; message: string } {
  let first: string | null = null;
  for (const f of fields) {
    // stored values: an imported file's tags are kept as written (an I- after O included)
    const r = validateSchemeValue(f, value, undefined, { withoutItem: true, insideStartsChunk: true });
    if (r.ok) return { ok: true };
    first ??= r.message;
  }
  return { ok: false, message: first ?? "no such field" };
}

/** The mapped value for a stored value, if the mapping has one (by JSON text, or by canonical text for objects whose key order differs). */
export function mappedValue(mapping: TValueMapping | undefined, field: string, value: unknown): { found: true; value: unknown } | { found: false } {
  const m = mapping?.[field];
  if (!m) return { found: false };
  const exact = JSON.stringify(value);
  if (Object.hasOwn(m, exact)) return { found: true, value: m[exact] };
  const canonical = canonicalValue(value);
  for (const [k, v] of Object.entries(m)) {
    try {
      if (canonicalValue(JSON.parse(k)) === canonical) return { found: true, value: v };
    } catch {
      // a key that is not JSON matches nothing
    }
  }
  return { found: false };
}

type TReason = "removed" | "kind" | "option" | "invalid" | "mapping";

interface TGroup {
  field: string;
  reason: TReason;
  entries: { value: unknown; count: number; detail: string }[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const withCounts = (entries: TGroup["entries"]) => entries.map((e) => `${showValue(e.value)} (${e.count})`).join(", ");
/** The message of the first entry without its "field: " prefix. */
const firstDetail = (g: TGroup) => g.entries[0].detail.replace(new RegExp(`^${g.field.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `), "");

function messageOf(g: TGroup, oldFields: TSchemeField[], newFields: TSchemeField[], noun: string): string {
  const count = g.entries.reduce((n, e) => n + e.count, 0);
  const held = `held by ${plural(count, noun)}`;
  const one = g.entries.length === 1;
  const values = one ? showValue(g.entries[0].value) : withCounts(g.entries);
  switch (g.reason) {
    case "removed":
      return `${g.field}: the field is removed, but ${plural(g.entries.length, "value")} ${one ? "is" : "are"} ${held}; keep the field`;
    case "kind":
      return `${g.field}: the kind changes from ${oldFields[0]?.kind ?? "?"} to ${newFields[0].kind}, which refuses ${values}${one ? "," : ""} ${held} (${firstDetail(g)}); map ${one ? "it" : "them"} to new values or keep the kind`;
    case "option":
      return one
        ? `${g.field}: option ${showValue(g.entries[0].value)} is ${held}; map it to another option or keep it`
        : `${g.field}: options ${withCounts(g.entries)} are ${held}; map them to other options or keep them`;
    case "invalid":
      return `${g.field}: ${values} ${one ? "is" : "are"} ${held} but the new field refuses ${one ? "it" : "them"} (${firstDetail(g)}); map ${one ? "it" : "them"} to new values or keep ${one ? "it" : "them"} valid`;
    case "mapping":
      return `${g.field}: ${g.entries.map((e) => `${showValue(e.value)} (${e.count}) is mapped to a value the new field refuses: ${e.detail.replace(`${g.field}: `, "")}`).join("; ")}`;
  }
}

/** A choice value that used to be an option and no longer is: the common case, worth its own wording. */
function isRemovedOption(oldFields: TSchemeField[], newFields: TSchemeField[], value: unknown): boolean {
  const options = (fs: TSchemeField[]) => fs.flatMap((f) => (f.kind === "choice" && f.options ? f.options.map((o) => o.value) : []));
  return newFields.every((f) => f.kind === "choice") && options(oldFields).some((v) => v === value) && !options(newFields).some((v) => v === value);
}

/**
 * Stored values the new scheme would orphan, grouped by field and reason, in
 * the new scheme's field order (removed fields last). Empty when the change is
 * safe. `oldScheme` null: every stored value must be valid under the new one.
 * `opts.noun` names what holds the values in the messages (default
 * "annotation"; "adjudication" for decided values).
 */
export function orphanedValues(
  oldScheme: TSchemeDefinition | null,
  newScheme: TSchemeDefinition,
  stored: readonly TStoredValueCount[],
  mapping?: TValueMapping,
  opts: { noun?: string } = {},
): TOrphanedValues[] {
  const groups = new Map<string, TGroup>();
  const add = (field: string, reason: TReason, value: unknown, count: number, detail: string) => {
    const key = `${field}\u0000${reason}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { field, reason, entries: [] }));
    g.entries.push({ value, count, detail });
  };

  for (const s of stored) {
    if (s.count <= 0) continue;
    const newFields = fieldsWithId(newScheme, s.field);
    const oldFields = fieldsWithId(oldScheme, s.field);
    if (newFields.length === 0) {
      add(s.field, "removed", s.value, s.count, "");
      continue;
    }
    const mapped = mappedValue(mapping, s.field, s.value);
    if (mapped.found) {
      const r = check(newFields, mapped.value);
      if (!r.ok) add(s.field, "mapping", s.value, s.count, r.message);
      continue;
    }
    const r = check(newFields, s.value);
    if (r.ok) continue;
    const kindChanged = oldFields.length > 0 && oldFields[0].kind !== newFields[0].kind;
    if (oldScheme && !kindChanged && !check(oldFields, s.value).ok) continue; // already invalid before this change
    if (kindChanged) add(s.field, "kind", s.value, s.count, r.message);
    else if (isRemovedOption(oldFields, newFields, s.value)) add(s.field, "option", s.value, s.count, r.message);
    else add(s.field, "invalid", s.value, s.count, r.message);
  }

  const order = new Map(newScheme.fields.map((f, i) => [f.id, i] as const));
  const reasons: TReason[] = ["removed", "kind", "option", "invalid", "mapping"];
  return [...groups.values()]
    .sort((a, b) => (order.get(a.field) ?? Infinity) - (order.get(b.field) ?? Infinity) || a.field.localeCompare(b.field) || reasons.indexOf(a.reason) - reasons.indexOf(b.reason))
    .map((g) => ({
      field: g.field,
      values: g.entries.map((e) => e.value),
      count: g.entries.reduce((n, e) => n + e.count, 0),
      message: messageOf(g, fieldsWithId(oldScheme, g.field), fieldsWithId(newScheme, g.field), opts.noun ?? "annotation"),
    }));
}

/**
 * Ids of the fields whose definition differs between the two schemes (removed
 * ones included), ignoring key order: the only fields whose stored values a
 * change can orphan, so the only ones worth counting.
 */
export function changedFieldIds(oldScheme: TSchemeDefinition | null, newScheme: TSchemeDefinition): string[] {
  const ids = new Set([...(oldScheme?.fields ?? []).map((f) => f.id), ...newScheme.fields.map((f) => f.id)]);
  return [...ids].filter((id) => !same(fieldsWithId(oldScheme, id), fieldsWithId(newScheme, id)));
}

// ---------------------------------------------------------------------------
// What changed, for people
// ---------------------------------------------------------------------------

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** JSON with object keys sorted, so key order never counts as a change. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  if (v && typeof v === "object") {
    return `{${Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`)
      .join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

const quote = (s: string) => `"${s}"`;
const optionName = (o: TOption) => (o.label && o.label !== String(o.value) ? `${showValue(o.value)} (${o.label})` : showValue(o.value));

/** Changes within an option list: added, removed, relabelled, definitions and guidelines. */
function describeOptions(where: string, what: string, before: readonly TOption[], after: readonly TOption[]): string[] {
  const out: string[] = [];
  const find = (list: readonly TOption[], v: unknown) => list.find((o) => o.value === v);
  for (const o of after) if (!find(before, o.value)) out.push(`${where}: ${what} ${optionName(o)} added`);
  for (const o of before) if (!find(after, o.value)) out.push(`${where}: ${what} ${optionName(o)} removed`);
  for (const o of after) {
    const b = find(before, o.value);
    if (!b) continue;
    const name = showValue(o.value);
    // the label defaults to the value: writing it out is no change
    const bl = b.label ?? String(b.value);
    const ol = o.label ?? String(o.value);
    if (bl !== ol) out.push(`${where}: ${what} ${name} relabelled ${quote(bl)} → ${quote(ol)}`);
    if ((b.description ?? null) !== (o.description ?? null)) out.push(`${where}: ${what} ${name}: definition changed`);
    if ((b.example ?? null) !== (o.example ?? null)) out.push(`${where}: ${what} ${name}: example changed`);
    if ((b.guidelines ?? null) !== (o.guidelines ?? null)) out.push(`${where}: ${what} ${name}: guidelines changed`);
    if ((b.key ?? null) !== (o.key ?? null)) out.push(`${where}: ${what} ${name}: key ${b.key ?? "none"} → ${o.key ?? "none"}`);
    if ((b.weight ?? null) !== (o.weight ?? null)) out.push(`${where}: ${what} ${name}: weight ${b.weight ?? "none"} → ${o.weight ?? "none"}`);
    const bs = (b as { span?: string }).span;
    const os = (o as { span?: string }).span;
    if (bs !== os) out.push(`${where}: ${what} ${name}: target span ${bs ?? "required"} → ${os ?? "required"}`);
  }
  const order = (l: readonly TOption[]) => l.map((o) => JSON.stringify(o.value)).filter((v) => before.some((x) => JSON.stringify(x.value) === v) && after.some((x) => JSON.stringify(x.value) === v));
  if (!same(order(before), order(after))) out.push(`${where}: ${what}s reordered`);
  return out;
}

const OPTION_LISTS: Partial<Record<string, string>> = { options: "option", labels: "label", tags: "tag", patterns: "pattern" };
const PLAIN_KEYS: Record<string, string> = {
  label: "label",
  description: "description",
  guidelines: "guidelines",
  scope: "scope",
  required: "required",
  level: "measurement level",
  when: "when",
  gold: "gold",
};

function describeField(before: TSchemeField, after: TSchemeField, where: string): string[] {
  if (before.kind !== after.kind) return [`${where}: kind ${before.kind} → ${after.kind}`];
  const out: string[] = [];
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => k !== "id" && k !== "kind");
  for (const k of keys) {
    if (same(b[k], a[k])) continue;
    const listName = OPTION_LISTS[k];
    if (listName && Array.isArray(b[k]) && Array.isArray(a[k])) {
      out.push(...describeOptions(where, listName, b[k] as TOption[], a[k] as TOption[]));
    } else if (k === "label") {
      out.push(`${where}: label ${quote(String(b[k]))} → ${quote(String(a[k]))}`);
    } else if (k === "scope") {
      out.push(`${where}: scope ${scopeName(before.scope)} → ${scopeName(after.scope)}`);
    } else if (k === "required") {
      out.push(`${where}: ${after.required ? "now required" : "no longer required"}`);
    } else if (k === "guidelines" || k === "description") {
      out.push(`${where}: ${PLAIN_KEYS[k]} ${b[k] === undefined ? "added" : a[k] === undefined ? "removed" : "changed"}`);
    } else if ((k === "min" || k === "max" || k === "step") && typeof a[k] === "number") {
      out.push(`${where}: ${k} ${b[k] ?? "none"} → ${a[k]}`);
    } else if (k === "weights" && Array.isArray(b[k]) && Array.isArray(a[k])) {
      // scores change with the weights (MQM), so say exactly how
      out.push(`${where}: weight rules ${weightRules(b[k] as TSpanWeight[])} → ${weightRules(a[k] as TSpanWeight[])}`);
    } else if (k === "attributes" && Array.isArray(b[k]) && Array.isArray(a[k])) {
      out.push(...describeAttributes(where, b[k] as AttributeLike[], a[k] as AttributeLike[]));
    } else {
      out.push(`${where}: ${PLAIN_KEYS[k] ?? k} changed`);
    }
  }
  return out;
}

/** `Non-translation = 25; Fluency/Punctuation (severity Minor) = 0.1`, or "none". */
function weightRules(rules: readonly TSpanWeight[]): string {
  if (rules.length === 0) return "none";
  return rules
    .map((r) => {
      const attrs = Object.entries(r.attributes ?? {}).map(([k, v]) => `${k} ${String(v)}`);
      return `${r.label === undefined ? "any label" : String(r.label)}${attrs.length ? ` (${attrs.join(", ")})` : ""} = ${r.weight}`;
    })
    .join("; ");
}

interface AttributeLike {
  id: string;
  label: string;
  options: TOption[];
}

function describeAttributes(where: string, before: AttributeLike[], after: AttributeLike[]): string[] {
  const out: string[] = [];
  for (const a of after) {
    const b = before.find((x) => x.id === a.id);
    if (!b) out.push(`${where}: attribute ${quote(a.id)} added`);
    else {
      out.push(...describeOptions(`${where}.${a.id}`, "option", b.options, a.options));
      const rest = (x: AttributeLike) => ({ ...x, options: undefined });
      if (!same(rest(b), rest(a))) out.push(`${where}: attribute ${quote(a.id)} changed`);
    }
  }
  for (const b of before) if (!after.some((x) => x.id === b.id)) out.push(`${where}: attribute ${quote(b.id)} removed`);
  return out;
}

const fieldTitle = (f: TSchemeField) => `${quote(f.id)} (${f.label})`;

/**
 * What changed from one scheme to the next, one line per change, for people:
 * task guidelines, fields added and removed, and per field its label, options,
 * ranges, guidelines and the rest. Key order and defaults never count.
 */
export function describeSchemeChange(oldScheme: TSchemeDefinition, newScheme: TSchemeDefinition): string[] {
  const out: string[] = [];
  if (oldScheme.name !== newScheme.name) out.push(`Name ${quote(oldScheme.name)} → ${quote(newScheme.name)}`);
  if ((oldScheme.description ?? null) !== (newScheme.description ?? null)) out.push("Description changed");
  if (oldScheme.guidelines !== newScheme.guidelines) out.push(oldScheme.guidelines === "" ? "Task guidelines added" : newScheme.guidelines === "" ? "Task guidelines removed" : "Task guidelines changed");
  if (!same(oldScheme.roles, newScheme.roles)) out.push("Item roles changed");
  if (!same(oldScheme.analyses, newScheme.analyses)) out.push(`Analyses: ${oldScheme.analyses.join(", ") || "none"} → ${newScheme.analyses.join(", ") || "none"}`);
  const readFirst = (s: TSchemeDefinition) => s.workflow?.readDocumentFirst ?? false;
  if (readFirst(oldScheme) !== readFirst(newScheme)) out.push(readFirst(newScheme) ? "Each document must now be read before its sentences open" : "Documents no longer have to be read before their sentences open");

  const ids = (s: TSchemeDefinition) => [...new Set(s.fields.map((f) => f.id))];
  const oldIds = ids(oldScheme);
  const newIds = ids(newScheme);
  for (const id of newIds) if (!oldIds.includes(id)) out.push(`New field ${fieldTitle(newScheme.fields.find((f) => f.id === id)!)}`);
  for (const id of oldIds) if (!newIds.includes(id)) out.push(`Field ${fieldTitle(oldScheme.fields.find((f) => f.id === id)!)} removed`);
  for (const id of newIds) {
    if (!oldIds.includes(id)) continue;
    const before = oldScheme.fields.filter((f) => f.id === id);
    const after = newScheme.fields.filter((f) => f.id === id);
    if (before.length !== after.length) {
      out.push(`${id}: ${plural(before.length, "alternative")} → ${after.length}`);
      continue;
    }
    for (const [i, a] of after.entries()) out.push(...describeField(before[i], a, after.length > 1 ? `${id} (alternative ${i + 1})` : id));
  }
  const common = (list: string[], other: string[]) => list.filter((id) => other.includes(id));
  if (!same(common(oldIds, newIds), common(newIds, oldIds))) out.push("Fields reordered");
  return out;
}
