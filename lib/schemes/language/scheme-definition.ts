/**
 * The scheme language: one document, validated here, that says what
 * annotators judge (fields), where each judgement is anchored (scope), what
 * its value is (kind), how agreement treats it (level), and what the
 * guidelines say. Reference: lib/schemes/README.md.
 *
 * The per-kind checks live with each kind (scheme-field.ts); the checks here
 * need the whole document: ids, `when` references, roles.
 */
import { z } from "zod";
import { ZMarkdown } from "./scheme-option";
import { ZSchemeField, type TSchemeField } from "./scheme-field";
import { ZRoleId, scopeEncloses, scopeName, sameScope } from "./scheme-scope";
import { whenSubject, type TWhenValue } from "./scheme-when";
import { measurementLevelOf } from "./measurement-level";
import { findNamedAnalysis, NAMED_ANALYSIS_NAMES } from "./named-analyses";

export const ZSchemeRole = z
  .object({
    id: ZRoleId,
    label: z.string().min(1).optional().describe("Shown above the text, e.g. \"Premise\"."),
    description: z.string().optional(),
  })
  .strict();

export const ZSchemeWorkflow = z
  .object({
    readDocumentFirst: z
      .boolean()
      .default(false)
      .describe(
        "The annotator reads the whole document (scrolls through it, or marks it read) before any of its sentences opens, and saves are refused until then (MetaHOPE's guideline: read the whole news document first).",
      ),
  })
  .strict();

export const ZSchemeDefinition = z
  .object({
    $schema: z.string().optional().describe("The JSON Schema URL, for editors; ignored by Tropos."),
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, "an id is lower-case letters, digits and '-'")
      .describe("Stable identifier, e.g. \"idiom-judgement\"."),
    version: z.number().int("version is a whole number").min(1, "version starts at 1").describe("Raise it whenever the scheme changes."),
    name: z.string().min(1, "a name cannot be empty"),
    description: z.string().optional(),
    guidelines: ZMarkdown.default("").describe("Markdown guidelines for the whole task."),
    roles: z.array(ZSchemeRole).default([]).describe("Item texts by role (e.g. premise, hypothesis) that fields can be anchored to."),
    analyses: z
      .array(z.string().regex(/^[a-z0-9-]+\.[a-z0-9.-]+$/, "an analysis is named like \"metahope.tables3-6\""))
      .default([])
      .describe(`Named paper analyses (computed by code) the reports run besides agreement per field: ${NAMED_ANALYSIS_NAMES.join(", ")}.`),
    workflow: ZSchemeWorkflow.default({ readDocumentFirst: false }).describe("How annotators move through the items."),
    fields: z.array(ZSchemeField).min(1, "at least one field"),
  })
  .strict()
  .superRefine((scheme, ctx) => checkScheme(scheme, ctx));

export type TSchemeDefinition = z.infer<typeof ZSchemeDefinition>;
export type TSchemeDefinitionInput = z.input<typeof ZSchemeDefinition>;

type TCtx = z.core.$RefinementCtx;
const show = (v: unknown) => JSON.stringify(v);

/** Values a field can take, for checking a `when` against it; null when it cannot be known in advance. */
function possibleValues(field: TSchemeField): { accepts: (v: TWhenValue) => boolean; describe: string } | null {
  switch (field.kind) {
    case "choice":
    case "multi":
      if (!field.options) return { accepts: (v) => typeof v === "string", describe: `a value of the item's "${field.optionsFrom}" list` };
      {
        const values = field.options.map((o) => o.value);
        return { accepts: (v) => values.some((o) => o === v), describe: `one of ${values.map(show).join(", ")}` };
      }
    case "scale": {
      const { min, max, step } = field;
      return {
        accepts: (v) => typeof v === "number" && v >= min && v <= max && Math.abs((v - min) / step - Math.round((v - min) / step)) < 1e-9,
        describe: `a value of the scale ${min}–${max}${step !== 1 ? ` (step ${step})` : ""}`,
      };
    }
    case "boolean":
      return { accepts: (v) => typeof v === "boolean", describe: "true or false" };
    case "number":
      return {
        accepts: (v) => typeof v === "number" && (field.min === undefined || v >= field.min) && (field.max === undefined || v <= field.max) && (!field.integer || Number.isInteger(v)),
        describe: "a number in the field's range",
      };
    default:
      return null;
  }
}

function checkScheme(scheme: { roles: { id: string }[]; analyses: string[]; fields: TSchemeField[] }, ctx: TCtx) {
  const roleIds = new Set<string>();
  for (const [i, r] of scheme.roles.entries()) {
    if (roleIds.has(r.id)) ctx.addIssue({ code: "custom", path: ["roles", i, "id"], message: `role "${r.id}" is declared twice` });
    roleIds.add(r.id);
  }
  const analyses = new Set<string>();
  for (const [i, a] of scheme.analyses.entries()) {
    if (analyses.has(a)) ctx.addIssue({ code: "custom", path: ["analyses", i], message: `analysis "${a}" is listed twice` });
    // a named analysis is code (lib/schemes/language/named-analyses.ts): an unknown name would silently compute nothing
    else if (!findNamedAnalysis(a)) ctx.addIssue({ code: "custom", path: ["analyses", i], message: `unknown analysis "${a}" (known: ${NAMED_ANALYSIS_NAMES.join(", ")})` });
    analyses.add(a);
  }

  const earlier = new Map<string, { index: number; field: TSchemeField }[]>();
  for (const [i, f] of scheme.fields.entries()) {
    const at = (...p: (string | number)[]) => ["fields", i, ...p];
    if (typeof f.scope !== "string" && !roleIds.has(f.scope.role)) {
      ctx.addIssue({ code: "custom", path: at("scope", "role"), message: `role "${f.scope.role}" is not declared in roles` });
    }

    const same = earlier.get(f.id);
    if (same) checkAlternative(f, same, ctx, at);

    if (f.when && "field" in f.when) {
      const target = f.when.field === f.id ? undefined : earlier.get(f.when.field);
      if (f.when.field === f.id) ctx.addIssue({ code: "custom", path: at("when", "field"), message: "a field cannot depend on itself" });
      else if (!target) {
        const ref = f.when.field;
        const later = scheme.fields.findIndex((g, j) => j > i && g.id === ref);
        ctx.addIssue({
          code: "custom",
          path: at("when", "field"),
          message: later >= 0 ? `"${f.when.field}" comes later (fields[${later}]); a field can only depend on an earlier one` : `no field "${f.when.field}"`,
        });
      } else {
        const t = target[0].field;
        if (!scopeEncloses(t.scope, f.scope)) {
          ctx.addIssue({
            code: "custom",
            path: at("when", "field"),
            message: `"${t.id}" has scope ${scopeName(t.scope)}, which does not enclose ${scopeName(f.scope)}: there is no single value to look at`,
          });
        }
        const values = target.map((x) => possibleValues(x.field));
        if (values.some((v) => v === null)) {
          ctx.addIssue({ code: "custom", path: at("when", "field"), message: `"${t.id}" is ${/^[aeiou]/.test(t.kind) ? "an" : "a"} ${t.kind} field; when can only look at choice, multi, scale, boolean and number fields` });
        } else {
          for (const [j, v] of f.when.in.entries()) {
            if (!values.some((p) => p!.accepts(v))) {
              ctx.addIssue({ code: "custom", path: at("when", "in", j), message: `"${t.id}" never has the value ${show(v)}; it takes ${values.map((p) => p!.describe).join(" or ")}` });
            }
          }
        }
      }
    } else if (f.when && "item" in f.when) {
      if (f.scope === "document") ctx.addIssue({ code: "custom", path: at("when", "item"), message: "a document has no metaphorical property; use segment scope or below" });
      for (const [j, v] of f.when.in.entries()) {
        if (typeof v !== "boolean") ctx.addIssue({ code: "custom", path: at("when", "in", j), message: `"${f.when.item}" is true or false, not ${show(v)}` });
      }
    }

    if (!same) earlier.set(f.id, [{ index: i, field: f }]);
    else same.push({ index: i, field: f });
  }
}

/**
 * A repeated id is allowed only for alternatives of one stored field: the same
 * scope, kind and level, each shown under a `when` on the same subject, with
 * value sets that do not overlap, so exactly one alternative applies to any item.
 */
function checkAlternative(f: TSchemeField, same: { index: number; field: TSchemeField }[], ctx: TCtx, at: (...p: (string | number)[]) => (string | number)[]) {
  const first = same[0];
  const firstRef = `fields[${first.index}]`;
  if (!f.when || same.some((s) => !s.field.when)) {
    ctx.addIssue({
      code: "custom",
      path: at("id"),
      message: `field id "${f.id}" is already used by ${firstRef}; ids are unique unless each entry is an alternative with its own when`,
    });
    return;
  }
  const g = first.field;
  if (f.kind !== g.kind || !sameScope(f.scope, g.scope) || measurementLevelOf(f) !== measurementLevelOf(g)) {
    ctx.addIssue({ code: "custom", path: at("id"), message: `"${f.id}" repeats ${firstRef} as an alternative, so it needs the same kind, scope and level` });
    return;
  }
  for (const s of same) {
    if (whenSubject(s.field.when!) !== whenSubject(f.when)) {
      ctx.addIssue({ code: "custom", path: at("when"), message: `alternatives of "${f.id}" must depend on the same thing as fields[${s.index}] (${whenSubject(s.field.when!)})` });
      return;
    }
    const overlap = f.when.in.filter((v) => s.field.when!.in.some((w) => w === v));
    if (overlap.length > 0) {
      ctx.addIssue({ code: "custom", path: at("when", "in"), message: `alternatives of "${f.id}" overlap with fields[${s.index}] on ${overlap.map(show).join(", ")}` });
      return;
    }
  }
}
