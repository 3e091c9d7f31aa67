"use client";
// A live preview of the workspace as an annotator will see a scheme (Settings → Scheme): every
// field rendered by its kind's component at its scope, `when` conditions applied as the values
// change, required fields marked, guidelines beside. Nothing here is stored.
import { useState } from "react";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { scopeName } from "@/lib/schemes/language/scheme-scope";
import { FieldInput } from "./field-input";
import { PREVIEW_ITEM, previewTokens, type TPreviewMrw } from "./preview-item";

type TContext = { translation?: string; mrw?: TPreviewMrw };
const contextKey = (c: TContext) => `${c.translation ?? "-"}|${c.mrw?.id ?? "-"}`;

export function SchemePreview({ scheme }: { scheme: TSchemeDefinition }) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const keyOf = (f: TSchemeField, c: TContext) => `${f.id}@${contextKey(c)}`;

  /** The value of field `id` seen from context c: the same context, else an enclosing one. */
  const lookup = (id: string, c: TContext): unknown => {
    for (const ctx of [c, { translation: c.translation }, { mrw: c.mrw }, {}]) {
      const v = values[`${id}@${contextKey(ctx)}`];
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const shown = (f: TSchemeField, c: TContext): boolean => {
    if (!f.when) return true;
    if ("item" in f.when) return f.when.in.includes(c.mrw?.metaphorical ?? true);
    const v = lookup(f.when.field, c);
    return Array.isArray(v) ? v.some((x) => f.when!.in.includes(x)) : f.when.in.includes(v as never);
  };

  const render = (fields: TSchemeField[], c: TContext, text: string) =>
    fields
      .filter((f) => shown(f, c))
      .map((f) => {
        const k = keyOf(f, c);
        return (
          <div key={k} className="py-1.5" data-field={f.id}>
            <div className="mb-0.5 flex items-baseline gap-2 text-sm">
              <span className="font-medium text-slate-800">
                {f.label}
                {f.required && <span className="text-rose-600" title="required"> *</span>}
              </span>
              <span className="text-[10px] uppercase tracking-wide text-slate-400">{f.kind}</span>
              {f.description && <span className="text-xs text-slate-500">{f.description}</span>}
            </div>
            <FieldInput field={f} value={values[k]} onChange={(v) => setValues((s) => ({ ...s, [k]: v }))} texts={{ text, tokens: previewTokens(text) }} uid={`pv-${k}`} />
            {f.guidelines && (
              <details className="mt-0.5 text-xs text-slate-600">
                <summary className="cursor-pointer">Guidelines</summary>
                <div className="whitespace-pre-wrap">{f.guidelines}</div>
              </details>
            )}
          </div>
        );
      });

  const at = (scope: string) => scheme.fields.filter((f) => scopeName(f.scope) === scope);
  const item = PREVIEW_ITEM;
  return (
    <div className="space-y-3" data-testid="scheme-preview">
      {/* the task's guidelines first, folded open: the editor leaves the preview half the width */}
      <details open className="rounded border border-slate-200 bg-white p-3 text-sm">
        <summary className="cursor-pointer font-medium">Guidelines: {scheme.name}</summary>
        <div className="mt-1 max-h-64 overflow-y-auto whitespace-pre-wrap text-xs text-slate-700">{scheme.guidelines || "(no guidelines yet)"}</div>
      </details>
      <div className="space-y-3">
        {at("document").length > 0 && (
          <section className="rounded border border-slate-200 bg-white p-3">
            <h4 className="text-xs font-semibold uppercase text-slate-500">Document</h4>
            {render(at("document"), {}, item.source)}
          </section>
        )}
        <section className="rounded border border-slate-200 bg-white p-3">
          <h4 className="text-xs font-semibold uppercase text-slate-500">Source</h4>
          <p className="text-sm">{item.source}</p>
          {render(at("segment"), {}, item.source)}
          {at("mrw").length > 0 &&
            item.mrws.map((m) => (
              <div key={m.id} className="mt-2 border-l-2 border-amber-300 pl-3">
                <div className="text-xs text-slate-500">MRW “{m.token}” ({m.metaphorical ? "metaphorical" : "literal"})</div>
                {render(at("mrw"), { mrw: m }, item.source)}
              </div>
            ))}
        </section>
        {scheme.roles.map((r) => (
          <section key={r.id} className="rounded border border-slate-200 bg-white p-3">
            <h4 className="text-xs font-semibold uppercase text-slate-500">{r.label ?? r.id}</h4>
            <p className="text-sm italic text-slate-600">(the item’s {r.label ?? r.id} text)</p>
            {render(at(`role ${r.id}`), {}, `The item's ${r.label ?? r.id} text goes here.`)}
          </section>
        ))}
        {(at("translation").length > 0 || at("mrw-translation").length > 0) &&
          item.translations.map((t) => (
            <section key={t.id} className="rounded border border-slate-200 bg-white p-3">
              <h4 className="text-xs font-semibold uppercase text-slate-500">{t.label}</h4>
              <p className="text-sm">{t.text}</p>
              {render(at("translation"), { translation: t.id }, t.text)}
              {at("mrw-translation").length > 0 &&
                item.mrws.map((m) => (
                  <div key={m.id} className="mt-2 border-l-2 border-amber-300 pl-3">
                    <div className="text-xs text-slate-500">MRW “{m.token}” ({m.metaphorical ? "metaphorical" : "literal"}) in {t.label}</div>
                    {render(at("mrw-translation"), { translation: t.id, mrw: m }, t.text)}
                  </div>
                ))}
            </section>
          ))}
      </div>
    </div>
  );
}
