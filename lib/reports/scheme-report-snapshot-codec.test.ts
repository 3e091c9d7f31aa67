import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import type { TSchemeValueRow } from "./scheme-agreement";
import { SCHEME_SNAPSHOT_FORMAT, decodeSchemeSnapshot, encodeSchemeSnapshot } from "./scheme-report-snapshot-codec";

const rows = (): TSchemeValueRow[] => [
  { field: "FLUENCY", system: "sys-A", unit: "s1|t1:-", annotator: "a@x", value: 4, language: "en" },
  { field: "FLUENCY", system: "sys-B", unit: "s1|t2:-", annotator: "b@x", value: 4.5, language: "en" },
  { field: "transparency", system: null, unit: "s1|segment", annotator: "a@x", value: "opaque", language: "en" },
  { field: "METAHOPE_ERRORS", system: "sys-A", unit: "s2|t3:-", annotator: "a@x", value: { reviewed: true }, language: "es" },
  { field: "METAHOPE_ERRORS", system: "sys-A", unit: "s2|t3:-", annotator: "b@x", value: { reviewed: true }, language: "es" },
  { field: "SPANS", system: null, unit: "s3|document", annotator: "b@x", value: [{ start: 0, end: 2, label: "x" }], language: "es" },
  { field: "NOTE", system: null, unit: "s3|document", annotator: "a@x", value: null, language: "es" },
];

describe("the scheme report's values, encoded for storing", () => {
  it("decode to the rows and the other parts given, equal values shared", () => {
    const rest = { itemLists: new Map([["s1", { options: ["a", "b"] }]]), progress: [{ annotator: "a@x", assigned: 2, done: 1, inProgress: 0, todo: 1, skipped: 0 }] };
    const back = decodeSchemeSnapshot<typeof rest>(encodeSchemeSnapshot("key-1", rows(), rest));
    expect(back.key).toBe("key-1");
    expect(back.rows).toEqual(rows());
    expect(back.rest).toEqual(rest);
    expect(back.rows[3].value).toBe(back.rows[4].value);
  });

  it("keeps a thousand rows of one unit in one byte per column", () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...rows()[i % 3] }));
    expect(encodeSchemeSnapshot("k", many, null).length).toBeLessThan(1000 * 6 + 2000);
  });

  it("refuses bytes of another format", () => {
    expect(() => decodeSchemeSnapshot(v8.serialize({ format: "something else" }))).toThrow(SCHEME_SNAPSHOT_FORMAT);
  });

  it("shares the rows' repeated strings without changing them, when asked", () => {
    const r = rows().map((x) => ({ ...x, unit: x.unit.split("").join("") }));
    encodeSchemeSnapshot("k", r, null, { share: true });
    expect(r).toEqual(rows());
  });
});
