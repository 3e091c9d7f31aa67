// The spans extensions MQM needs (issue 20): spans on the source or the target of a translation
// (`on`), a category tree (`groups` + each label's `group`), ordered weight rules (`weights`) and
// an explicit "nothing to mark" (`none`). Each rule is shown by a document that breaks only it.
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "./scheme-definition";
import { ZSpansField, type TSchemeField } from "./scheme-field";
import { formatIssuePath } from "./format-issue-path";
import { validateSchemeValue } from "./validate-value";
import { spanWeight } from "./span-weight";

const base = {
  id: "errors", scope: "translation", kind: "spans", label: "Errors",
  groups: [{ id: "Fluency" }],
  labels: [{ value: "Fluency/Punctuation", group: "Fluency", key: "p" }, { value: "Fluency/Grammar", group: "Fluency", key: "g" }, { value: "Non-translation", key: "n" }],
  attributes: [{ id: "severity", label: "Severity", options: [{ value: "Major", weight: 5, key: "1" }, { value: "Minor", weight: 1, key: "2" }] }],
  on: ["target", "source"],
  weights: [{ label: "Non-translation", weight: 25 }, { label: "Fluency/Punctuation", attributes: { severity: "Minor" }, weight: 0.1 }],
  none: { label: "No error", key: "0" },
};

function problems(field: object): string[] {
  const r = ZSchemeDefinition.safeParse({ id: "t", version: 1, name: "T", fields: [field] });
  return r.success ? [] : r.error.issues.map((i) => `${formatIssuePath(i.path)}: ${i.message}`);
}

const parsed = ZSpansField.parse(base) as Extract<TSchemeField, { kind: "spans" }>;

describe("spans: on, groups, weights, none", () => {
  it("accepts the MQM-shaped field", () => expect(problems(base)).toEqual([]));

  it("refuses a label under an undeclared group, a group twice, on outside translation scope, a weight on an unknown label or value, a none key in use", () => {
    expect(problems({ ...base, labels: [...base.labels, { value: "Style/Awkward", group: "Style" }] })).toEqual([`fields[0].labels[3].group: group "Style" is not declared in groups`]);
    expect(problems({ ...base, groups: [{ id: "Fluency" }, { id: "Fluency" }] })).toEqual(['fields[0].groups[1].id: group "Fluency" is declared twice']);
    expect(problems({ ...base, scope: "segment" })).toEqual(["fields[0].on: on needs scope translation (a translation's spans may lie on it or on its source), not segment"]);
    expect(problems({ ...base, weights: [{ label: "Style", weight: 1 }] })).toEqual(['fields[0].weights[0].label: "Style" is neither a label nor a group']);
    expect(problems({ ...base, weights: [{ attributes: { severity: "Critical" }, weight: 10 }] })).toEqual(['fields[0].weights[0].attributes.severity: "Critical" is not one of "Major", "Minor"']);
    expect(problems({ ...base, weights: [{ attributes: { kind: "x" }, weight: 10 }] })).toEqual(['fields[0].weights[0].attributes.kind: "kind" is not an attribute (severity)']);
    expect(problems({ ...base, none: { key: "p" } })[0]).toMatch(/^fields\[0\]\.none\.key: key "p" is already used by labels\[0\]/);
  });

  it("stores which text a span lies on, target by default, and refuses a text the field does not list", () => {
    const span = { start: 0, end: 3, label: "Fluency/Grammar", attributes: { severity: "Major" } };
    expect(validateSchemeValue(parsed, [span, { ...span, on: "source" }, { ...span, on: "target" }]).ok).toBe(true);
    expect(validateSchemeValue(parsed, [{ ...span, on: "reference" }])).toEqual({ ok: false, message: 'errors: span 1: on "reference" is not one of target, source' });
    const targetOnly = ZSpansField.parse({ ...base, on: ["target"] }) as typeof parsed;
    expect(validateSchemeValue(targetOnly, [{ ...span, on: "source" }])).toEqual({ ok: false, message: 'errors: span 1: on "source" is not one of target' });
    const { on: _on, ...withoutOn } = base;
    void _on;
    const plain = ZSpansField.parse(withoutOn) as typeof parsed;
    expect(validateSchemeValue(plain, [{ ...span, on: "target" }])).toEqual({ ok: false, message: 'errors: span 1: unknown key "on"' });
    // [] is the explicit "No error"
    expect(validateSchemeValue(parsed, []).ok).toBe(true);
  });

  it("weighs a span by the first matching rule, by group too, else by its options' weights", () => {
    expect(spanWeight(parsed, { label: "Non-translation", attributes: { severity: "Minor" } })).toBe(25);
    expect(spanWeight(parsed, { label: "Fluency/Punctuation", attributes: { severity: "Minor" } })).toBe(0.1);
    expect(spanWeight(parsed, { label: "Fluency/Punctuation", attributes: { severity: "Major" } })).toBe(5);
    expect(spanWeight(parsed, { label: "Fluency/Grammar", attributes: { severity: "Minor" } })).toBe(1);
    const byGroup = ZSpansField.parse({ ...base, weights: [{ label: "Fluency", weight: 2 }] }) as typeof parsed;
    expect(spanWeight(byGroup, { label: "Fluency/Grammar", attributes: { severity: "Major" } })).toBe(2);
    expect(spanWeight(byGroup, { label: "Non-translation", attributes: { severity: "Major" } })).toBe(5);
  });
});

describe("describeSchemeChange of span weights", () => {
  it("says which weight rules changed (weights are editable per project by a new scheme version)", async () => {
    const { describeSchemeChange } = await import("./scheme-change");
    const doc = (weights: object[]) => ZSchemeDefinition.parse({ id: "t", version: 1, name: "T", fields: [{ ...base, weights }] });
    expect(describeSchemeChange(doc(base.weights), doc([{ label: "Non-translation", weight: 10 }]))).toEqual([
      "errors: weight rules Non-translation = 25; Fluency/Punctuation (severity Minor) = 0.1 → Non-translation = 10",
    ]);
  });
});
