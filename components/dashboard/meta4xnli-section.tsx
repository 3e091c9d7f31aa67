// Meta4XNLI on a scheme dashboard (the meta4xnli.detection and meta4xnli.interpretation analyses,
// lib/reports/analyses/meta4xnli-analysis.ts), laid out as the paper's tables: agreement per language (Table
// 6: Cohen's κ per annotator pair, Fleiss' κ), each rater's precision/recall/F1 against the gold
// tags per language, and NLI accuracy per rater and language by source dataset and gold metaphor
// role (Tables 15–16). Models are raters of their own, marked "model".
import type { TMeta4xnliAnalysis, TMeta4xnliAccuracyRow } from "@/lib/reports/analyses/meta4xnli-analysis";

const f3 = (v: number | null) => (v === null ? "n/a" : v.toFixed(3));
const pct = (v: number | null) => (v === null ? "n/a" : v.toFixed(2));
const lang = (l: string) => (l === "all" ? "all" : l.toUpperCase());
const who = (r: { rater: string; kind: string }) => (r.kind === "model" ? `${r.rater} (model)` : r.rater);
const ROLE: Record<string, string> = { relevant: "metaphor (relevant)", none: "no metaphor", "non-relevant": "metaphor, not relevant", unknown: "role unknown", all: "all pairs" };

function InterpretationTable({ rows }: { rows: TMeta4xnliAccuracyRow[] }) {
  const raters = [...new Map(rows.map((r) => [`${r.kind}\u0000${r.rater}`, r])).values()];
  const languages = [...new Set(rows.map((r) => r.language))].filter((l) => l !== "all").sort();
  const cols = raters.flatMap((r) => [...languages, "all"].map((l) => ({ r, l })));
  const groups = [...new Map(rows.map((r) => [`${r.source}\u0000${r.role}`, r])).values()];
  return (
    <table className="text-sm" data-testid="meta4xnli-interpretation">
      <thead>
        <tr className="text-left text-xs text-slate-500">
          <th className="pr-3">Source</th>
          <th className="pr-3">Gold role</th>
          {cols.map(({ r, l }) => (
            <th key={`${r.kind}${r.rater}${l}`} className="pr-3 font-normal">
              {who(r)} · {lang(l)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={`${g.source}${g.role}`} className={g.role === "all" ? "font-medium" : undefined}>
            <td className="pr-3">{g.source}</td>
            <td className="pr-3">{ROLE[g.role] ?? g.role}</td>
            {cols.map(({ r, l }) => {
              const c = rows.find((x) => x.kind === r.kind && x.rater === r.rater && x.language === l && x.source === g.source && x.role === g.role);
              return (
                <td key={`${r.kind}${r.rater}${l}`} className="pr-3 tabular-nums" title={c ? `${c.correct} of ${c.n} pairs` : "no pairs"}>
                  {c ? pct(c.accuracy) : "–"}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Meta4xnliSection({ analysis }: { analysis: TMeta4xnliAnalysis }) {
  const d = analysis.detection;
  const languages = d ? [...new Set(d.agreement.map((k) => k.language))] : [];
  const pairs = d ? [...new Set(d.agreement.filter((k) => k.annotators).map((k) => k.annotators!.join(" – ")))] : [];
  return (
    <section aria-labelledby="meta4xnli" data-testid="meta4xnli-section" className="space-y-3">
      <h3 id="meta4xnli" className="font-medium">
        Meta4XNLI
      </h3>
      {analysis.missing?.map((m) => (
        <p key={m} className="text-sm text-amber-800">
          {m}
        </p>
      ))}
      {d && (
        <div className="space-y-2">
          <h4 className="text-sm font-medium">Detection ({d.field}): agreement on exact labels, tokens as units (Table 6)</h4>
          {languages.length === 0 ? (
            <p className="text-sm text-slate-600">Fewer than two annotators tagged the same sentences.</p>
          ) : (
            <table className="text-sm" data-testid="meta4xnli-kappa">
              <thead>
                <tr className="text-left text-xs text-slate-500">
                  <th className="pr-3">Language</th>
                  {pairs.map((p) => (
                    <th key={p} className="pr-3 font-normal">
                      Cohen&apos;s κ ({p})
                    </th>
                  ))}
                  <th className="pr-3 font-normal">Fleiss&apos; κ</th>
                </tr>
              </thead>
              <tbody>
                {languages.map((l) => {
                  const fleiss = d.agreement.find((k) => k.language === l && k.statistic === "fleiss_kappa");
                  return (
                    <tr key={l}>
                      <td className="pr-3">{lang(l)}</td>
                      {pairs.map((p) => {
                        const k = d.agreement.find((x) => x.language === l && x.annotators?.join(" – ") === p);
                        return (
                          <td key={p} className="pr-3 tabular-nums" title={k ? `n = ${k.n} tokens${k.reason ? `; ${k.reason}` : ""}` : undefined}>
                            {k ? f3(k.value) : "–"}
                          </td>
                        );
                      })}
                      <td className="pr-3 tabular-nums" title={fleiss ? [`n = ${fleiss.n} tokens, ${fleiss.raters} raters`, fleiss.note, fleiss.reason].filter(Boolean).join("; ") : "needs the same sentences tagged by two or more annotators"}>
                        {fleiss ? f3(fleiss.value) : "–"}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <h4 className="text-sm font-medium">Detection against the gold tags: precision, recall, F1 per token and per span</h4>
          <table className="text-sm" data-testid="meta4xnli-prf">
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th className="pr-3">Rater</th>
                <th className="pr-3">Language</th>
                <th className="pr-3">Level</th>
                <th className="pr-3">P</th>
                <th className="pr-3">R</th>
                <th className="pr-3">F1</th>
                <th className="pr-3">n</th>
              </tr>
            </thead>
            <tbody>
              {d.prf.map((r) => (
                <tr key={`${r.kind}${r.rater}${r.language}${r.level}`}>
                  <td className="pr-3">{who(r)}</td>
                  <td className="pr-3">{lang(r.language)}</td>
                  <td className="pr-3">{r.level}</td>
                  <td className="pr-3 tabular-nums">{f3(r.precision)}</td>
                  <td className="pr-3 tabular-nums">{f3(r.recall)}</td>
                  <td className="pr-3 tabular-nums">{f3(r.f1)}</td>
                  <td className="pr-3 tabular-nums" title={`${r.sentences} sentences; TP ${r.tp}, FP ${r.fp}, FN ${r.fn}`}>
                    {r.n}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {analysis.interpretation && (
        <div className="space-y-2">
          <h4 className="text-sm font-medium">Interpretation ({analysis.interpretation.field}): NLI accuracy (%) by source and gold metaphor role (Tables 15–16)</h4>
          {analysis.interpretation.accuracy.length === 0 ? <p className="text-sm text-slate-600">No inference labels on pairs with a gold label yet.</p> : <InterpretationTable rows={analysis.interpretation.accuracy} />}
        </div>
      )}
    </section>
  );
}
