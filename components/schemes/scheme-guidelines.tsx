// The guidelines of a scheme as an annotator reads them: the task's Markdown guidelines, and for
// the field being annotated its own guidelines with every option's (or value label's)
// description, example and guidelines. Used by the scheme workspace's panel (`g`) and the preview.
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { optionLabel } from "@/lib/schemes/language/field-keys";
import type { TValueLabel } from "@/lib/schemes/language/scheme-option";
import { Markdown } from "./markdown";

type TEntry = { name: string; key?: string; description?: string; example?: string; guidelines?: string };

function entriesOf(field: TSchemeField): TEntry[] {
  const fromLabels = (labels: Record<string, TValueLabel | undefined>) =>
    Object.entries(labels).flatMap(([v, l]) => (l === undefined ? [] : [typeof l === "string" ? { name: `${v}: ${l}` } : { name: `${v}: ${l.label}`, key: l.key, description: l.description, guidelines: l.guidelines }]));
  const fromOptions = (options: readonly { value: string | number; label?: string; key?: string; description?: string; example?: string; guidelines?: string }[], prefix = "") =>
    options.map((o) => ({ name: `${prefix}${optionLabel(o)}`, key: o.key, description: o.description, example: o.example, guidelines: o.guidelines }));
  switch (field.kind) {
    case "choice":
    case "multi":
      return fromOptions(field.options ?? []);
    case "scale":
    case "boolean":
      return fromLabels(field.labels ?? {});
    case "tags":
      return fromOptions(field.tags);
    case "alignment":
      return field.patterns ? fromOptions(field.patterns) : field.none ? [{ name: field.none.label, key: field.none.key, description: field.none.description }] : [];
    case "spans":
      return [...fromOptions(field.labels), ...field.attributes.flatMap((a) => [{ name: a.label, guidelines: a.guidelines }, ...fromOptions(a.options, `${a.label}: `)])];
    case "vector":
      return field.dimensions.map((d) => ({ name: d.label ?? d.id, key: d.key, description: d.description }));
    default:
      return [];
  }
}

/** `heading: false` where the caller titles the field already (the built-in workspace's panel). */
export function FieldGuidelines({ field, heading = true }: { field: TSchemeField; heading?: boolean }) {
  const entries = entriesOf(field).filter((e) => e.description || e.example || e.guidelines);
  return (
    <div className="space-y-2 text-sm" data-testid="field-guidelines">
      {heading && <h3 className="font-semibold">{field.label}</h3>}
      {field.description && <p className="text-slate-600">{field.description}</p>}
      {field.guidelines && <Markdown text={field.guidelines} />}
      {entries.length > 0 && (
        <dl className="space-y-1.5">
          {entries.map((e) => (
            <div key={e.name}>
              <dt className="font-medium">
                {e.name}
                {e.key && <kbd className="ml-1 rounded border border-slate-300 bg-slate-50 px-1 font-mono text-[10px]">{e.key}</kbd>}
              </dt>
              <dd className="text-slate-700">
                {e.description && <p>{e.description}</p>}
                {e.example && <p className="italic">e.g. {e.example}</p>}
                {e.guidelines && <Markdown text={e.guidelines} />}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {!field.description && !field.guidelines && entries.length === 0 && <p className="text-slate-500">No guidelines of its own.</p>}
    </div>
  );
}

export function SchemeGuidelines({ scheme, field }: { scheme: TSchemeDefinition; field: TSchemeField | null }) {
  return (
    <div className="space-y-3">
      {field && <FieldGuidelines field={field} />}
      <section className="text-sm">
        <h3 className="mb-1 font-semibold">Task guidelines: {scheme.name}</h3>
        {scheme.guidelines ? <Markdown text={scheme.guidelines} className="text-slate-700" /> : <p className="text-slate-500">(no guidelines yet)</p>}
      </section>
    </div>
  );
}
