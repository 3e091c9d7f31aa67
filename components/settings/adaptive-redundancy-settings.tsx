// Settings section of adaptive redundancy (issue 31 point 3): reads the project's rules and the
// fields a rule can apply to (those with a measurement level), and hands them to the form.
import { getDb } from "@/lib/db/client";
import { listAdaptiveRules } from "@/lib/db/assignments/adaptive-redundancy";
import { disagreementTestOf, thresholdMeaning } from "@/lib/assignments/adaptive-redundancy";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { AdaptiveRedundancyForm } from "./adaptive-redundancy-form";

export async function AdaptiveRedundancySettings({ slug, projectId, definition }: { slug: string; projectId: string; definition: TSchemeDefinition }) {
  const rules = await listAdaptiveRules(getDb(), projectId);
  const seen = new Set<string>();
  const fields = definition.fields.flatMap((f) => {
    if (seen.has(f.id)) return [];
    seen.add(f.id);
    const test = disagreementTestOf(f, 0);
    return "error" in test ? [] : [{ id: f.id, label: f.label, kind: f.kind, test: test.kind, meaning: thresholdMeaning(test.kind) }];
  });
  return <AdaptiveRedundancyForm slug={slug} rules={rules} fields={fields} />;
}
