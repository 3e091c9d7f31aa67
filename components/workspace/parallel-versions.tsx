"use client";
// The item's versions in other languages, beside the item (issue 16 point 3): Meta4XNLI's EN and
// ES sentences and pairs are sentence-parallel (no word alignment), so each version is shown whole
// — premise above hypothesis for a pair — with the annotator's OWN tags there underlined as in the
// tags field, and a link (key `l`) to annotate it when it is in their queue.
import Link from "next/link";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import type { TParallelVersion } from "@/lib/workspace/scheme-item-types";
import { whitespaceTokens } from "@/lib/workspace/scheme-tokens";
import { gapTagClass, tokenTagClass } from "@/components/schemes/fields/tag-marks";
import { TagLegend } from "@/components/schemes/fields/tag-legend";

type TTagsField = Extract<TSchemeField, { kind: "tags" }>;

const STATUS: Record<string, string> = { TODO: "to do", IN_PROGRESS: "in progress", DONE: "done", SKIPPED: "skipped" };

/** A text with one tags value drawn as underlines (read-only). */
function TaggedText({ text, language, field, tags }: { text: string; language: string; field: TTagsField | null; tags: unknown[] | null }) {
  const tokens = whitespaceTokens(text);
  const ok = field && tags && tags.length === tokens.length ? tags : null;
  const out: React.ReactNode[] = [];
  let pos = 0;
  tokens.forEach((t, i) => {
    if (t.start > pos) out.push(<span key={`g${i}`} className={ok ? gapTagClass(field!, ok, i) || undefined : undefined}>{text.slice(pos, t.start)}</span>);
    const tag = ok && ok[i] !== "O" && ok[i] !== null ? String(ok[i]) : null;
    out.push(<span key={i} data-tag={tag ?? undefined} title={tag ?? undefined} className={tag ? tokenTagClass(field!, tag) : undefined}>{t.text}</span>);
    pos = t.end;
  });
  if (pos < text.length) out.push(<span key="tail">{text.slice(pos)}</span>);
  return <p lang={language} className="leading-relaxed">{out}</p>;
}

export function ParallelVersions({ slug, definition, versions }: { slug: string; definition: TSchemeDefinition; versions: readonly TParallelVersion[] }) {
  const tagsField = (definition.fields.find((f) => f.kind === "tags" && f.scope === "segment") as TTagsField | undefined) ?? null;
  return (
    <div className="space-y-3" data-testid="parallel-versions">
      {versions.map((v, n) => {
        const own = tagsField ? v.values.find((x) => x.field === tagsField.id && x.itemKey === "-:-")?.value : undefined;
        const tags = Array.isArray(own) ? own : null;
        const roles = definition.roles.filter((r) => v.texts[r.id] !== undefined);
        const sourceIsRole = roles.find((r) => v.texts[r.id] === v.text);
        return (
          <section key={v.id} aria-label={`${v.language.toUpperCase()} version`} data-testid={`parallel-${v.language}`} className="rounded border border-slate-200 bg-slate-50 p-3">
            <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
              <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {v.language.toUpperCase()} version <span className="font-normal normal-case">(sentence-parallel, no word alignment)</span>
              </h4>
              {v.status ? (
                <Link href={`/projects/${slug}/items/${v.id}`} className="text-xs text-indigo-700 underline" data-testid="open-parallel">
                  {STATUS[v.status]} · open it{n === 0 ? " (l)" : ""}
                </Link>
              ) : (
                <span className="text-xs text-slate-400">not in your queue</span>
              )}
            </div>
            {!sourceIsRole && <TaggedText text={v.text} language={v.language} field={tagsField} tags={tags} />}
            {roles.map((r) => (
              <div key={r.id} className="mt-1">
                <div className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{r.label ?? r.id}</div>
                {r === sourceIsRole ? <TaggedText text={v.text} language={v.language} field={tagsField} tags={tags} /> : <p lang={v.language} className="leading-relaxed">{v.texts[r.id]}</p>}
              </div>
            ))}
            {tags && tagsField && <TagLegend field={tagsField} />}
          </section>
        );
      })}
    </div>
  );
}
