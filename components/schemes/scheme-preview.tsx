"use client";
// A live preview of the workspace as an annotator will see a scheme (Settings → Scheme): the
// shared item form (scheme-item-form.tsx, as the scheme runtime's workspace renders it) on a
// sample item, `when` conditions applied as the values change (the workspace's own rule,
// lib/schemes/language/scheme-completeness.ts), required fields marked, guidelines beside.
// Nothing here is stored.
import { useMemo, useState } from "react";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { shownSlots } from "@/lib/schemes/language/scheme-completeness";
import type { TSelection } from "@/lib/workspace/scheme-field-edits";
import { previewItem } from "./preview-item";
import { SchemeItemForm } from "./scheme-item-form";
import { Markdown } from "./markdown";

export function SchemePreview({ scheme }: { scheme: TSchemeDefinition }) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [active, setActive] = useState<string | null>(null);
  const [selection, setSelection] = useState<TSelection | null>(null);
  const [activeSpan, setActiveSpan] = useState<number | null>(null);
  const item = useMemo(() => previewItem(scheme), [scheme]);
  const completeness = useMemo(() => ({ ...item, roles: Object.keys(item.texts) }), [item]);
  const slots = useMemo(() => shownSlots(scheme, completeness, values), [scheme, completeness, values]);
  const activate = (k: string) => {
    if (k === active) return;
    setActive(k);
    setSelection(null);
    setActiveSpan(null);
  };
  return (
    <div className="space-y-3" data-testid="scheme-preview">
      {/* the task's guidelines first, folded open: the editor leaves the preview half the width */}
      <details open className="rounded border border-slate-200 bg-white p-3 text-sm">
        <summary className="cursor-pointer font-medium">Guidelines: {scheme.name}</summary>
        <div className="mt-1 max-h-64 overflow-y-auto text-xs text-slate-700">{scheme.guidelines ? <Markdown text={scheme.guidelines} /> : "(no guidelines yet)"}</div>
      </details>
      <SchemeItemForm
        definition={scheme}
        item={item}
        slots={slots}
        values={values}
        onChange={(slot, v) => setValues((s) => ({ ...s, [slot.valueKey]: v }))}
        active={active}
        onActivate={activate}
        selection={selection}
        onSelect={(_, s) => setSelection(s)}
        activeSpan={activeSpan}
        onActiveSpan={(_, i) => setActiveSpan(i)}
        idPrefix="pv"
      />
    </div>
  );
}
