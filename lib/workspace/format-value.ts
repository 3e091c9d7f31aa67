// Display text of a stored value (conflict dialog, lists): "4 — Good", "PART", "DIRECT: 用完了 / 蒸汽".
import { LIKERT_SCALE } from "@/lib/schemes/mmte";
import { METAHOPE_CATEGORY_DEFINITIONS, severityByPenalty, type TMetahopeCategory } from "@/lib/schemes/metahope";
import type { TSpan } from "@/lib/schemes/fields";

export function formatValue(field: string, value: unknown, text?: string): string {
  if (value === null || value === undefined) return "(empty)";
  if (typeof value === "number") return `${value} — ${LIKERT_SCALE.find((l) => l.value === value)?.name ?? ""}`;
  if (typeof value === "string") return value;
  if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    if ("pattern" in v) {
      const spans = (v.spans as TSpan[]) ?? [];
      return spans.length && text ? `${v.pattern}: ${spans.map((s) => text.slice(s.start, s.end)).join(" / ")}` : String(v.pattern);
    }
    if ("reviewed" in v) return v.reviewed ? "review done" : "not reviewed";
    if ("category" in v) {
      const c = METAHOPE_CATEGORY_DEFINITIONS[v.category as TMetahopeCategory];
      const span = text ? ` “${text.slice(Number(v.start), Number(v.end))}”` : "";
      // a draft span has no category/severity yet (null): say so rather than print "null"
      return `${c?.code ?? v.category ?? "(no category)"} ${severityByPenalty(Number(v.severity))?.name ?? v.severity ?? "(no severity)"}${span}${v.comment ? ` — ${v.comment}` : ""}`;
    }
    if ("text" in v) return String(v.text);
  }
  return JSON.stringify(value);
}
