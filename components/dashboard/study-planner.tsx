"use client";
// The study planner's form, table and chart (app/projects/[slug]/dashboard/planner). The plan is
// computed on the server (POST /api/projects/[slug]/reports/plan: resampling takes a moment), so the
// form shows that it is working and keeps the last table until the new one arrives. The chart:
// expected width of α's 95 % interval against the number of items, one line per number of raters
// (κ dashed, for nominal fields), drawn with recharts in the dashboard's chart frame.
import { useState, type FormEvent } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFigure, NumbersTable } from "@/components/dashboard/chart-figure";
import { LABEL_COLOURS } from "@/components/dashboard/chart-colours";
import type { TProjectStudyPlan } from "@/lib/db/reports/study-plan";

export interface TPlannerField {
  id: string;
  label: string;
  level: string;
}

const AXIS_TICK = { fontSize: 11, fill: "#475569" };
const f3 = (v: number | null | undefined) => (v === null || v === undefined ? "n/a" : v.toFixed(3));
const numbers = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)
    .map(Number);

export function StudyPlanner({ slug, fields }: { slug: string; fields: TPlannerField[] }) {
  const [field, setField] = useState(fields[0].id);
  const [items, setItems] = useState("200,500,1000");
  const [raters, setRaters] = useState("2,3");
  const [resamples, setResamples] = useState("1000");
  const [seed, setSeed] = useState("1");
  const [split, setSplit] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [plan, setPlan] = useState<TProjectStudyPlan | null>(null);

  const run = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const res = await fetch(`/api/projects/${slug}/reports/plan`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ field, items: numbers(items), raters: numbers(raters), resamples: Number(resamples), seed: Number(seed), ...(split ? { split } : {}) }),
      });
      const body = await res.json().catch(() => null);
      if (!res.ok) setError(body?.error?.message ?? `The plan failed (HTTP ${res.status}).`);
      else setPlan(body as TProjectStudyPlan);
    } catch {
      setError("The server is unreachable; try again.");
    } finally {
      setPending(false);
    }
  };

  const input = "rounded border border-slate-300 px-2 py-1 text-sm";
  return (
    <div className="space-y-4">
      <form onSubmit={run} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3" aria-label="Study plan">
        <label className="flex flex-col gap-1 text-xs text-slate-600">
          Field
          <select className={input} value={field} onChange={(e) => setField(e.target.value)} name="field">
            {fields.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label} ({f.id}, {f.level})
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-600">
          Items (N), comma-separated
          <input className={input} value={items} onChange={(e) => setItems(e.target.value)} name="items" inputMode="numeric" />
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-600">
          Raters per item (r ≥ 2)
          <input className={input} value={raters} onChange={(e) => setRaters(e.target.value)} name="raters" inputMode="numeric" />
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-600">
          Resamples
          <input className={`${input} w-24`} value={resamples} onChange={(e) => setResamples(e.target.value)} name="resamples" inputMode="numeric" />
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-600">
          Seed
          <input className={`${input} w-16`} value={seed} onChange={(e) => setSeed(e.target.value)} name="seed" inputMode="numeric" />
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-600">
          Pilot
          <select className={input} value={split} onChange={(e) => setSplit(e.target.value)} name="split">
            <option value="">every value</option>
            <option value="PILOT">pilot split only</option>
            <option value="TEST">test split only</option>
          </select>
        </label>
        <button type="submit" disabled={pending} className="rounded bg-indigo-700 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60">
          {pending ? "Resampling…" : "Plan"}
        </button>
        {pending && (
          <span role="status" className="text-xs text-slate-600">
            Resampling the pilot for every design; this can take a few seconds.
          </span>
        )}
      </form>
      {error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {plan && <PlanResult plan={plan} />}
    </div>
  );
}

function PlanResult({ plan }: { plan: TProjectStudyPlan }) {
  const kappa = plan.rows.some((r) => r.fleissKappa);
  const raters = [...new Set(plan.rows.map((r) => r.raters))];
  // a line per number of raters the pilot could show (a row without any value is named in the caption)
  const drawn = raters.filter((r) => plan.rows.some((x) => x.raters === r && x.alpha.width !== null));
  const items = [...new Set(plan.rows.map((r) => r.items))];
  const chartRows = items.map((n) =>
    Object.fromEntries([
      ["items", n],
      ...raters.flatMap((r) => {
        const row = plan.rows.find((x) => x.items === n && x.raters === r);
        return [
          [`a${r}`, row?.alpha.width ?? null],
          [`k${r}`, row?.fleissKappa?.width ?? null],
        ];
      }),
    ]),
  );
  const header = ["items", "raters", "usable pilot units", "α mean", "α 2.5%", "α 97.5%", "α width", ...(kappa ? ["κ mean", "κ width"] : [])];
  const rows = plan.rows.map((r) => [r.items, r.raters, r.usableUnits, f3(r.alpha.mean), f3(r.alpha.lower), f3(r.alpha.upper), f3(r.alpha.width), ...(kappa ? [f3(r.fleissKappa?.mean), f3(r.fleissKappa?.width)] : [])]);
  const reasons = [...new Set(plan.rows.flatMap((r) => [r.alpha.reason, r.fleissKappa?.reason].filter((x): x is string => !!x).map((x) => `${r.items} × ${r.raters}: ${x}`)))];
  const p = plan.pilot;
  return (
    <section className="space-y-3" aria-label="Plan" data-testid="study-plan">
      <p className="text-sm text-slate-700" data-testid="plan-pilot">
        Pilot of <strong>{plan.field}</strong> ({plan.level}): {p.units} {plan.unit}s with values, {p.coders} annotators, at most {p.maxRaters} per {plan.unit}; α = {f3(p.alpha)}
        {plan.split ? `, ${plan.split.toLowerCase()} split` : ""}
        {plan.language ? `, language ${plan.language}` : ""}. {plan.resamples} resamples, seed {plan.seed}.
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-2">
        <NumbersTable header={header} rows={rows} rowHeader={false} />
      </div>
      <ChartFigure
        testId="chart-study-plan"
        title={`Expected width of the 95 % interval of α${kappa ? " (and Fleiss' κ, dashed)" : ""} by items and raters per item`}
        sample={`pilot: ${p.units} ${plan.unit}s, ${p.coders} annotators`}
        caption={
          <span className="flex flex-col gap-0.5">
            {[...reasons, ...plan.notes].map((line) => (
              <span key={line}>{line}</span>
            ))}
          </span>
        }
        label={`Line chart: the expected interval width of α falls as the number of items grows, one line per number of raters (${raters.join(", ")})`}
        download={{ name: `study-plan-${plan.field}`, header, rows, json: plan }}
        table={<NumbersTable header={header} rows={rows} rowHeader={false} />}
      >
        <div style={{ height: 260 }} className="w-full" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={chartRows} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="2 3" stroke="#e2e8f0" />
              <XAxis dataKey="items" type="number" scale="log" domain={["dataMin", "dataMax"]} ticks={items} tick={AXIS_TICK} label={{ value: "items (log scale)", position: "insideBottomRight", offset: -2, fontSize: 11 }} />
              <YAxis tick={AXIS_TICK} width={44} domain={[0, "auto"]} tickFormatter={(v: number) => v.toFixed(2)} />
              <Tooltip isAnimationActive={false} formatter={(v) => f3(v === null || v === undefined ? null : Number(v))} contentStyle={{ fontSize: 12 }} />
              <Legend iconSize={10} wrapperStyle={{ fontSize: 11 }} />
              {drawn.map((r, i) => (
                <Line key={`a${r}`} dataKey={`a${r}`} name={`α width, ${r} raters`} stroke={LABEL_COLOURS[i % LABEL_COLOURS.length]} strokeWidth={2} dot isAnimationActive={false} connectNulls />
              ))}
              {kappa &&
                drawn.map((r, i) => (
                  <Line key={`k${r}`} dataKey={`k${r}`} name={`κ width, ${r} raters`} stroke={LABEL_COLOURS[i % LABEL_COLOURS.length]} strokeOpacity={0.6} strokeDasharray="5 4" dot={false} isAnimationActive={false} connectNulls />
                ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </ChartFigure>
    </section>
  );
}
