"use client";
// One item for the expert panel: the source with its MRWs, each translation with every
// annotator's error spans (one colour per annotator), the values of every field side by side
// with the final decision, the field's guideline, the annotators' severity bias, gold references
// and the decision history. Identities are hidden ("Annotator 1, 2, …") until shown.
import type { TEditKind } from "@/lib/schemes/edit-kinds";
import { useState } from "react";
import Link from "next/link";
import type { TAdjudicationPageData } from "@/lib/db/adjudication";
import { penaltyOf } from "@/lib/schemes/presets/built-in-codes";
import { colourOf } from "@/components/adjudication/annotator-colours";
import { DecisionEditor } from "@/components/adjudication/decision-editor";
import { fieldGuideline } from "@/components/adjudication/field-guideline";
import { formatValue } from "@/components/adjudication/format-value";
import { GoldEditor, type TGoldCandidate } from "@/components/adjudication/gold-editor";
import { MarkedText } from "@/components/adjudication/marked-text";

const signed = (v: number | null, d = 2) => (v === null ? "–" : `${v > 0 ? "+" : ""}${v.toFixed(d)}`);

/** `fieldOrder`: the queue's fields of the project's definition, in its order (lib/reports/disagreements.ts queueFieldsOf). */
export function ItemView({ slug, data, fieldOrder }: { slug: string; data: TAdjudicationPageData; fieldOrder: readonly string[] }) {
  // a field the definition does not list (a part switched off since) goes after the listed ones
  const rank = (f: string) => (fieldOrder.includes(f) ? fieldOrder.indexOf(f) : fieldOrder.length);
  const [showNames, setShowNames] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const { item, units, annotators, bias } = data;
  const seg = item.segment;
  // the item's target language (a study over several is adjudicated one language pair at a time)
  const lang = item.language;
  const who = (id: string) => {
    const a = annotators.find((x) => x.id === id);
    return a ? (showNames ? a.email : `Annotator ${a.number}`) : showNames ? id : "Annotator ?";
  };
  const numberOf = (id: string) => annotators.find((x) => x.id === id)?.number ?? 1;
  const mrwById = new Map(seg.mrws.map((m) => [m.id, m]));
  const open = units.filter((u) => !u.unanimous).length;

  const candidates = (kind: TEditKind): TGoldCandidate[] => [
    ...item.postEdits.filter((p) => p.kind === kind).map((p) => ({ key: p.id, label: `post-edit by ${who(p.annotatorId)}`, text: p.text, sourcePostEditId: p.id })),
    ...seg.translations.map((t) => ({ key: t.id, label: `${t.system.name} output`, text: t.text, sourceTranslationId: t.id })),
  ];
  // MetaHOPE's post-edits (issue 19 point 3) are a third gold kind, shown where there are any
  const withReference = item.postEdits.some((p) => p.kind === "REFERENCE") || item.gold.some((g) => g.kind === "REFERENCE");
  const goldOf = (kind: TEditKind) => {
    const g = item.gold.find((x) => x.kind === kind);
    if (!g) return null;
    const pe = item.postEdits.find((p) => p.id === g.sourcePostEditId);
    const tr = seg.translations.find((t) => t.id === g.sourceTranslationId);
    const provenance = pe ? `from the ${kind === "REFERENCE" ? "MetaHOPE" : kind.toLowerCase()} post-edit of ${who(pe.annotatorId)}${pe.text !== g.text ? " (edited)" : ""}` : tr ? `from the ${tr.system.name} output${tr.text !== g.text ? " (edited)" : ""}` : "written by the adjudicator";
    return { text: g.text, version: g.version, provenance, approvedBy: g.approvedBy?.email ?? null };
  };

  return (
    <div className="space-y-5" data-testid="built-in-adjudication-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <Link href={`/projects/${slug}/adjudication`} className="text-sm text-indigo-700 underline">← Queue</Link>
          <h2 className="text-lg font-medium">Segment {seg.externalId} <span className="text-sm font-normal text-slate-500">{seg.document.title ?? seg.document.externalId}</span></h2>
          <p className="text-sm text-slate-600">{open} disagreement{open === 1 ? "" : "s"} · {units.length - open} unanimous</p>
          {item.languages.length > 1 && (
            <nav aria-label="Language pair" className="mt-1 flex flex-wrap items-center gap-2 text-sm" data-testid="adjudication-languages">
              <span className="text-xs text-slate-600">Translations into</span>
              {item.languages.map((l) => (
                <Link key={l} href={`/projects/${slug}/adjudication/${seg.id}?language=${encodeURIComponent(l)}`} aria-current={l === lang ? "page" : undefined}
                  className={`rounded-full border px-3 py-0.5 ${l === lang ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-indigo-400"}`}>
                  {l}
                </Link>
              ))}
            </nav>
          )}
        </div>
        <div className="flex gap-4 text-sm">
          <label className="inline-flex items-center gap-1"><input type="checkbox" checked={showNames} onChange={(e) => setShowNames(e.target.checked)} /> Show annotator identities</label>
          <label className="inline-flex items-center gap-1"><input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} /> Show unanimous fields</label>
        </div>
      </div>

      <section aria-labelledby="src" className="rounded-lg border border-slate-200 bg-white p-3">
        <h3 id="src" className="text-xs font-medium uppercase tracking-wide text-slate-500">Source</h3>
        <p className="mt-1 text-base">
          <MarkedText text={seg.text} lang="en" marks={seg.mrws.flatMap((m) => (m.spans as { start: number; end: number }[]).map((s) => ({ ...s, title: `MRW ${m.token}${m.metaphorical ? "" : " (literal)"}`, colour: "#0f172a" })))} />
        </p>
      </section>

      <section aria-labelledby="ctx" className="rounded-lg border border-slate-200 bg-white p-3">
        <h3 id="ctx" className="text-xs font-medium uppercase tracking-wide text-slate-500">Annotators (severity bias over the whole project)</h3>
        <ul className="mt-1 grid gap-1 text-sm md:grid-cols-2" data-testid="annotator-bias">
          {bias.map((b) => (
            <li key={b.annotatorId} className="flex items-center gap-2">
              <span aria-hidden className="inline-block h-3 w-3 rounded-full" style={{ background: colourOf(numberOf(b.annotatorId)) }} />
              <span className="font-medium">{who(b.annotatorId)}</span>
              <span className="text-slate-600">
                Likert {signed(b.likert.meanDifference)} vs the others ({b.likert.units} shared){" · "}
                MetaHOPE {signed(b.metahope.meanDifference)} points per cell, total {b.metahope.totalPenalty}
              </span>
            </li>
          ))}
        </ul>
      </section>

      {seg.translations.map((t) => {
        const tUnits = units
          .filter((u) => u.translationId === t.id && (showAll || !u.unanimous || u.decision))
          .sort((a, b) => (a.mrwId ?? "").localeCompare(b.mrwId ?? "") || rank(a.field) - rank(b.field));
        const spans = item.errorSpans.filter((e) => e.translationId === t.id);
        const spanAnnotators = [...new Set(spans.map((e) => e.annotatorId))].sort((a, b) => numberOf(a) - numberOf(b));
        const aligned = item.alignments.filter((a) => a.translationId === t.id);
        return (
          <section key={t.id} aria-labelledby={`t-${t.id}`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3" data-testid={`translation-${t.system.name}`}>
            <h3 id={`t-${t.id}`} className="text-sm font-semibold">{t.system.name}</h3>
            <p lang={lang} className="text-base">{t.text}</p>
            {spanAnnotators.length > 0 && (
              <div className="space-y-1 border-t border-slate-100 pt-2">
                <div className="text-xs font-medium text-slate-500">Error spans (MetaHOPE)</div>
                {spanAnnotators.map((a) => (
                  <div key={a} className="flex gap-2 text-sm">
                    <span className="w-44 shrink-0 truncate text-xs font-medium" title={who(a)} style={{ color: colourOf(numberOf(a)) }}>{who(a)}</span>
                    <span>
                      <MarkedText
                        text={t.text}
                        lang={lang}
                        marks={spans.filter((e) => e.annotatorId === a).map((e) => ({ start: e.start, end: e.end, colour: colourOf(numberOf(a)), title: `${e.category} ${penaltyOf(e.severity)}${e.mrwId ? ` on “${mrwById.get(e.mrwId)?.token ?? "?"}”` : " (sentence level)"}${e.comment ? `: ${e.comment}` : ""}` }))}
                      />
                      <span className="ml-2 text-xs text-slate-500">{spans.filter((e) => e.annotatorId === a).map((e) => `${e.category} ${penaltyOf(e.severity)}${e.mrwId ? ` (${mrwById.get(e.mrwId)?.token ?? "?"})` : " (sent.)"}`).join(", ")}</span>
                    </span>
                  </div>
                ))}
              </div>
            )}
            {aligned.length > 0 && (
              <p className="text-xs text-slate-600">Project alignment: {aligned.map((a) => `${mrwById.get(a.mrwId)?.token ?? "?"} → ${formatValue({ pattern: a.pattern, spans: a.spans })}`).join("; ")}</p>
            )}
            {tUnits.length === 0 ? (
              <p className="text-sm text-slate-500">No disagreement on this translation{showAll ? "" : " (tick “Show unanimous fields” to review the rest)"}.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="min-w-full text-sm">
                  <thead className="bg-slate-50 text-left text-xs text-slate-600">
                    <tr>
                      <th scope="col" className="px-2 py-1">Item</th>
                      <th scope="col" className="px-2 py-1">Field</th>
                      <th scope="col" className="px-2 py-1">Annotators</th>
                      <th scope="col" className="px-2 py-1">Decision</th>
                      <th scope="col" className="w-2/5 px-2 py-1">Final value</th>
                    </tr>
                  </thead>
                  <tbody>
                    {tUnits.map((u) => {
                      const g = fieldGuideline(u.field);
                      const mrw = u.mrwId ? mrwById.get(u.mrwId) : null;
                      return (
                        <tr key={`${u.mrwId}-${u.field}`} className="border-t border-slate-100 align-top" data-testid={`unit-${u.field}-${mrw?.token ?? "sentence"}`}>
                          <td className="px-2 py-1">{mrw ? <span className="font-medium">{mrw.token}</span> : <span className="text-slate-500">sentence</span>}</td>
                          <td className="px-2 py-1">
                            {u.field}
                            {g && (
                              <details className="text-xs text-slate-600">
                                <summary className="cursor-pointer text-indigo-700">Guideline</summary>
                                <div className="max-w-xs space-y-1">{g.lines.map((l, i) => <p key={i}>{l}</p>)}<p className="text-slate-400">{g.source}</p></div>
                              </details>
                            )}
                          </td>
                          <td className="px-2 py-1">
                            <ul>
                              {u.values.map((v) => (
                                <li key={v.annotatorId} className="whitespace-nowrap"><span style={{ color: colourOf(numberOf(v.annotatorId)) }}>{who(v.annotatorId)}</span>: <span className="font-mono">{formatValue(v.value)}</span></li>
                              ))}
                            </ul>
                            {!u.unanimous && <span className="text-xs text-amber-700">disagreement {(u.strength * 100).toFixed(0)}%</span>}
                          </td>
                          <td className="px-2 py-1 text-xs" data-testid="decision-status">
                            {u.decision ? (
                              <>
                                <span className="font-mono text-sm">{formatValue(u.decision.value)}</span>
                                <span className="block text-slate-500">{u.decision.automatic ? "accepted automatically (unanimous)" : `by ${showNames ? (u.decision.by ?? "?") : "an adjudicator"}`}, {new Date(u.decision.updatedAt).toLocaleString("en-GB")}, v{u.decision.version}</span>
                                {u.decision.rationale && <span className="block italic text-slate-600">“{u.decision.rationale}”</span>}
                              </>
                            ) : (
                              <span className="text-slate-500">open</span>
                            )}
                          </td>
                          <td className="px-2 py-1">
                            <DecisionEditor slug={slug} unit={u} annotators={annotators} label={u.field.toLowerCase()} mrwMetaphorical={mrw?.metaphorical ?? true} showNames={showNames} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}

      <section aria-labelledby="gold" className="space-y-2">
        <h3 id="gold" className="font-medium">Gold references</h3>
        <div className="grid gap-3 lg:grid-cols-2">
          <GoldEditor slug={slug} segmentId={seg.id} kind="FIGURATIVE" candidates={candidates("FIGURATIVE")} current={goldOf("FIGURATIVE")} lang={lang} />
          <GoldEditor slug={slug} segmentId={seg.id} kind="LITERAL" candidates={candidates("LITERAL")} current={goldOf("LITERAL")} lang={lang} />
          {withReference && <GoldEditor slug={slug} segmentId={seg.id} kind="REFERENCE" candidates={candidates("REFERENCE")} current={goldOf("REFERENCE")} lang={lang} />}
        </div>
      </section>

      <section aria-labelledby="hist">
        <h3 id="hist" className="font-medium">History</h3>
        {item.history.length === 0 ? (
          <p className="text-sm text-slate-500">No decisions yet.</p>
        ) : (
          <ol className="space-y-1 text-xs text-slate-700" data-testid="history">
            {item.history.map((h) => {
              const nv = h.newValue as { value?: unknown; text?: string; rationale?: string; automatic?: boolean } | null;
              const ov = h.oldValue as { value?: unknown; text?: string } | null;
              const adj = item.adjudications.find((a) => a.id === h.entityId);
              return (
                <li key={h.id}>
                  {new Date(h.createdAt).toLocaleString("en-GB")} · {showNames ? (h.user?.email ?? "system") : h.user ? "adjudicator" : "system"} · {h.entity === "GOLD_REFERENCE" ? "gold reference" : (adj?.field ?? "decision")} v{h.version}:{" "}
                  {ov ? <span className="font-mono">{formatValue(ov.value ?? ov.text)} → </span> : null}
                  <span className="font-mono">{nv ? formatValue(nv.value ?? nv.text) : "(removed)"}</span>
                  {nv?.automatic ? " (automatic)" : ""}
                  {nv?.rationale ? <span className="italic"> “{nv.rationale}”</span> : null}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
