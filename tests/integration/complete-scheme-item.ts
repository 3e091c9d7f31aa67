// Makes one item of the one runtime complete for an annotator, as the workspace's user would: a
// valid value for every required slot the scheme shows and the annotator has not answered yet
// (lib/schemes/language/scheme-completeness.ts, the rule the submit checks again on the server),
// saved through saveAnnotation. `leave` names fields left as they are, so a test can keep one
// part of the item incomplete on purpose.
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { shownSlots } from "@/lib/schemes/language/scheme-completeness";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import type { TSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { plainValues, schemeCompletenessItem, schemeItemValues } from "@/lib/workspace/scheme-item-values";

/** A value the field accepts whatever the item: the scale's lowest point, the first label, no span marked, a short text. */
function someValue(field: TSchemeField): unknown {
  switch (field.kind) {
    case "scale":
      return field.min;
    case "choice":
      return field.options?.[0]?.value;
    case "alignment": {
      const none = field.patterns?.find((p) => p.span !== "required");
      return field.patterns ? { pattern: none?.value, spans: [] } : { spans: [] };
    }
    case "spans":
      return [];
    case "edit":
    case "text":
      return "完成的译文。";
    default:
      throw new Error(`completeSchemeItem: no value for a ${field.kind} field (${field.id})`);
  }
}

export async function completeSchemeItem(
  db: Db,
  pool: Pool,
  opts: {
    project: { id: string; slug: string; sourceLang: string; targetLang: string };
    config: TSchemeConfig;
    runtime: TSchemeRuntime;
    annotatorId: string;
    segmentId: string;
    leave?: readonly string[];
  },
): Promise<void> {
  const item = await getSchemeWorkspaceItem(db, { project: opts.project, config: opts.config, annotatorId: opts.annotatorId, segmentKey: opts.segmentId, runtime: opts.runtime });
  const stored = schemeItemValues(item);
  const values = plainValues(stored);
  const done = new Set<string>();
  for (const slot of shownSlots(opts.runtime.definition, schemeCompletenessItem(item), values)) {
    if (!slot.field.required || opts.leave?.includes(slot.field.id) || done.has(slot.valueKey)) continue;
    if (values[slot.valueKey] !== undefined && values[slot.valueKey] !== null) continue;
    done.add(slot.valueKey);
    const { translationId, mrwId, role } = slot.unit;
    await saveAnnotation(pool, {
      projectId: opts.project.id,
      annotatorId: opts.annotatorId,
      config: opts.config,
      runtime: opts.runtime,
      input: { segmentId: item.segment.id, translationId, mrwId, role, field: slot.field.id, value: someValue(slot.field), baseVersion: stored[slot.valueKey]?.version ?? 0 },
    });
  }
}
