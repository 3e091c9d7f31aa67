/**
 * How a Label Studio project maps onto a Tropos project's scheme (issue 20.5): a JSON file the lead
 * writes from the Label Studio labelling config, checked here before any task is read.
 *
 * {
 *   "task": { "text": "text", "id": "sid", "document": "doc", "translation": "mt", "system": "system" },
 *   "controls": [
 *     { "from": "sentiment", "type": "choices", "field": "sentiment", "values": { "Positive": "positive" } },
 *     { "from": "label", "type": "labels", "field": "metaphors", "on": "text" },
 *     { "from": "comment", "type": "textarea", "field": "note" },
 *     { "from": "quality", "type": "rating", "field": "fluency" },
 *     { "from": "errors", "type": "labels", "field": "errors", "on": "translation" },
 *     { "from": "errors_source", "type": "labels", "field": "errors", "on": "text" },
 *     { "from": "severity", "type": "choices", "field": "errors", "on": "translation", "attribute": "severity" }
 *   ],
 *   "annotators": { "10": "ann1@lab.org" }
 * }
 *
 * - task: which `data` keys hold the source text (required), the item id (default: the task's id),
 *   the document (default: one document named after the file), and for translation-scope fields the
 *   translation's text and system (a data key, or `"=name"` for one system for every task).
 * - controls: each Label Studio control (`from_name`, its region type) → a scheme field; `values`
 *   renames choices and labels (default: as they are). `labels` regions become spans of the text
 *   named by `on` (`"text"` the source, `"translation"`); `choices` a choice (one) or multi
 *   (several); `textarea` a text (lines joined by a line break); `rating` a scale or number.
 *   Of a translation-scope spans field that declares `on` (MQM), spans of a control on "text" are
 *   on the source (`on: "source"`), on "translation" on the target. A `choices` control with
 *   `attribute` is per region (`perRegion="true"` in Label Studio): its choice is that attribute
 *   of the spans of the labels region with the same region id (MQM's severity).
 * - annotators: Label Studio user ids → emails or names (default: `label-studio-user-<id>`, or the
 *   email when the export carries one).
 * Regions of a control the mapping does not name are left out, with a warning per control.
 */
import { z } from "zod";

export const LABEL_STUDIO_REGION_TYPES = ["choices", "labels", "textarea", "rating"] as const;

const ZDataKey = z.string().min(1, "name a data key");

export const ZLabelStudioMapping = z
  .object({
    task: z
      .object({
        text: ZDataKey.describe("The data key of the source text."),
        id: ZDataKey.optional().describe("The data key of the item's id (default: the task's id)."),
        document: ZDataKey.optional().describe("The data key of the document (default: one document per file)."),
        translation: ZDataKey.optional().describe("The data key of the translation's text, for translation-scope fields."),
        system: z.string().min(1).optional().describe('The data key of the system, or "=name" for one system.'),
      })
      .strict(),
    controls: z
      .array(
        z
          .object({
            from: z.string().min(1).describe("The control's name (from_name)."),
            type: z.enum(LABEL_STUDIO_REGION_TYPES, { error: `type is one of ${LABEL_STUDIO_REGION_TYPES.join(", ")}` }),
            field: z.string().min(1).describe("The scheme field it fills."),
            on: z.enum(["text", "translation"]).default("text").describe("labels: the text the offsets count in."),
            values: z.record(z.string(), z.union([z.string().min(1), z.number()])).optional().describe("Label Studio value → Tropos value."),
            attribute: z.string().min(1).optional().describe("choices with perRegion: the span attribute (e.g. severity) of the labels region with the same id."),
          })
          .strict(),
      )
      .min(1, "map at least one control"),
    annotators: z.record(z.string(), z.string().min(1)).default({}),
  })
  .strict()
  .superRefine((m, ctx) => {
    const seen = new Set<string>();
    for (const [i, c] of m.controls.entries()) {
      if (seen.has(c.from)) ctx.addIssue({ code: "custom", path: ["controls", i, "from"], message: `control "${c.from}" is mapped twice` });
      seen.add(c.from);
      if (c.attribute !== undefined && c.type !== "choices") ctx.addIssue({ code: "custom", path: ["controls", i, "attribute"], message: "attribute goes with a per-region choices control" });
      if (c.on === "translation" && !m.task.translation) ctx.addIssue({ code: "custom", path: ["controls", i, "on"], message: 'on "translation" needs task.translation' });
    }
    if (m.task.translation && !m.task.system) ctx.addIssue({ code: "custom", path: ["task", "system"], message: 'task.translation needs task.system (a data key, or "=name")' });
  });
export type TLabelStudioMapping = z.infer<typeof ZLabelStudioMapping>;
