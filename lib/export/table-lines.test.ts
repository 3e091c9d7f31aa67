import { describe, expect, it } from "vitest";
import { tableLines } from "@/lib/export/table-lines";

async function collect(g: AsyncIterable<string>): Promise<string> {
  let s = "";
  for await (const x of g) s += x;
  return s;
}
const rows = [
  { a: "=cmd()", b: 3, c: { spans: [{ start: 0, end: 1 }] } },
  { a: "心像海", b: null, c: "x\ty" },
];

describe("tableLines", () => {
  it("writes TSV with neutralised formulas and JSON text for structured values", async () => {
    expect(await collect(tableLines(["a", "b", "c"], rows, "tsv"))).toBe(`a\tb\tc\n'=cmd()\t3\t"{""spans"":[{""start"":0,""end"":1}]}"\n心像海\t\t"x\ty"\n`);
  });
  it("writes CSV", async () => {
    expect(await collect(tableLines(["a", "b"], rows, "csv"))).toBe("a,b\n'=cmd(),3\n心像海,\n");
  });
  it("keeps values structured in JSON and JSONL, and writes an empty array for no rows", async () => {
    const jsonl = await collect(tableLines(["a", "c"], rows, "jsonl"));
    expect(jsonl.trim().split("\n").map((l) => JSON.parse(l))).toEqual([{ a: "=cmd()", c: { spans: [{ start: 0, end: 1 }] } }, { a: "心像海", c: "x\ty" }]);
    expect(JSON.parse(await collect(tableLines(["a", "b"], rows, "json")))).toEqual([{ a: "=cmd()", b: 3 }, { a: "心像海", b: null }]);
    expect(await collect(tableLines(["a"], [], "json"))).toBe("[]\n");
  });
  it("leaves out the columns a row lacks with omitAbsent (null stays null), and keeps them as null without", async () => {
    const mixed = [{ metric: "EMOS", segmentId: "s1", value: 0.5 }, { metric: "EMOS", value: 0.4, ci: null }];
    const cols = ["metric", "segmentId", "value", "ci"];
    const lines = async (format: "json" | "jsonl", omitAbsent?: boolean) => {
      const text = await collect(tableLines(cols, mixed, format, { omitAbsent }));
      return format === "json" ? JSON.parse(text) : text.trim().split("\n").map((l) => JSON.parse(l));
    };
    expect(await lines("jsonl", true)).toEqual([{ metric: "EMOS", segmentId: "s1", value: 0.5 }, { metric: "EMOS", value: 0.4, ci: null }]);
    expect(Object.keys((await lines("json", true))[1])).toEqual(["metric", "value", "ci"]);
    expect((await lines("jsonl"))[1]).toEqual({ metric: "EMOS", segmentId: null, value: 0.4, ci: null });
    expect(await collect(tableLines(cols, mixed, "csv", { omitAbsent: true }))).toBe("metric,segmentId,value,ci\nEMOS,s1,0.5,\nEMOS,,0.4,\n");
  });
});
