"use client";
// The final value of one unit: pick an annotator's value or enter one, write a rationale, save
// (Ctrl+Enter). Saves with the version the adjudicator saw; a 409 shows the other decision.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { EMOTION_LABELS, EQUIVALENCE_LITERAL_LABELS, EQUIVALENCE_METAPHORICAL_LABELS, LIKERT_VALUES } from "@/lib/schemes/mmte";
import { canonicalValue } from "@/lib/schemes/canonical-value";
import { formatValue } from "@/components/adjudication/format-value";
import type { TItemUnit, TItemAnnotator } from "@/components/adjudication/item-types";

function optionsFor(field: string, metaphorical: boolean): (string | number)[] | null {
  if (["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "AUTHENTICITY"].includes(field)) return [...LIKERT_VALUES];
  if (field === "EQUIVALENCE") return metaphorical ? [...EQUIVALENCE_METAPHORICAL_LABELS] : [...EQUIVALENCE_LITERAL_LABELS];
  if (field === "EMOTION") return [...EMOTION_LABELS];
  return null;
}

export function DecisionEditor({ slug, unit, annotators, label, mrwMetaphorical, showNames }: { slug: string; unit: TItemUnit; annotators: TItemAnnotator[]; label: string; mrwMetaphorical: boolean; showNames: boolean }) {
  const router = useRouter();
  const initial = unit.decision ? unit.decision.value : null;
  const [value, setValue] = useState<unknown>(initial);
  const [rationale, setRationale] = useState(unit.decision && !unit.decision.automatic ? unit.decision.rationale : "");
  const [status, setStatus] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const options = optionsFor(unit.field, mrwMetaphorical);
  const penalty = unit.field.startsWith("METAHOPE_");
  const id = `d-${unit.translationId}-${unit.mrwId ?? "s"}-${unit.field}`;
  const nameOf = (annotatorId: string) => {
    const a = annotators.find((x) => x.id === annotatorId);
    return a ? (showNames ? a.email : `Annotator ${a.number}`) : "?";
  };

  async function save() {
    if (value === null || value === undefined || value === "") return setStatus({ kind: "error", text: "Choose or enter a final value first." });
    setSaving(true);
    setStatus(null);
    const res = await fetch(`/api/projects/${slug}/adjudication/decisions`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ segmentId: unit.segmentId, translationId: unit.translationId, mrwId: unit.mrwId, field: unit.field, value, rationale, baseVersion: unit.decision?.version ?? 0 }),
    });
    setSaving(false);
    const body = await res.json().catch(() => ({}));
    if (res.status === 409) {
      const cur = body?.error?.detail?.current;
      return setStatus({ kind: "error", text: `Someone saved ${cur ? formatValue(cur.value) : "a decision"} meanwhile (version ${cur?.version ?? "?"}). Reload to see it, then save again.` });
    }
    if (!res.ok) return setStatus({ kind: "error", text: body?.error?.message ?? `The server answered ${res.status}.` });
    setStatus({ kind: "ok", text: `Saved (version ${body.version}).` });
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-1" data-testid={`decision-${unit.field}`}>
      <div className="flex flex-wrap items-center gap-1">
        {unit.values.map((v) => (
          <button
            key={v.annotatorId}
            type="button"
            onClick={() => setValue(v.value)}
            className={`rounded border px-1.5 py-0.5 text-xs ${value !== null && canonicalValue(value) === canonicalValue(v.value) ? "border-indigo-600 bg-indigo-50" : "border-slate-300"}`}
            title={`Use ${nameOf(v.annotatorId)}'s value`}
          >
            Use {nameOf(v.annotatorId)}: {formatValue(v.value)}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-v`} className="text-xs text-slate-600">Final {label}</label>
        {options ? (
          <select id={`${id}-v`} value={value === null ? "" : String(value)} onChange={(e) => setValue(typeof options[0] === "number" ? Number(e.target.value) : e.target.value)} className="rounded border border-slate-300 px-1 py-0.5 text-sm">
            <option value="">–</option>
            {options.map((o) => <option key={o} value={o}>{o}</option>)}
          </select>
        ) : penalty ? (
          <input id={`${id}-v`} type="number" min={0} step={2} value={typeof value === "number" ? value : ""} onChange={(e) => setValue(e.target.value === "" ? null : Number(e.target.value))} className="w-20 rounded border border-slate-300 px-1 py-0.5 text-sm" />
        ) : (
          <output id={`${id}-v`} className="font-mono text-xs">{formatValue(value)}</output>
        )}
      </div>
      <label htmlFor={`${id}-r`} className="sr-only">Rationale for {label}</label>
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
        className="w-full rounded border border-slate-300 px-1 py-0.5 text-sm"
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
