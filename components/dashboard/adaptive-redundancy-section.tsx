// Dashboard section of adaptive redundancy (issue 31 point 3): per rule, the raters spent against a
// fixed design and α of the field with its interval, with every rater's values and with the first
// raters' only. Nothing when the project has no rule. Reads its own data (one rule = two queries).
import { getDb } from "@/lib/db/client";
import { getAdaptiveRuleData, listAdaptiveRules } from "@/lib/db/assignments/adaptive-redundancy";
import { disagreementTestOf } from "@/lib/assignments/adaptive-redundancy";
import { alphaWithInterval, raterSpend, type TAlphaWithInterval } from "@/lib/assignments/adaptive-spend";
import { measurementLevelOf } from "@/lib/schemes/language/measurement-level";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { RatersSpentChart } from "./raters-spent-chart";

const f3 = (v: number | null) => (v === null ? "n/a" : v.toFixed(3));
const alphaText = (a: TAlphaWithInterval) => (a.value === null ? `undefined (${a.reason ?? "no data"})` : `${f3(a.value)} [${f3(a.lower)}, ${f3(a.upper)}], ${a.units} units${a.reason ? ` (${a.reason})` : ""}`);

export async function AdaptiveRedundancySection({ projectId, definition }: { projectId: string; definition: TSchemeDefinition }) {
  const rules = await listAdaptiveRules(getDb(), projectId);
  if (rules.length === 0) return null;
  const sections = await Promise.all(
    rules.map(async (rule) => {
      const field = definition.fields.find((f) => f.id === rule.field);
      const test = field ? disagreementTestOf(field, rule.threshold) : null;
      const level = field ? measurementLevelOf(field) : null;
      if (!field || !test || "error" in test || !level) return { rule, missing: true as const };
      const data = await getAdaptiveRuleData(getDb(), projectId, rule.field);
      return {
        rule,
        missing: false as const,
        spend: raterSpend(rule, data.byRaters),
        all: alphaWithInterval(test, level, data.values),
        first: alphaWithInterval(test, level, data.values.filter((v) => !v.adaptive)),
        level,
      };
    }),
  );
  return (
    <section aria-labelledby="adaptive-dash-heading" className="space-y-3" data-testid="adaptive-redundancy-dashboard">
      <h3 id="adaptive-dash-heading" className="text-base font-medium">Adaptive redundancy</h3>
      {sections.map((s) =>
        s.missing ? (
          <p key={s.rule.field} className="text-sm text-slate-600">The rule on {s.rule.field} names a field the scheme no longer has a level for; it adds no raters.</p>
        ) : (
          <div key={s.rule.field} className="space-y-2">
            <RatersSpentChart field={s.rule.field} k={s.rule.k} max={s.rule.max} spend={s.spend} />
            <p className="text-sm text-slate-700" data-testid={`adaptive-alpha-${s.rule.field}`}>
              Krippendorff&apos;s α of {s.rule.field} ({s.level}, 95 % bootstrap interval over units): with every rater {alphaText(s.all)}; with the first raters only {alphaText(s.first)}.
            </p>
          </div>
        ),
      )}
    </section>
  );
}
