/**
 * The guideline texts of a scheme, each named by where an annotator finds it, and the ones that
 * differ between two versions: what "the guidelines changed since your last visit" shows (issue 14
 * point 3), word by word, beside the summary of lib/schemes/language/scheme-change.ts. Pure.
 *
 * Texts are keyed by a stable path (field id, option value), not by position, so a reordered
 * field list is no text change; they are shown under the newer version's labels.
 */
import type { TSchemeDefinition } from "./scheme-definition";
import type { TSchemeField } from "./scheme-field";
import type { TOption, TValueLabel } from "./scheme-option";

export interface TGuidelinesText {
  /** stable identity across versions */
  key: string;
  /** where the annotator finds it: "Task guidelines", "Figurative meaning › literalised: description" */
  where: string;
  text: string;
}

export interface TGuidelinesTextChange {
  key: string;
  where: string;
  before: string;
  after: string;
}

const optionLabel = (o: TOption) => o.label ?? String(o.value);

function optionTexts(prefix: string, title: string, options: readonly TOption[] | undefined): TGuidelinesText[] {
  const out: TGuidelinesText[] = [];
  for (const o of options ?? []) {
    const k = `${prefix}/${JSON.stringify(o.value)}`;
    const w = `${title} › ${optionLabel(o)}`;
    if (o.description) out.push({ key: `${k}#description`, where: `${w}: description`, text: o.description });
    if (o.example) out.push({ key: `${k}#example`, where: `${w}: example`, text: o.example });
    if (o.guidelines) out.push({ key: `${k}#guidelines`, where: `${w}: guidelines`, text: o.guidelines });
  }
  return out;
}

function labelTexts(prefix: string, title: string, labels: Record<string, TValueLabel> | undefined): TGuidelinesText[] {
  const out: TGuidelinesText[] = [];
  for (const [v, l] of Object.entries(labels ?? {})) {
    const k = `${prefix}/label:${v}`;
    const name = typeof l === "string" ? l : l.label;
    out.push({ key: `${k}#label`, where: `${title} › ${v}: label`, text: name });
    if (typeof l !== "string" && l.description) out.push({ key: `${k}#description`, where: `${title} › ${v} (${name}): description`, text: l.description });
    if (typeof l !== "string" && l.guidelines) out.push({ key: `${k}#guidelines`, where: `${title} › ${v} (${name}): guidelines`, text: l.guidelines });
  }
  return out;
}

function fieldTexts(f: TSchemeField, alternative: number): TGuidelinesText[] {
  const prefix = `field:${f.id}${alternative > 0 ? `#${alternative}` : ""}`;
  const title = f.label;
  const out: TGuidelinesText[] = [];
  if (f.description) out.push({ key: `${prefix}#description`, where: `${title}: description`, text: f.description });
  if (f.guidelines) out.push({ key: `${prefix}#guidelines`, where: `${title}: guidelines`, text: f.guidelines });
  switch (f.kind) {
    case "choice":
    case "multi":
      out.push(...optionTexts(prefix, title, f.options));
      break;
    case "spans":
      out.push(...optionTexts(prefix, title, f.labels));
      for (const a of f.attributes) {
        if (a.guidelines) out.push({ key: `${prefix}/attr:${a.id}#guidelines`, where: `${title} › ${a.label}: guidelines`, text: a.guidelines });
        out.push(...optionTexts(`${prefix}/attr:${a.id}`, `${title} › ${a.label}`, a.options));
      }
      break;
    case "tags":
      out.push(...optionTexts(prefix, title, f.tags));
      break;
    case "alignment":
      out.push(...optionTexts(prefix, title, f.patterns));
      break;
    case "scale":
      out.push(...labelTexts(prefix, title, f.labels));
      break;
    default:
      break;
  }
  return out;
}

/** Every guideline text of a scheme, in display order. */
export function guidelinesTexts(scheme: TSchemeDefinition): TGuidelinesText[] {
  const out: TGuidelinesText[] = [];
  if (scheme.guidelines) out.push({ key: "task", where: "Task guidelines", text: scheme.guidelines });
  const seen = new Map<string, number>();
  for (const f of scheme.fields) {
    const n = seen.get(f.id) ?? 0;
    seen.set(f.id, n + 1);
    out.push(...fieldTexts(f, n));
  }
  return out;
}

/** The texts added, removed or edited from `before` to `after` (an added text has before "", a removed one after ""). */
export function guidelinesTextChanges(before: TSchemeDefinition, after: TSchemeDefinition): TGuidelinesTextChange[] {
  const old = new Map(guidelinesTexts(before).map((t) => [t.key, t]));
  const out: TGuidelinesTextChange[] = [];
  for (const t of guidelinesTexts(after)) {
    const o = old.get(t.key);
    old.delete(t.key);
    if (!o || o.text !== t.text) out.push({ key: t.key, where: t.where, before: o?.text ?? "", after: t.text });
  }
  for (const o of old.values()) out.push({ key: o.key, where: o.where, before: o.text, after: "" });
  return out;
}
