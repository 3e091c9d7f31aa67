"use client";
// Token-by-token adjudication of a tags field (issue 16 point 5): the sentence's tokens as columns,
// every annotator's tag per token in a row of its own (and the corpus's imported tags, when the
// item has them), the tokens they disagree on marked. The final row is the decision: click an
// annotator's (or the corpus's) tag to take it for that token, or a final cell to cycle its tag
// (O, then B- and I- of each tag); "Use Annotator N" above takes a whole sequence to start from.
// BIO is checked as a save is (validateSchemeValue): an I- after O is named before saving.
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { disagreeingTokens } from "@/lib/adjudication/scheme-units";
import { tokenTagClass } from "@/components/schemes/fields/tag-marks";

type TTagsField = Extract<TSchemeField, { kind: "tags" }>;

/** The tags a final cell cycles through: O, then B-X and I-X per tag (BIO), or each tag (plain). */
function cycleOf(field: TTagsField): (string | number | null)[] {
  if (!field.bio) return [null, ...field.tags.map((t) => t.value)];
  return ["O", ...field.tags.flatMap((t) => [`B-${t.value}`, `I-${t.value}`])];
}

const short = (t: unknown) => (t === null || t === undefined || t === "O" ? "·" : String(t).replace(/^([BI])-.*$/, "$1"));

export function TagsDecisionGrid(p: {
  field: TTagsField;
  tokens: readonly string[];
  values: readonly { annotatorId: string; value: unknown }[];
  who: (annotatorId: string) => string;
  /** the corpus's imported tags (lists.tags), shown to the adjudicator */
  corpus?: readonly unknown[] | null;
  value: unknown;
  onChange: (v: unknown[]) => void;
}) {
  const n = p.tokens.length;
  const empty = p.field.bio ? "O" : null;
  const final = Array.isArray(p.value) && p.value.length === n ? (p.value as unknown[]) : null;
  const disagree = new Set(disagreeingTokens(p.values.map((v) => v.value)));
  const cycle = cycleOf(p.field);
  const setAt = (i: number, tag: unknown) => {
    const next = final ? final.slice() : Array.from({ length: n }, () => empty);
    next[i] = tag ?? empty;
    p.onChange(next);
  };
  const check = final ? validateSchemeValue(p.field, final) : null;
  const rows: { key: string; label: string; tags: readonly unknown[] }[] = [
    ...p.values.filter((v) => Array.isArray(v.value)).map((v) => ({ key: v.annotatorId, label: p.who(v.annotatorId), tags: v.value as unknown[] })),
    ...(p.corpus && p.corpus.length === n ? [{ key: "corpus", label: "Corpus (imported)", tags: p.corpus }] : []),
  ];
  return (
    <div className="min-w-0 space-y-1" data-testid="tags-decision">
      <p className="text-xs text-slate-600" data-testid="tags-disagreement">
        {disagree.size} of {n} token{n === 1 ? "" : "s"} disagree{disagree.size === 1 ? "s" : ""}. Click a tag to take it for its token, or a final cell to change it.
      </p>
      <div className="max-w-full overflow-x-auto">
        <table className="border-collapse text-xs">
          <thead>
            <tr>
              <th className="sticky left-0 bg-white pr-2 text-left font-normal text-slate-500">token</th>
              {p.tokens.map((t, i) => (
                <th key={i} data-token={i} data-disagree={disagree.has(i) ? "true" : undefined} className={`px-1 font-normal ${disagree.has(i) ? "bg-amber-100" : ""}`}>
                  {t}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-row={r.key}>
                <th className="sticky left-0 bg-white pr-2 text-left font-normal text-slate-500">{r.label}</th>
                {p.tokens.map((_, i) => (
                  <td key={i} className={`px-0.5 text-center ${disagree.has(i) ? "bg-amber-50" : ""}`}>
                    <button type="button" onClick={() => setAt(i, r.tags[i])} title={`${r.label}: ${String(r.tags[i] ?? "O")} — take it for “${p.tokens[i]}”`}
                      className={`w-full rounded px-1 hover:bg-indigo-100 ${tokenTagClass(p.field, r.tags[i])}`}>
                      {short(r.tags[i])}
                    </button>
                  </td>
                ))}
              </tr>
            ))}
            <tr data-row="final" className="border-t border-slate-300">
              <th className="sticky left-0 bg-white pr-2 text-left font-medium">Final</th>
              {p.tokens.map((t, i) => {
                const cur = final ? final[i] : undefined;
                const at = Math.max(0, cycle.findIndex((c) => c === (cur ?? empty)));
                return (
                  <td key={i} className="px-0.5 text-center">
                    <button type="button" data-final={i} data-tag={final ? String(cur ?? "O") : undefined} aria-label={`Final tag of “${t}”: ${final ? String(cur ?? "O") : "not chosen"}; press to change`}
                      onClick={() => setAt(i, cycle[(at + 1) % cycle.length])}
                      className={`w-full rounded border border-slate-300 px-1 font-medium ${final ? tokenTagClass(p.field, cur) : "text-slate-300"}`}>
                      {final ? short(cur) : "?"}
                    </button>
                  </td>
                );
              })}
            </tr>
          </tbody>
        </table>
      </div>
      {check && !check.ok && (
        <p role="alert" className="text-xs text-red-700">
          {check.message}
        </p>
      )}
    </div>
  );
}
