"use client";
// Guidelines for what the annotator is looking at (`g`): the definitions and the papers' examples
// of the focused field's labels — Equivalence shows the five (or three literal-source) definitions
// with their EN/ZH/IT examples, an error span the five MetaHOPE categories and severities, etc.
import type { TFieldName } from "@/lib/schemes/fields";
import {
  AUTHENTICITY,
  EMOTION,
  EMOTION_INSTRUCTION,
  EQUIVALENCE_INSTRUCTION,
  LIKERT_SCALE,
  MMTE_QUALITY,
  MMTE_QUALITY_INSTRUCTION,
  POST_EDIT_GUIDELINE,
  equivalenceDefinitionsFor,
  type TLabelDefinition,
} from "@/lib/schemes/mmte";
import {
  METAHOPE_CATEGORIES,
  METAHOPE_CATEGORY_DEFINITIONS,
  METAHOPE_PARAPHRASE_POLICY,
  METAHOPE_SEVERITIES,
  REALISATION_PATTERNS,
  REALISATION_PATTERN_DEFINITIONS,
} from "@/lib/schemes/metahope";

function Marked({ text }: { text: string }) {
  // The papers mark the target word as @word@; show it in bold.
  const parts = text.split("@");
  return <>{parts.map((p, i) => (i % 2 ? <strong key={i}>{p}</strong> : <span key={i}>{p}</span>))}</>;
}

function Labels({ defs }: { defs: readonly TLabelDefinition<string | number>[] }) {
  return (
    <ol className="space-y-3">
      {defs.map((d, i) => (
        <li key={String(d.value)}>
          <div className="font-semibold">
            {i + 1}. {d.name} <span className="text-xs font-normal text-slate-500">({String(d.value)})</span>
          </div>
          <p className="text-sm">{d.definition}</p>
          {d.examples.map((ex, j) => (
            <div key={j} className="mt-1 rounded bg-slate-50 p-1.5 text-sm">
              <div lang="en">EN: <Marked text={ex.en} /></div>
              {ex.zh && <div lang="zh">ZH: <Marked text={ex.zh} /></div>}
              {ex.it && <div lang="it">IT: <Marked text={ex.it} /></div>}
              <div className="text-xs text-slate-500">{ex.source}</div>
            </div>
          ))}
          <div className="text-xs text-slate-500">{d.source}</div>
        </li>
      ))}
    </ol>
  );
}

export function GuidelinesPanel(p: { field: TFieldName | "ERROR_SPAN" | null; mrwMetaphorical: boolean; onClose: () => void }) {
  let title = "Guidelines";
  let body: React.ReactNode = <p className="text-sm">Focus a field to see its definitions.</p>;
  const f = p.field;
  if (f === "FLUENCY" || f === "INTELLIGIBILITY" || f === "FIDELITY" || f === "OVERALL") {
    title = `Quality — ${MMTE_QUALITY[f].name}`;
    body = (
      <>
        <p className="text-sm italic">{MMTE_QUALITY_INSTRUCTION}</p>
        <dl className="mt-2 space-y-2 text-sm">
          {Object.entries(MMTE_QUALITY).map(([k, c]) => (
            <div key={k} className={k === f ? "rounded bg-indigo-50 p-1" : ""}>
              <dt className="font-semibold">{c.name}</dt>
              <dd>{c.definition}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-3 font-semibold">Scale</h3>
        <Labels defs={LIKERT_SCALE} />
      </>
    );
  } else if (f === "EQUIVALENCE") {
    title = `Equivalence (${p.mrwMetaphorical ? "metaphorical" : "literal"} source)`;
    body = (
      <>
        <p className="text-sm italic">{EQUIVALENCE_INSTRUCTION}</p>
        <div className="mt-2">
          <Labels defs={equivalenceDefinitionsFor(p.mrwMetaphorical)} />
        </div>
      </>
    );
  } else if (f === "EMOTION") {
    title = "Emotion";
    body = (
      <>
        <p className="text-sm italic">{EMOTION_INSTRUCTION}</p>
        <div className="mt-2">
          <Labels defs={EMOTION} />
        </div>
      </>
    );
  } else if (f === "AUTHENTICITY") {
    title = "Authenticity";
    body = (
      <>
        <p className="text-sm">{AUTHENTICITY.definition}</p>
        <p className="text-xs text-slate-500">{AUTHENTICITY.source}</p>
        <h3 className="mt-3 font-semibold">Scale</h3>
        <Labels defs={LIKERT_SCALE} />
      </>
    );
  } else if (f === "ALIGNMENT") {
    title = "MRW realisation patterns";
    body = (
      <ol className="space-y-3">
        {REALISATION_PATTERNS.map((code, i) => {
          const d = REALISATION_PATTERN_DEFINITIONS[code];
          return (
            <li key={code}>
              <div className="font-semibold">
                {i + 1}. {d.name} <span className="text-xs font-normal text-slate-500">({code})</span>
              </div>
              <p className="text-sm">{d.definition}</p>
              {d.examples.map((ex, j) => (
                <div key={j} className="mt-1 rounded bg-slate-50 p-1.5 text-sm">
                  <div>{ex.direction}: <Marked text={ex.source} /></div>
                  <div>→ <Marked text={ex.target} /></div>
                </div>
              ))}
              <div className="text-xs text-slate-500">{d.source}</div>
            </li>
          );
        })}
      </ol>
    );
  } else if (f === "METAHOPE_ERRORS" || f === "ERROR_SPAN") {
    title = "MetaHOPE error categories and severities";
    body = (
      <>
        <ul className="space-y-3">
          {METAHOPE_CATEGORIES.map((c) => {
            const d = METAHOPE_CATEGORY_DEFINITIONS[c];
            return (
              <li key={c}>
                <div className="font-semibold">
                  <kbd className="rounded border px-1 text-xs">{d.key.toUpperCase()}</kbd> {c} — {d.name}
                </div>
                <p className="text-sm">{d.definition}</p>
                {d.examples.map((ex, j) => (
                  <div key={j} className="mt-1 rounded bg-slate-50 p-1.5 text-sm">
                    <div lang="en">EN: {ex.source}</div>
                    <div lang="zh">✗ {ex.problematic}</div>
                    <div lang="zh">✓ {ex.suggested}</div>
                    <div className="text-xs text-slate-600">{ex.explanation}</div>
                  </div>
                ))}
              </li>
            );
          })}
        </ul>
        <h3 className="mt-3 font-semibold">Severities</h3>
        <ul className="text-sm">
          {METAHOPE_SEVERITIES.map((s) => (
            <li key={s.name}>
              <kbd className="rounded border px-1 text-xs">{s.key}</kbd> {s.name} ({s.penalty}): {s.definition}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600">{METAHOPE_PARAPHRASE_POLICY}</p>
      </>
    );
  } else if (f === "POSTEDIT_FIGURATIVE" || f === "POSTEDIT_LITERAL") {
    title = "Post-editing (MMTE B.5)";
    body = (
      <>
        <p className="text-sm italic">{POST_EDIT_GUIDELINE.instruction}</p>
        <ul className="mt-2 space-y-1 text-sm">
          {Object.values(POST_EDIT_GUIDELINE.kinds).map((k) => (
            <li key={k.name}>
              <strong>{k.name}</strong>: {k.definition}
            </li>
          ))}
        </ul>
      </>
    );
  }
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
      {body}
    </aside>
  );
}
