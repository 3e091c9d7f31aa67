// `tropos scheme` as a scheme author runs it: spawned as a process, no database involved.
// Exit codes (0 valid, 1 refused, 2 usage), the one-line summary, and every error on its own
// stderr line with the JSON path or file:line:column.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runTropos } from "../support/run-tropos";

const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-scheme-"));
const EXAMPLE = "lib/schemes/language/fixtures/idiom-judgement.json";

const tropos = (...args: string[]) => runTropos(args, process.env);

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe("tropos scheme", () => {
  it("validates the issue's example with exit 0 and a one-line summary", async () => {
    const r = await tropos("scheme", "validate", EXAMPLE);
    expect(r).toEqual({ code: 0, stderr: "", stdout: `${EXAMPLE}: valid: idiom-judgement v1 "Idiom judgement", 5 fields (2 scale, 1 choice, 1 multi, 1 text)\n` });
  });

  it("refuses a scheme with exit 1 and every error on its own line, with path, line and column", async () => {
    const file = write(
      "broken.json",
      JSON.stringify({ id: "t", version: 1, name: "T", fields: [
        { id: "a", scope: "segment", kind: "scale", label: "A", min: 1, max: 5 },
        { id: "b", scope: "translation", kind: "choice", label: "B", options: [{ value: "x", key: "1" }, { value: "y", key: "1" }] },
        { id: "c", scope: "translation", kind: "multi", label: "C", options: [] },
        { id: "d", scope: "translation", kind: "text", label: "D", when: { field: "a", in: [9] } },
      ] }, null, 2),
    );
    const r = await tropos("scheme", "validate", file);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toEqual([
      `${file}:26:18: fields[1].options[1].key: key "1" is already used by options[0]`,
      `${file}:35:18: fields[2].options: at least one option`,
      `${file}:45:11: fields[3].when.in[0]: "a" never has the value 9; it takes a value of the scale 1–5`,
    ]);
    // a file on one line: the column alone finds the value
    const fixed = write("later.json", JSON.stringify({ id: "t", version: 1, name: "T", fields: [
      { id: "a", scope: "segment", kind: "scale", label: "A", min: 1, max: 5 },
      { id: "d", scope: "translation", kind: "text", label: "D", when: { field: "a", in: [9] } },
    ] }));
    const r2 = await tropos("scheme", "validate", fixed);
    expect([r2.code, r2.stderr]).toEqual([1, `${fixed}:1:200: fields[1].when.in[0]: "a" never has the value 9; it takes a value of the scale 1–5\n`]);
  });

  it("gives the file, line and column of a syntax error, JSON or YAML", async () => {
    const json = write("syntax.json", '{\n  "id": "x",\n  "version": 1,,\n}');
    const j = await tropos("scheme", "validate", json);
    expect(j.code).toBe(1);
    expect(j.stderr).toMatch(new RegExp(`^${json.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3:16: invalid JSON: .+\n$`));
    const yaml = write("syntax.yaml", "id: x\nfields: [\n");
    const y = await tropos("scheme", "validate", yaml);
    expect([y.code, y.stderr]).toEqual([1, `${yaml}:3:1: Flow sequence in block collection must be sufficiently indented and end with a ]\n`]);
  });

  it("lists the built-in presets", async () => {
    const r = await tropos("scheme", "list");
    expect([r.code, r.stdout]).toEqual([0, "mmte\tv1\t10 fields\tMMTE (Wang et al. 2024)\nmetahope\tv1\t3 fields\tMetaHOPE (Liang & Han 2026)\nemos\tv1\t4 fields\tEMOS emotion preservation\ncr-st\tv1\t3 fields\tCR-ST idiom comprehension (cloze)\nmeta4xnli\tv1\t4 fields\tMeta4XNLI metaphor detection and interpretation\nmqm\tv1\t1 field\tMQM error annotation\n"]);
    const j = await tropos("scheme", "list", "--json");
    expect(JSON.parse(j.stdout)).toEqual([
      // with the parts a project switches on (issue 19): MMTE's TARGET_WORDS, MetaHOPE's METAHOPE_POSTEDIT
      { id: "mmte", version: 1, name: "MMTE (Wang et al. 2024)", fields: 10 },
      { id: "metahope", version: 1, name: "MetaHOPE (Liang & Han 2026)", fields: 3 },
      { id: "emos", version: 1, name: "EMOS emotion preservation", fields: 4 },
      { id: "cr-st", version: 1, name: "CR-ST idiom comprehension (cloze)", fields: 3 },
      { id: "meta4xnli", version: 1, name: "Meta4XNLI metaphor detection and interpretation", fields: 4 },
      { id: "mqm", version: 1, name: "MQM error annotation", fields: 1 },
    ]);
  });

  it("prints help with exit 0, and usage errors and unreadable files as one line", async () => {
    for (const args of [["scheme", "--help"], ["scheme", "validate", "--help"], ["scheme", "list", "--help"]]) {
      const r = await tropos(...args);
      expect([r.code, r.stdout.startsWith("Usage:")], args.join(" ")).toEqual([0, true]);
    }
    expect((await tropos("--help")).stdout).toMatch(/scheme validate <file> \| scheme list/);
    const none = await tropos("scheme", "validate");
    expect([none.code, none.stderr]).toEqual([2, "tropos scheme: argument: give one scheme file (see `tropos scheme validate --help`)\n"]);
    const missing = await tropos("scheme", "validate", path.join(dir, "missing.json"));
    expect([missing.code, missing.stderr]).toEqual([1, `tropos scheme: ${path.join(dir, "missing.json")}: cannot read the file (ENOENT).\n`]);
  });
});
