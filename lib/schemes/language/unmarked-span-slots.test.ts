// Which spans fields a submit fills with [] (issue 30.3): shown, optional, without a value; one
// slot per value key.
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "./scheme-definition";
import { schemeValueKey as k, type TSchemeCompletenessItem } from "./scheme-completeness";
import { unmarkedSpanSlots } from "./unmarked-span-slots";

const DEF = ZSchemeDefinition.parse({
  id: "unmarked",
  version: 1,
  name: "Unmarked spans",
  fields: [
    { id: "kind", scope: "segment", kind: "choice", label: "Kind", options: [{ value: "lit" }, { value: "fig" }] },
    { id: "metaphor", scope: "segment", kind: "spans", label: "Metaphors", labels: [{ value: "MRW" }], when: { field: "kind", in: ["fig"] } },
    { id: "errors", scope: "translation", kind: "spans", label: "Errors", labels: [{ value: "MIS" }] },
    { id: "must", scope: "translation", kind: "spans", label: "Required spans", labels: [{ value: "X" }], required: true },
  ],
});

const ITEM: TSchemeCompletenessItem = Object.freeze({
  metaphorical: true,
  translations: [{ id: "tA" }, { id: "tB" }],
  mrws: [],
  roles: [],
});

const keys = (values: Record<string, unknown>) => unmarkedSpanSlots(DEF, ITEM, values).map((s) => s.valueKey);

describe("unmarkedSpanSlots", () => {
  it("gives the shown, optional spans fields without a value, not required ones", () => {
    expect(keys({ [k("kind", "-:-")]: "lit" })).toEqual([k("errors", "tA:-"), k("errors", "tB:-")]);
  });

  it("includes a field shown by its condition, and leaves out values already given, [] included", () => {
    expect(keys({ [k("kind", "-:-")]: "fig", [k("errors", "tA:-")]: [{ start: 0, end: 1, label: "MIS" }], [k("errors", "tB:-")]: [] })).toEqual([k("metaphor", "-:-")]);
  });
});
