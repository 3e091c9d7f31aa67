/** The dry run's account of a Label Studio import: each mapped control with the field its regions land in, and what is left out. */
import type { TLabelStudioPlan } from "./parse-label-studio";

export function labelStudioPlanText(file: string, plan: TLabelStudioPlan): string {
  const lines = [
    `${file}: ${plan.tasks} tasks → ${plan.items} items; annotators: ${plan.annotators.join(", ") || "none"}`,
    ...plan.controls.map((c) => `  ${c.from} (${c.type}) → field ${c.field}: ${c.regions} region${c.regions === 1 ? "" : "s"}`),
    ...plan.unmapped.map((u) => `  ${u.from || "(no from_name)"} (${u.type}) → left out: ${u.regions} region${u.regions === 1 ? "" : "s"}`),
  ];
  return `${lines.join("\n")}\n`;
}
