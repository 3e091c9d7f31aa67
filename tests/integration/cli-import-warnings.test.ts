// `tropos import` shows its warnings (issue 30.4): it printed "(1 warnings)" and `--json` a number,
// and the text of the warning (which row was read differently from the file) was nowhere. The
// MQM file below has 22 rows whose `<v>` is never closed, as the WMT release's TED ZH→EN file has
// one (line 9622): text mode prints the first 20 and how many more, `--json` lists all 22 as
// objects naming file, line and field.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../db";
import { troposOn } from "../support/run-tropos";

let url: string;
const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-cli-warnings-"));
const slug = `cliwarn-${process.pid}`;

beforeAll(() => {
  url = useTestDatabase();
});

const tropos = troposOn(() => url);

const HEADER = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity";
// line n + 1 of the file holds segment n; every target's <v> is left open
const ROWS = Array.from({ length: 22 }, (_, i) => `sysA\ttalk.1\t${i + 1}\t${i + 1}\tr1\t源${i + 1}\tThe <v>whole tail ${i + 1}\tAccuracy/Mistranslation\tMajor`);
const FILE = path.join(dir, "unclosed.tsv");
writeFileSync(FILE, `${HEADER}\n${ROWS.join("\n")}\n`);
const MESSAGE = "target: <v> never closed; span taken to the end of the target (an MQM or Marot export closes it there with </v>)";

describe("tropos import warnings", () => {
  it("prints the first 20 warnings with file, line and field in text mode, then how many more", async () => {
    expect((await tropos("project", "create", slug, "--scheme", "mqm", "--source-lang", "zh", "--target-lang", "en")).code).toBe(0);
    const r = await tropos("import", FILE, "--project", slug, "--dry-run");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Valid \(dry run, nothing stored\): 1 documents, 22 segments.*\(22 warnings\)\.\n$/);
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe(`warning: unclosed.tsv:2 column 7 (target): ${MESSAGE}`);
    expect(lines[19]).toBe(`warning: unclosed.tsv:21 column 7 (target): ${MESSAGE}`);
    expect(lines[20]).toBe("… and 2 more warnings (--json lists them all)");
  });

  it("lists every warning in --json as {file, line, field, message}", async () => {
    const r = await tropos("import", FILE, "--project", slug, "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout) as { segments: number; warnings: unknown[] };
    expect(out.segments).toBe(22);
    expect(out.warnings).toHaveLength(22);
    expect(out.warnings[0]).toEqual({ file: "unclosed.tsv", line: 2, column: 7, field: "target", message: MESSAGE });
    expect(out.warnings[21]).toEqual({ file: "unclosed.tsv", line: 23, column: 7, field: "target", message: MESSAGE });
  });
});
