/**
 * A field: id + scope (what it is anchored to) + kind (what its value is) +
 * measurement level (how agreement treats it) + guidelines. One schema per
 * kind, joined on `kind`; each kind checks its own consistency (a scale's
 * range, unique option values, clashing keys) so those errors are reported
 * even when another field of the document is broken.
 */
import { z } from "zod";
import { ZMeasurementLevel, LEVELS_BY_KIND, FIELD_KINDS, type TFieldKind } from "./measurement-level";
import { ZAlignmentPattern, ZKey, ZMarkdown, ZOption, ZOptionValue, ZValueLabel, valueLabelKey, type TOption, type TValueLabel } from "./scheme-option";
import { ZSchemeScope, scopeName, type TSchemeScope } from "./scheme-scope";
import { ZFieldId, ZWhen } from "./scheme-when";

/** Where gold values come from: a value the item carries (imported with it), or the adjudicated value. */
export const ZGold = z.union(
  [
    z.object({ from: z.literal("item"), key: z.string().min(1).describe("The item's data key holding the gold value.") }).strict(),
    z.object({ from: z.literal("adjudication") }).strict(),
  ],
  { error: 'gold is { "from": "item", "key": "<item data key>" } or { "from": "adjudication" }' },
).meta({ id: "Gold", description: "Where gold values come from." });

const ZItemListName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "a list name is letters, digits, '_' and '-'")
  .describe("The item's list the options come from, e.g. \"candidates\" for a cloze item.");

const base = {
  id: ZFieldId,
  label: z.string().min(1, "a label cannot be empty").describe("Shown to the annotator."),
  description: z.string().optional().describe("One line under the label."),
  scope: ZSchemeScope,
  required: z.boolean().default(false).describe("Must be filled before the item can be submitted (when shown)."),
  when: ZWhen.optional(),
  level: ZMeasurementLevel.optional().describe("Measurement level for agreement; each kind has a default."),
  gold: ZGold.optional(),
  guidelines: ZMarkdown.optional(),
};

type TCtx = z.core.$RefinementCtx;

function issue(ctx: TCtx, path: (string | number)[], message: string) {
  ctx.addIssue({ code: "custom", message, path });
}

const aKind = (kind: TFieldKind) => `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`;

function checkLevel(kind: TFieldKind, level: string | undefined, ctx: TCtx) {
  if (level === undefined) return;
  const allowed = LEVELS_BY_KIND[kind];
  if (allowed.length === 0) issue(ctx, ["level"], `${aKind(kind)} field has no measurement level`);
  else if (!allowed.includes(level as (typeof allowed)[number])) issue(ctx, ["level"], `${aKind(kind)} field is ${allowed.join(" or ")}, not ${level}`);
}

function checkScope(kind: TFieldKind, scope: TSchemeScope, allowed: readonly string[], ctx: TCtx, why: string) {
  const name = typeof scope === "string" ? scope : "role";
  if (!allowed.includes(name)) issue(ctx, ["scope"], `${aKind(kind)} field cannot have scope ${scopeName(scope)} (${why})`);
}

/** Option values and keys must be unique: a stored value must mean one thing, a key choose one thing. */
function checkOptions(options: readonly TOption[], ctx: TCtx, path: (string | number)[], what = "option") {
  const values = new Map<string, number>();
  for (const [i, o] of options.entries()) {
    const v = JSON.stringify(o.value);
    const first = values.get(v);
    if (first !== undefined) issue(ctx, [...path, i, "value"], `${what} value ${v} is already used by ${what} ${first + 1}`);
    else values.set(v, i);
  }
}

/**
 * Keys active at the same time must differ. Within a field every option key
 * is active together; in a span field the label keys and every attribute's
 * keys are active together while a span is selected. Letters compare
 * case-insensitively, as the keymap matches them.
 */
function checkKeys(keys: readonly { key: string | undefined; path: (string | number)[] }[], ctx: TCtx) {
  const seen = new Map<string, (string | number)[]>();
  for (const { key, path } of keys) {
    if (key === undefined) continue;
    const k = key.toLowerCase();
    const first = seen.get(k);
    if (first) issue(ctx, [...path, "key"], `key "${key}" is already used by ${formatRelativePath(first)}`);
    else seen.set(k, path);
  }
}

function formatRelativePath(path: (string | number)[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

const optionKeys = (options: readonly TOption[], path: (string | number)[]) => options.map((o, i) => ({ key: o.key, path: [...path, i] }));

const labelKeys = (labels: Record<string, TValueLabel>) =>
  Object.entries(labels).map(([v, l]) => ({ key: valueLabelKey(l), path: ["labels", v] }));

/** Exactly one of `options` and `optionsFrom`. */
function checkOptionSource(f: { options?: TOption[]; optionsFrom?: string }, ctx: TCtx) {
  if (f.options === undefined && f.optionsFrom === undefined) issue(ctx, ["options"], "at least one option (or optionsFrom)");
  if (f.options !== undefined && f.optionsFrom !== undefined) issue(ctx, ["optionsFrom"], "give options or optionsFrom, not both");
  if (f.options) {
    checkOptions(f.options, ctx, ["options"]);
    checkKeys(optionKeys(f.options, ["options"]), ctx);
  }
}

const EPSILON = 1e-9;
function onGrid(v: number, min: number, step: number): boolean {
  const n = (v - min) / step;
  return Math.abs(n - Math.round(n)) < EPSILON * Math.max(1, Math.abs(n));
}

export const ZScaleField = z
  .object({
    ...base,
    kind: z.literal("scale"),
    min: z.number().describe("Lowest value."),
    max: z.number().describe("Highest value."),
    step: z.number().positive("step must be positive").default(1).describe("Distance between values (default 1)."),
    labels: z
      .record(z.string(), ZValueLabel)
      .optional()
      .describe('Labels keyed by value: the ends ({"1": "opaque", "7": "transparent"}) or every value.'),
  })
  .strict()
  .meta({ id: "ScaleField" })
  .superRefine((f, ctx) => {
    checkLevel("scale", f.level, ctx);
    if (!(f.min < f.max)) issue(ctx, ["max"], `max (${f.max}) must be greater than min (${f.min})`);
    else if (!onGrid(f.max, f.min, f.step)) issue(ctx, ["step"], `step ${f.step} does not lead from min ${f.min} to max ${f.max}`);
    for (const v of Object.keys(f.labels ?? {})) {
      const n = Number(v);
      if (v.trim() === "" || !Number.isFinite(n)) issue(ctx, ["labels", v], `"${v}" is not a number`);
      else if (n < f.min || n > f.max) issue(ctx, ["labels", v], `${v} is outside the scale ${f.min}–${f.max}`);
      else if (!onGrid(n, f.min, f.step)) issue(ctx, ["labels", v], `${v} is not a value of the scale (step ${f.step} from ${f.min})`);
    }
    if (f.labels) checkKeys(labelKeys(f.labels), ctx);
  });

const choiceShape = {
  ...base,
  options: z.array(ZOption).min(1, "at least one option").optional().describe("The options, in the order they are shown and numbered."),
  optionsFrom: ZItemListName.optional(),
  shuffle: z
    .boolean()
    .default(false)
    .describe("Show the options in an order shuffled per annotator and item (seeded, so it is stable); the value stored is the option, never its position."),
};

export const ZChoiceField = z
  .object({ ...choiceShape, kind: z.literal("choice") })
  .strict()
  .meta({ id: "ChoiceField" })
  .superRefine((f, ctx) => {
    checkLevel("choice", f.level, ctx);
    checkOptionSource(f, ctx);
  });

export const ZMultiField = z
  .object({
    ...choiceShape,
    kind: z.literal("multi"),
    minSelected: z.number().int().min(0).optional().describe("At least this many options when filled."),
    maxSelected: z.number().int().min(1).optional().describe("At most this many options."),
  })
  .strict()
  .meta({ id: "MultiField" })
  .superRefine((f, ctx) => {
    checkLevel("multi", f.level, ctx);
    checkOptionSource(f, ctx);
    if (f.minSelected !== undefined && f.maxSelected !== undefined && f.minSelected > f.maxSelected) {
      issue(ctx, ["maxSelected"], `maxSelected (${f.maxSelected}) is less than minSelected (${f.minSelected})`);
    }
    const n = f.options?.length;
    if (n !== undefined && f.minSelected !== undefined && f.minSelected > n) issue(ctx, ["minSelected"], `minSelected (${f.minSelected}) is more than the ${n} options`);
  });

export const ZBooleanField = z
  .object({
    ...base,
    kind: z.literal("boolean"),
    labels: z
      .object({ true: ZValueLabel.optional(), false: ZValueLabel.optional() })
      .strict()
      .optional()
      .describe('Labels of the two answers, e.g. {"true": "yes", "false": "no"}.'),
  })
  .strict()
  .meta({ id: "BooleanField" })
  .superRefine((f, ctx) => {
    checkLevel("boolean", f.level, ctx);
    if (f.labels) checkKeys(labelKeys(f.labels as Record<string, TValueLabel>), ctx);
  });

export const ZNumberField = z
  .object({
    ...base,
    kind: z.literal("number"),
    min: z.number().optional(),
    max: z.number().optional(),
    integer: z.boolean().default(false).describe("Only whole numbers."),
    unit: z.string().optional().describe("Shown after the input, e.g. \"seconds\"."),
  })
  .strict()
  .meta({ id: "NumberField" })
  .superRefine((f, ctx) => {
    checkLevel("number", f.level, ctx);
    if (f.min !== undefined && f.max !== undefined && !(f.min < f.max)) issue(ctx, ["max"], `max (${f.max}) must be greater than min (${f.min})`);
  });

export const ZTextField = z
  .object({
    ...base,
    kind: z.literal("text"),
    maxLength: z.number().int().positive().default(2000).describe("Longest accepted text (default 2000 characters)."),
    multiline: z.boolean().default(false),
  })
  .strict()
  .meta({ id: "TextField" })
  .superRefine((f, ctx) => checkLevel("text", f.level, ctx));

export const EDIT_VARIANTS = ["figurative", "literal", "reference"] as const;
export const EDIT_BASES = ["translation", "any-translation", "source", "empty"] as const;

export const ZEditField = z
  .object({
    ...base,
    kind: z.literal("edit"),
    variant: z
      .enum(EDIT_VARIANTS)
      .optional()
      .describe("figurative: keep figurative language; literal: without it (MMTE B.5); reference: the annotator's own reference translation, neither (MetaHOPE's post-edit, the workbooks' \"Human Gold Standard\")."),
    base: z
      .enum(EDIT_BASES)
      .optional()
      .describe(
        "Starting text. translation: the translation in scope (default at translation scopes); any-translation: the annotator picks one of the segment's translations (default at segment scope); source; empty.",
      ),
    maxLength: z.number().int().positive().default(5000).describe("Longest accepted edit (default 5000 characters)."),
  })
  .strict()
  .meta({ id: "EditField" })
  .superRefine((f, ctx) => {
    checkLevel("edit", f.level, ctx);
    checkScope("edit", f.scope, ["segment", "translation", "mrw-translation", "role"], ctx, "an edit needs a text to edit");
    if (f.base === "translation" && f.scope !== "translation" && f.scope !== "mrw-translation") {
      issue(ctx, ["base"], `base "translation" needs scope translation or mrw-translation, not ${scopeName(f.scope)}`);
    }
    if (f.base === "any-translation" && f.scope !== "segment") issue(ctx, ["base"], `base "any-translation" needs scope segment, not ${scopeName(f.scope)}`);
  });

export const ZSpanAttribute = z
  .object({
    id: ZFieldId.describe("Stored as a key of each span, e.g. \"severity\"."),
    label: z.string().min(1),
    required: z.boolean().default(true).describe("Every span must have a value for it."),
    appliesTo: z.array(z.union([z.string(), z.number()])).min(1).optional().describe("The span labels that carry it (default: all)."),
    options: z.array(ZOption).min(1, "at least one option"),
    guidelines: ZMarkdown.optional(),
  })
  .strict();

export const MRW_LINKS = ["none", "optional", "required"] as const;

/** The texts a translation-scope span may lie on: the translation itself, or its segment's source (MQM marks source errors and omissions there). */
export const SPAN_TEXTS = ["target", "source"] as const;
export type TSpanText = (typeof SPAN_TEXTS)[number];

/** A span label: an option that may sit under a group of the field's category tree (MQM's "Accuracy" over "Accuracy/Mistranslation"). */
export const ZSpanLabel = ZOption.extend({
  group: z.string().min(1).optional().describe("The id of the group (a node of the category tree) the label sits under."),
})
  .strict()
  .meta({ id: "SpanLabel" });
export type TSpanLabel = z.infer<typeof ZSpanLabel>;

/** A node of a span field's category tree; the labels are its leaves, each naming its group. */
export const ZSpanGroup = z
  .object({
    id: z.string().min(1).describe("What labels name in `group`, e.g. \"Accuracy\"."),
    label: z.string().min(1).optional(),
    description: z.string().optional(),
    guidelines: ZMarkdown.optional(),
  })
  .strict()
  .meta({ id: "SpanGroup" });

/**
 * A weight rule: the first rule whose label (a label value or a group id) and attribute values
 * all match a span gives its weight; a span no rule matches weighs the sum of the declared weights
 * of its label and attribute options. MQM: Non-translation 25, Minor Fluency/Punctuation 0.1.
 */
export const ZSpanWeight = z
  .object({
    label: ZOptionValue.optional().describe("A label value or a group id; absent: any label."),
    attributes: z.record(z.string(), ZOptionValue).optional().describe("Attribute values the span must have, e.g. {\"severity\": \"Minor\"}."),
    weight: z.number().describe("The span's weight when the rule matches."),
  })
  .strict()
  .meta({ id: "SpanWeight" });
export type TSpanWeight = z.infer<typeof ZSpanWeight>;

/** The explicit "nothing to mark" answer: stores `[]`, which the workspace otherwise never stores. */
export const ZSpanNone = z
  .object({
    label: z.string().min(1).default("No error").describe("The button's text, e.g. \"No error\"."),
    key: ZKey.optional(),
    description: z.string().optional(),
  })
  .strict()
  .meta({ id: "SpanNone" });

export const ZSpansField = z
  .object({
    ...base,
    kind: z.literal("spans"),
    labels: z.array(ZSpanLabel).min(1, "at least one label").describe("The label set, e.g. error categories; with groups, the leaves of the category tree."),
    // optional, not defaulted: a field without them parses to the same JSON it was written as, so the
    // presets stored before these keys existed (migration 20261126000000) still equal the presets
    groups: z.array(ZSpanGroup).optional().describe("The category tree's groups, which labels name in `group` (MQM: Accuracy, Fluency, …)."),
    attributes: z.array(ZSpanAttribute).default([]).describe("Values every span carries besides its label, e.g. severity with weights."),
    allowEmpty: z.boolean().default(false).describe("Allow zero-length spans: a position, e.g. for an omission."),
    mrw: z.enum(MRW_LINKS).default("none").describe("Whether a span names the MRW it concerns (MetaHOPE: optional, none = sentence level)."),
    comments: z.boolean().default(false).describe("A free-text comment per span."),
    on: z
      .array(z.enum(SPAN_TEXTS))
      .min(1)
      .optional()
      .describe("Translation scope only: the texts spans may lie on, target (the translation) and/or source; each span then says which (`on`, default target)."),
    weights: z.array(ZSpanWeight).optional().describe("Ordered weight rules for scores; the first match wins (else the label's and attributes' option weights)."),
    none: ZSpanNone.optional().describe("An explicit \"nothing to mark\" answer (MQM's No-error), stored as []; a required field is then answered by it or by a span."),
  })
  .strict()
  .meta({ id: "SpansField" })
  .superRefine((f, ctx) => {
    checkLevel("spans", f.level, ctx);
    checkScope("spans", f.scope, ["segment", "translation", "role"], ctx, "spans are marked in the source, translation or role text");
    checkOptions(f.labels, ctx, ["labels"], "label");
    const groupIds = new Set<string>();
    for (const [i, g] of (f.groups ?? []).entries()) {
      if (groupIds.has(g.id)) issue(ctx, ["groups", i, "id"], `group "${g.id}" is declared twice`);
      groupIds.add(g.id);
    }
    for (const [i, l] of f.labels.entries()) {
      if (l.group !== undefined && !groupIds.has(l.group)) issue(ctx, ["labels", i, "group"], `group "${l.group}" is not declared in groups`);
    }
    if (f.on !== undefined) {
      if (f.scope !== "translation") issue(ctx, ["on"], `on needs scope translation (a translation's spans may lie on it or on its source), not ${scopeName(f.scope)}`);
      if (new Set(f.on).size !== f.on.length) issue(ctx, ["on"], "a text is listed twice");
    }
    const ids = new Set<string>();
    const labelValues = new Set(f.labels.map((l) => JSON.stringify(l.value)));
    const keys = optionKeys(f.labels, ["labels"]);
    for (const [i, a] of f.attributes.entries()) {
      if (ids.has(a.id)) issue(ctx, ["attributes", i, "id"], `attribute "${a.id}" is declared twice`);
      ids.add(a.id);
      checkOptions(a.options, ctx, ["attributes", i, "options"]);
      for (const [j, l] of (a.appliesTo ?? []).entries()) {
        if (!labelValues.has(JSON.stringify(l))) issue(ctx, ["attributes", i, "appliesTo", j], `${JSON.stringify(l)} is not one of the labels`);
      }
      keys.push(...optionKeys(a.options, ["attributes", i, "options"]));
    }
    for (const [i, w] of (f.weights ?? []).entries()) {
      if (w.label !== undefined && !labelValues.has(JSON.stringify(w.label)) && !(typeof w.label === "string" && groupIds.has(w.label))) {
        issue(ctx, ["weights", i, "label"], `${JSON.stringify(w.label)} is neither a label nor a group`);
      }
      for (const [k, v] of Object.entries(w.attributes ?? {})) {
        const a = f.attributes.find((x) => x.id === k);
        if (!a) issue(ctx, ["weights", i, "attributes", k], `"${k}" is not an attribute (${f.attributes.map((x) => x.id).join(", ") || "none declared"})`);
        else if (!a.options.some((o) => o.value === v)) issue(ctx, ["weights", i, "attributes", k], `${JSON.stringify(v)} is not one of ${a.options.map((o) => JSON.stringify(o.value)).join(", ")}`);
      }
    }
    if (f.none) keys.push({ key: f.none.key, path: ["none"] });
    checkKeys(keys, ctx);
  });

export const ZTagsField = z
  .object({
    ...base,
    kind: z.literal("tags"),
    tags: z.array(ZOption).min(1, "at least one tag").describe("The tag set. With bio, list X only: B-X, I-X and O are derived."),
    bio: z.boolean().default(false).describe("Tags are stored as B-X / I-X / O per token."),
    tokens: z.enum(["item", "whitespace"]).default("item").describe("item: the tokens the item was imported with; whitespace: split the text on spaces."),
  })
  .strict()
  .meta({ id: "TagsField" })
  .superRefine((f, ctx) => {
    checkLevel("tags", f.level, ctx);
    checkScope("tags", f.scope, ["segment", "translation", "role"], ctx, "tokens are tagged in the source, translation or role text");
    checkOptions(f.tags, ctx, ["tags"], "tag");
    checkKeys(optionKeys(f.tags, ["tags"]), ctx);
    if (f.bio) {
      for (const [i, t] of f.tags.entries()) {
        if (typeof t.value !== "string") issue(ctx, ["tags", i, "value"], "BIO tags are strings");
        else if (t.value === "O" || /^[BI]-/.test(t.value)) issue(ctx, ["tags", i, "value"], `list "${t.value.replace(/^[BI]-/, "")}" only: with bio, B-, I- and O are derived`);
      }
    }
  });

export const ZAlignmentField = z
  .object({
    ...base,
    kind: z.literal("alignment"),
    // optional, not defaulted: an alignment with patterns parses to the same JSON it was written
    // as, so the MetaHOPE preset stored before patterns became optional still equals the preset
    patterns: z
      .array(ZAlignmentPattern)
      .min(1, "at least one pattern, or leave patterns out to mark only the target words")
      .optional()
      .describe(
        "How the source unit is realised in the target (MetaHOPE realisation patterns). Without patterns the field marks only where the unit is rendered (MMTE's target words): its value is { spans }, an empty list meaning not rendered.",
      ),
    none: ZSpanNone.optional().describe('Without patterns: the explicit "not rendered" answer, stored as { "spans": [] }; a required field is then answered by it or by marked words.'),
  })
  .strict()
  .meta({ id: "AlignmentField" })
  .superRefine((f, ctx) => {
    checkLevel("alignment", f.level, ctx);
    checkScope("alignment", f.scope, ["mrw-translation"], ctx, "an alignment links one source MRW to spans of one translation");
    if (f.patterns) {
      checkOptions(f.patterns, ctx, ["patterns"], "pattern");
      checkKeys(optionKeys(f.patterns, ["patterns"]), ctx);
      // a pattern says whether there is a target (span "none" is an omission): no second way to say it
      if (f.none) issue(ctx, ["none"], 'none is for an alignment without patterns; with patterns, an omission is a pattern with "span": "none"');
    }
  });

export const ZVectorField = z
  .object({
    ...base,
    kind: z.literal("vector"),
    dimensions: z
      .array(z.object({ id: ZFieldId, label: z.string().min(1).optional(), description: z.string().optional(), key: ZKey.optional() }).strict())
      .min(1, "at least one dimension")
      .describe("Named dimensions, e.g. emotion intensities."),
    min: z.number(),
    max: z.number(),
    step: z.number().positive("step must be positive").optional(),
    nonZero: z
      .union([z.literal(true), z.string().min(1)])
      .optional()
      .describe("Refuse a vector with every dimension 0 (true, or the message to show, e.g. \"mark neutrality when no emotion is present\")."),
  })
  .strict()
  .meta({ id: "VectorField" })
  .superRefine((f, ctx) => {
    checkLevel("vector", f.level, ctx);
    if (!(f.min < f.max)) issue(ctx, ["max"], `max (${f.max}) must be greater than min (${f.min})`);
    const ids = new Map<string, number>();
    for (const [i, d] of f.dimensions.entries()) {
      if (ids.has(d.id)) issue(ctx, ["dimensions", i, "id"], `dimension "${d.id}" is already dimension ${ids.get(d.id)! + 1}`);
      else ids.set(d.id, i);
    }
    checkKeys(f.dimensions.map((d, i) => ({ key: d.key, path: ["dimensions", i] })), ctx);
  });

export const ZSchemeField = z.discriminatedUnion(
  "kind",
  [ZScaleField, ZChoiceField, ZMultiField, ZBooleanField, ZNumberField, ZTextField, ZEditField, ZSpansField, ZTagsField, ZAlignmentField, ZVectorField],
  { error: `kind must be one of ${FIELD_KINDS.join(", ")}` },
);
export type TSchemeField = z.infer<typeof ZSchemeField>;
export type TSchemeFieldInput = z.input<typeof ZSchemeField>;
