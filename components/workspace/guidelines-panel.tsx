"use client";
// Guidelines for what the annotator is looking at (`g`), read from the project's scheme in force
// (the stored preset the server sends with the item), no longer from the TypeScript constants of
// lib/schemes/mmte.ts and metahope.ts: the focused field's Markdown guidelines and every value's
// definition, example and guidelines (Equivalence the alternative of the MRW's source: five labels
// for a metaphorical one, three for a literal one; an error span the categories and severities),
// then the task's guidelines. The same renderer as the scheme workspace's panel
// (components/schemes/scheme-guidelines.tsx), so an edited guideline reaches both runtimes.
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { fieldFor } from "@/lib/workspace/built-in-fields";
import { FieldGuidelines } from "@/components/schemes/scheme-guidelines";
import { Markdown } from "@/components/schemes/markdown";

export function GuidelinesPanel(p: { definition: TSchemeDefinition; field: string | "ERROR_SPAN" | null; mrwMetaphorical: boolean; onClose: () => void }) {
  const field = p.field === "ERROR_SPAN" ? p.definition.fields.find((f) => f.kind === "spans") : p.field ? fieldFor(p.definition, p.field, p.mrwMetaphorical) : undefined;
  // a field shown in alternatives by the source's metaphoricity says which one this is
  const byItem = field ? p.definition.fields.filter((f) => f.id === field.id).length > 1 : false;
  const title = field ? `${field.label}${byItem ? ` (${p.mrwMetaphorical ? "metaphorical" : "literal"} source)` : ""}` : "Guidelines";
  return (
    // Docked beside the item (the workspace lays it out in its row), sticky below the action bar:
    // it never covers Submit, unlike the fixed overlay it was (issue 13, point 8).
    <aside aria-label="Guidelines" className="sticky top-14 mt-3 max-h-[calc(100vh-4.5rem)] w-full shrink-0 overflow-y-auto rounded-lg border border-slate-300 bg-white p-4 shadow lg:mt-0 lg:w-[24rem]">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-lg font-semibold" data-testid="guidelines-title">{title}</h2>
        <button type="button" onClick={p.onClose} className="rounded border px-2 py-0.5 text-sm" aria-label="Close guidelines">
          Close (g)
        </button>
      </div>
      {field ? <FieldGuidelines field={field} heading={false} /> : <p className="text-sm">Focus a field to see its definitions.</p>}
      {p.definition.guidelines && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold">Task guidelines: {p.definition.name}</summary>
          <Markdown text={p.definition.guidelines} className="mt-1 text-slate-700" />
        </details>
      )}
    </aside>
  );
}
