"use client";
// One item of a project that runs its own scheme, for the adjudicator: the source, its texts by
// role and its translations (of one target language in a study over several: a link switches);
// then, per field of the scheme (in scheme order) and per unit (the document, the segment, each translation, MRW or role text), every annotator's value formatted
// by the field's kind, the decision and its editor; then the decision history. Identities are
// hidden ("Annotator 1, 2, …") until shown; unanimous units are folded away until asked for.
import { useState } from "react";
import { raterLabel } from "@/lib/import/imported-annotator";
import Link from "next/link";
import type { TSchemeAdjudicationPageData } from "@/lib/db/adjudication/scheme-decisions";
import type { TFormatContext } from "@/lib/adjudication/format-scheme-value";
import { formatSchemeValue } from "@/lib/adjudication/format-scheme-value";
import { scopeName } from "@/lib/schemes/language/scheme-scope";
import { SchemeDecisionEditor } from "@/components/adjudication/scheme-decision-editor";
import { Markdown } from "@/components/schemes/markdown";
import { AnnotatorTendencyPanel } from "@/components/adjudication/annotator-tendency-panel";
import type { TAnnotatorTendency } from "@/lib/adjudication/annotator-tendency";

type TUnit = TSchemeAdjudicationPageData["units"][number];

export function SchemeItemView({ slug, data, tendency = [] }: { slug: string; data: TSchemeAdjudicationPageData; tendency?: readonly TAnnotatorTendency[] }) {
  const [showNames, setShowNames] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const { segment, units, annotators, scheme, history, gold } = data;
  // gold edit fields: their decision is the segment's gold reference (lib/adjudication/gold-fields.ts)
  const goldKind = new Map(gold.fields.map((g) => [g.field, g.kind]));
  const translation = new Map(segment.translations.map((t) => [t.id, t]));
  const mrw = new Map(segment.mrws.map((m) => [m.id, m]));
  const who = (id: string) => {
    const a = annotators.find((x) => x.id === id);
    return a ? (showNames ? raterLabel(a.email) : `Annotator ${a.number}`) : "Annotator ?";
  };
  const unitName = (u: TUnit) => {
    if (u.itemKey === "document") return "Document";
    if (u.role) return `${u.role} text`;
    const t = u.translationId ? translation.get(u.translationId)?.system.name : null;
    const m = u.mrwId ? `MRW “${mrw.get(u.mrwId)?.token ?? "?"}”` : null;
    return [t, m].filter(Boolean).join(" × ") || "Segment";
  };
  // the text a unit's spans point into: the translation's, the role text, or the source
  const formatOf = (u: TUnit): TFormatContext => ({
    text: u.translationId ? (translation.get(u.translationId)?.text ?? null) : u.role ? (segment.texts[u.role] ?? null) : segment.text,
    tokens: Array.isArray(segment.lists.tokens) ? segment.lists.tokens : null,
    source: segment.text,
  });
  // a gold field's unit nobody post-edited is open to write, not a disagreement
  const open = units.filter((u) => !u.unanimous && u.values.length > 0).length;

  return (
    <div className="space-y-5" data-testid="adjudication-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <Link href={`/projects/${slug}/adjudication`} className="text-sm text-indigo-700 underline">← Queue</Link>
          <h2 className="text-lg font-medium">Segment {segment.externalId} <span className="text-sm font-normal text-slate-500">{segment.document.title ?? segment.document.externalId}</span></h2>
          <p className="text-sm text-slate-600">{scheme.name} (version {scheme.version}) · {open} disagreement{open === 1 ? "" : "s"} · {units.length - open} unanimous or single</p>
          {/* a study over several target languages is adjudicated one language pair at a time */}
          {data.languages.length > 1 && (
            <nav aria-label="Language pair" className="mt-1 flex flex-wrap items-center gap-2 text-sm" data-testid="adjudication-languages">
              <span className="text-xs text-slate-600">Translations into</span>
              {data.languages.map((l) => (
                <Link key={l} href={`/projects/${slug}/adjudication/${segment.id}?language=${encodeURIComponent(l)}`} aria-current={l === data.language ? "page" : undefined}
                  className={`rounded-full border px-3 py-0.5 ${l === data.language ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-indigo-400"}`}>
                  {l}
                </Link>
              ))}
            </nav>
          )}
        </div>
        <div className="flex gap-4 text-sm">
          <label className="inline-flex items-center gap-1"><input type="checkbox" checked={showNames} onChange={(e) => setShowNames(e.target.checked)} /> Show annotator identities</label>
          <label className="inline-flex items-center gap-1"><input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} /> Show unanimous units</label>
        </div>
      </div>

      <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" aria-label="Item">
        <p lang={segment.language} className="text-base">{segment.text}</p>
        {Object.entries(segment.texts).map(([role, text]) => (
          <p key={role} className="text-sm"><span className="mr-2 text-xs font-medium uppercase text-slate-500">{role}</span>{text}</p>
        ))}
        {segment.translations.length > 0 && (
          <ul className="space-y-1 border-t border-slate-100 pt-2 text-sm">
            {segment.translations.map((t) => (
              <li key={t.id}><span className="mr-2 font-mono text-xs text-slate-500">{t.system.name}</span><span lang={t.language}>{t.text}</span></li>
            ))}
          </ul>
        )}
      </section>

      <AnnotatorTendencyPanel
        rows={annotators.flatMap((a) => tendency.filter((t) => t.annotator === a.email))}
        name={(email) => {
          const a = annotators.find((x) => x.email === email);
          return showNames || !a ? raterLabel(email) : `Annotator ${a.number}`;
        }}
      />

      {scheme.fields.map((field) => {
        const mine = units.filter((u) => u.field === field.id);
        const kind = goldKind.get(field.id);
        // a gold reference is written for every segment, agreed on or not (as the built-in gold editor)
        const shown = showAll || kind ? mine : mine.filter((u) => !u.unanimous || u.decision !== null);
        if (mine.length === 0) return null;
        const stored = kind ? gold.stored.filter((g) => g.kind === kind) : [];
        return (
          <section key={field.id} className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={`f-${field.id}`} data-testid={`scheme-field-${field.id}`}>
            <h3 id={`f-${field.id}`} className="font-medium">
              {field.label} <span className="font-mono text-xs font-normal text-slate-500">{field.id} · {field.kind} · per {scopeName(field.scope)}</span>
              {kind && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-normal text-amber-900" data-testid="gold-field">gold reference ({kind.toLowerCase()})</span>}
            </h3>
            {field.guidelines && (
              <details className="mt-1 text-xs text-slate-600" data-testid="field-guideline">
                <summary className="cursor-pointer text-indigo-700">Guideline</summary>
                <Markdown text={field.guidelines} className="max-w-prose space-y-1" />
              </details>
            )}
            {kind && (
              <p className="mt-1 text-xs text-slate-600" data-testid="gold-field-note">
                The decision is this segment&apos;s {kind.toLowerCase()} gold reference: the gold export and the automatic metrics (BLEU, ROUGE-L) read it.
                {stored.map((g) => (
                  <span key={`${g.language}-${g.kind}`} className="block text-amber-800" data-testid="gold-stored">
                    A stored gold reference ({g.language}, version {g.version}) comes first while it exists: <span lang={g.language}>{g.text}</span>
                  </span>
                ))}
              </p>
            )}
            {shown.length === 0 ? (
              <p className="mt-1 text-sm text-slate-500">{mine.length === 1 ? "Its one unit is unanimous." : `All ${mine.length} units are unanimous.`}</p>
            ) : (
              <ul className="mt-2 space-y-3">
                {shown.map((u) => (
                  <li key={u.itemKey} className={`grid min-w-0 gap-2 border-t border-slate-100 pt-2 ${field.kind === "tags" ? "grid-cols-1" : "sm:grid-cols-2"}`}>
                    <div>
                      <p className="text-sm font-medium">{unitName(u)} {u.unanimous ? <span className="text-xs font-normal text-emerald-700">unanimous</span> : <span className="text-xs font-normal text-amber-700">{u.values.length === 0 ? "no annotator value" : `disagreement ${(u.strength * 100).toFixed(0)}%`}</span>}</p>
                      <ul className="mt-1 space-y-0.5 text-sm">
                        {u.values.map((v) => (
                          <li key={v.annotatorId}><span className="mr-2 text-xs text-slate-500">{who(v.annotatorId)}</span>{formatSchemeValue(field, v.value, formatOf(u))}</li>
                        ))}
                      </ul>
                      {u.decision && (
                        <p className="mt-1 text-xs text-slate-600" data-testid="scheme-decision-current">
                          Decided: <strong>{formatSchemeValue(field, u.decision.value, formatOf(u))}</strong> {u.decision.automatic ? "(accepted automatically)" : `by ${u.decision.by ?? "?"}`} · version {u.decision.version}
                          {u.decision.rationale && !u.decision.automatic ? ` · “${u.decision.rationale}”` : ""}
                        </p>
                      )}
                    </div>
                    <SchemeDecisionEditor slug={slug} unit={u} field={field} annotators={annotators} showNames={showNames} lists={segment.lists} format={formatOf(u)}
                      outputs={kind && !u.translationId ? segment.translations.map((t) => ({ label: `${t.system.name} output`, text: t.text })) : undefined} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}

      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="hist">
        <h3 id="hist" className="font-medium">History</h3>
        {history.length === 0 ? (
          <p className="text-sm text-slate-500">No decisions yet.</p>
        ) : (
          <ol className="space-y-1 text-xs text-slate-700" data-testid="history">
            {history.map((h) => {
              // the decision's unit and field, and its value as the field shows it (issue 29 point 9:
              // this was the stored JSON, with the adjudicator's internal id)
              const unit = units.find((u) => u.decision?.id === h.entityId);
              const field = unit ? scheme.fields.find((f) => f.id === unit.field) : undefined;
              const entry = (h.newValue ?? null) as { value?: unknown; rationale?: string; automatic?: boolean } | null;
              return (
                <li key={h.id}>
                  {h.at.slice(0, 16).replace("T", " ")} · {h.by ?? "automatic"} · {field ? `${field.label} · ${unitName(unit!)}` : "decision"} v{h.version}:{" "}
                  <strong>{entry ? (field ? formatSchemeValue(field, entry.value, formatOf(unit!)) : String(entry.value ?? "–")) : "(removed)"}</strong>
                  {entry?.automatic ? " (accepted automatically)" : ""}
                  {entry?.rationale && !entry.automatic ? <span className="italic"> “{entry.rationale}”</span> : null}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
