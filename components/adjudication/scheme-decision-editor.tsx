"use client";
// The final value of one unit of a project that runs its own scheme: use an annotator's value or
// enter one with an input that fits the field's kind (options, a scale's values, yes/no, a number,
// text; token by token for tags, tags-decision-grid.tsx; JSON for other structured kinds), write a
// rationale, save (Ctrl+Enter). The server checks the
// value against the scheme (400 naming the field) and the version (409 with the other decision).
import { useState } from "react";
import { raterLabel } from "@/lib/import/imported-annotator";
import { useRouter } from "next/navigation";
import { canonicalValue } from "@/lib/schemes/canonical-value";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { formatSchemeValue, type TFormatContext } from "@/lib/adjudication/format-scheme-value";
import type { TSchemeAdjudicationPageData } from "@/lib/db/adjudication/scheme-decisions";
import { whitespaceTokens } from "@/lib/workspace/scheme-tokens";
import { TagsDecisionGrid } from "./tags-decision-grid";
import { SpansDecisionList } from "./spans-decision-list";
import { AlignmentDecision } from "./alignment-decision";

type TUnit = TSchemeAdjudicationPageData["units"][number];
type TAnnotator = TSchemeAdjudicationPageData["annotators"][number];

const control = "rounded border border-slate-300 px-1 py-0.5 text-sm";

/** The values a closed input offers: options, or a scale's values when there are few enough to list. */
function choicesOf(field: TSchemeField, lists: Record<string, unknown>): { value: unknown; label: string }[] | null {
  if (field.kind === "choice") {
    if (field.options) return field.options.map((o) => ({ value: o.value, label: o.label ?? String(o.value) }));
    const fromItem = lists[field.optionsFrom ?? ""];
    return Array.isArray(fromItem) ? fromItem.map((v) => ({ value: v, label: String(v) })) : null;
  }
  if (field.kind === "boolean") return [{ value: true, label: "yes" }, { value: false, label: "no" }];
  if (field.kind === "scale") {
    const n = Math.round((field.max - field.min) / field.step) + 1;
    if (n > 101) return null;
    return Array.from({ length: n }, (_, i) => {
      const v = Number((field.min + i * field.step).toFixed(10));
      return { value: v, label: formatSchemeValue(field, v) };
    });
  }
  return null;
}

const isPlain = (field: TSchemeField) => field.kind === "text" || field.kind === "edit" || field.kind === "number" || (field.kind === "scale" && (field.max - field.min) / field.step > 100);

/**
 * `outputs`: texts a gold edit field's decision can start from besides the annotators' post-edits
 * (the segment's system outputs), as the built-in gold editor offers.
 */
export function SchemeDecisionEditor({ slug, unit, field, annotators, showNames, lists, format, outputs }: {
  slug: string;
  outputs?: { label: string; text: string }[];
  unit: TUnit;
  field: TSchemeField;
  annotators: TAnnotator[];
  showNames: boolean;
  lists: Record<string, unknown>;
  format: TFormatContext;
}) {
  const router = useRouter();
  const [value, setValue] = useState<unknown>(unit.decision ? unit.decision.value : null);
  const [draft, setDraft] = useState<string>(unit.decision ? JSON.stringify(unit.decision.value) : "");
  const [rationale, setRationale] = useState(unit.decision && !unit.decision.automatic ? unit.decision.rationale : "");
  const [status, setStatus] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const choices = choicesOf(field, lists);
  const id = `sd-${unit.segmentId}-${unit.itemKey}-${unit.field}`.replace(/[^\w-]/g, "_");
  const nameOf = (annotatorId: string) => {
    const a = annotators.find((x) => x.id === annotatorId);
    return a ? (showNames ? raterLabel(a.email) : `Annotator ${a.number}`) : "?";
  };
  const numberOf = (annotatorId: string) => annotators.find((x) => x.id === annotatorId)?.number ?? Number.MAX_SAFE_INTEGER;
  const use = (v: unknown) => {
    setValue(v);
    setDraft(JSON.stringify(v));
  };

  // tags: the tokens the value counts (the item's list, or the unit's text split on whitespace)
  const tagTokens =
    field.kind === "tags" ? (field.tokens === "item" && Array.isArray(lists.tokens) ? lists.tokens.map(String) : whitespaceTokens(format.text ?? "").map((t) => t.text)) : null;

  async function save() {
    let final = value;
    if (!choices && !isPlain(field) && field.kind !== "tags") {
      try {
        final = draft.trim() === "" ? null : JSON.parse(draft);
      } catch {
        return setStatus({ kind: "error", text: `${field.id}: the value is not valid JSON.` });
      }
    }
    if (final === null || final === undefined || final === "") return setStatus({ kind: "error", text: "Choose or enter a final value first." });
    setSaving(true);
    setStatus(null);
    const res = await fetch(`/api/projects/${slug}/adjudication/decisions`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ segmentId: unit.segmentId, translationId: unit.translationId, mrwId: unit.mrwId, role: unit.role, field: unit.field, value: final, rationale, baseVersion: unit.decision?.version ?? 0 }),
    });
    setSaving(false);
    const body = await res.json().catch(() => ({}));
    if (res.status === 409) {
      const cur = body?.error?.detail?.current;
      return setStatus({ kind: "error", text: `Someone saved ${cur ? formatSchemeValue(field, cur.value, format) : "a decision"} meanwhile (version ${cur?.version ?? "?"}). Reload to see it, then save again.` });
    }
    if (!res.ok) return setStatus({ kind: "error", text: body?.error?.message ?? `The server answered ${res.status}.` });
    setStatus({ kind: "ok", text: `Saved (version ${body.version}).` });
    router.refresh();
  }

  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid={`scheme-decision-${unit.field}`}>
      <div className="flex flex-wrap items-center gap-1">
        {unit.values.map((v) => (
          <button
            key={v.annotatorId}
            type="button"
            onClick={() => use(v.value)}
            className={`rounded border px-1.5 py-0.5 text-left text-xs ${value !== null && canonicalValue(value) === canonicalValue(v.value) ? "border-indigo-600 bg-indigo-50" : "border-slate-300"}`}
            title={`Use ${nameOf(v.annotatorId)}'s value`}
          >
            Use {nameOf(v.annotatorId)}: {formatSchemeValue(field, v.value, format)}
          </button>
        ))}
        {outputs?.map((o) => (
          <button key={o.label} type="button" onClick={() => use(o.text)} className={`rounded border px-1.5 py-0.5 text-left text-xs ${value === o.text ? "border-indigo-600 bg-indigo-50" : "border-slate-300"}`} title={`Start from the ${o.label}`}>
            Use {o.label}: {o.text}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-v`} className="text-xs text-slate-600">Final {field.label}</label>
        {choices ? (
          <select
            id={`${id}-v`}
            value={value === null ? "" : JSON.stringify(value)}
            onChange={(e) => (e.target.value === "" ? setValue(null) : use(JSON.parse(e.target.value)))}
            className={control}
          >
            <option value="">–</option>
            {choices.map((c) => <option key={JSON.stringify(c.value)} value={JSON.stringify(c.value)}>{c.label}</option>)}
          </select>
        ) : field.kind === "number" || field.kind === "scale" ? (
          <input id={`${id}-v`} type="number" value={typeof value === "number" ? value : ""} onChange={(e) => setValue(e.target.value === "" ? null : Number(e.target.value))} className={`${control} w-28`} />
        ) : field.kind === "tags" && tagTokens ? (
          <TagsDecisionGrid field={field} tokens={tagTokens} values={[...unit.values].sort((a, b) => numberOf(a.annotatorId) - numberOf(b.annotatorId))} who={nameOf} corpus={Array.isArray(lists.tags) && !unit.role ? lists.tags : null} value={value} onChange={use} />
        ) : field.kind === "alignment" ? (
          <AlignmentDecision field={field} values={[...unit.values].sort((a, b) => numberOf(a.annotatorId) - numberOf(b.annotatorId))} value={value} text={format.text ?? null} who={nameOf} onChange={use} />
        ) : field.kind === "spans" ? (
          <SpansDecisionList field={field} values={[...unit.values].sort((a, b) => numberOf(a.annotatorId) - numberOf(b.annotatorId))} value={value} text={format.text ?? null} source={format.source ?? null} who={nameOf} onChange={use} />
        ) : field.kind === "text" || field.kind === "edit" ? (
          <textarea id={`${id}-v`} rows={2} value={typeof value === "string" ? value : ""} onChange={(e) => setValue(e.target.value)} className={`${control} w-full`} />
        ) : (
          <span className="flex w-full flex-col gap-1">
            <textarea id={`${id}-v`} rows={2} value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="JSON, as the annotators' values are stored" className={`${control} w-full font-mono text-xs`} />
            {(() => {
              try {
                return draft.trim() ? <output className="text-xs text-slate-600">{formatSchemeValue(field, JSON.parse(draft), format)}</output> : null;
              } catch {
                return <output className="text-xs text-amber-700">not valid JSON yet</output>;
              }
            })()}
          </span>
        )}
      </div>
      <label htmlFor={`${id}-r`} className="sr-only">Rationale for {field.label}</label>
      <textarea
        id={`${id}-r`}
        rows={1}
        value={rationale}
        placeholder="Rationale (Ctrl+Enter saves)"
        onChange={(e) => setRationale(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void save();
          }
        }}
        className={`${control} w-full`}
      />
      <div className="flex items-center gap-2">
        <button type="button" onClick={() => void save()} disabled={saving} className="rounded bg-indigo-600 px-2 py-0.5 text-xs font-medium text-white disabled:opacity-50">
          {unit.decision ? "Revise decision" : "Save decision"}
        </button>
        {status && <span role="status" className={status.kind === "ok" ? "text-xs text-emerald-700" : "text-xs text-red-700"}>{status.text}</span>}
      </div>
    </div>
  );
}
