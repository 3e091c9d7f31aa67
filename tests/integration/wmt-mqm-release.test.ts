// Dev-time check on the real data (issue 20, "done when"): the full TED ZH→EN file of Google's WMT
// MQM release (google/wmt-mqm-human-evaluation, ted/zhen/mqm_ted_zhen.tsv: 9,915 rows, 15 systems)
// imports into an mqm project in seconds, its per-system MQM table equals the one printed in the
// release's README, and the export re-imports to the same rows. The release is not committed
// (workplace rule): WMT_MQM_DIR names a checkout or a bare git copy of it (default: the mirror
// below); without it the test is skipped with a message.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { exportFile } from "@/lib/db/export/stream";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { MQM_PRESET } from "@/lib/schemes/presets/mqm";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";

const DIR = process.env.WMT_MQM_DIR ?? "/work/.mirror/google+wmt-mqm-human-evaluation/repo";
const FILE = "ted/zhen/mqm_ted_zhen.tsv";

/** A file of the release: from a checkout, or with `git show` from a bare copy. */
function releaseFile(name: string): string | null {
  if (existsSync(path.join(DIR, name))) return readFileSync(path.join(DIR, name), "utf8");
  if (!existsSync(path.join(DIR, "HEAD"))) return null;
  try {
    return execFileSync("git", ["-C", DIR, "show", `HEAD:${name}`], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return null;
  }
}

const tsv = releaseFile(FILE);
const readme = releaseFile("README.md");
if (!tsv || !readme) console.warn(`wmt-mqm-release.test.ts skipped: no ${FILE} and README.md under WMT_MQM_DIR=${DIR} (set WMT_MQM_DIR to a copy of google/wmt-mqm-human-evaluation)`);

/** The README's "TED talks" → "Chinese to English" table: system → the printed score, as printed. */
function publishedTable(text: string): Map<string, string> {
  const ted = text.slice(text.indexOf("## TED talks"));
  const zhen = ted.slice(ted.indexOf("### Chinese to English"));
  const out = new Map<string, string>();
  for (const line of zhen.split("\n").slice(1)) {
    if (line.startsWith("## ")) break;
    const m = /^\|\s*([^|]+?)\s*\|\s*([0-9.]+)\((\d+)\)\s*\|/.exec(line);
    if (m) out.set(m[1], m[2]);
  }
  return out;
}

/** The README writes the references ref.A and ref.B; the file ref and refB. */
const fileName = (readmeName: string, systems: readonly string[]) => [readmeName, readmeName.replace(".", ""), readmeName.replace(".", "").replace(/A$/, "")].find((n) => systems.includes(n)) ?? readmeName;

/**
 * The one system whose printed figure the file does not give: Borderline's mean over its 529
 * segments is exactly 6362/2645 = 2.40529… (Python's fractions), which rounds to 2.41, while the
 * README prints 2.40 (its rank, 10, agrees). Every other system matches to the printed digits.
 */
const KNOWN_DISCREPANCY: Record<string, { printed: string; exact: number }> = { Borderline: { printed: "2.40", exact: 6362 / 2645 } };

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe.skipIf(!tsv || !readme)("the WMT MQM release, TED ZH→EN", () => {
  it("imports in seconds, gives the README's per-system MQM table, and exports the same rows", { timeout: 180_000 }, async () => {
    const p = await makeProject(db);
    await db.project.update({ where: { id: p.id }, data: { sourceLang: "zh", targetLang: "en" } });
    await setProjectScheme(db, p.id, MQM_PRESET, { actorId: null });
    const project = { ...p, sourceLang: "zh", targetLang: "en" };

    const started = Date.now();
    const out = await importFile(pool, { project, fileName: "mqm_ted_zhen.tsv", content: Buffer.from(tsv!), options: { format: "auto" }, dryRun: false });
    const seconds = (Date.now() - started) / 1000;
    expect(out.errors).toEqual([]);
    expect(out.format).toBe("mqm");
    // the one row whose <v> is never closed (MiSS, talk.9 segment 143) is read to the end of the target
    expect(out.warnings.map((w) => [w.line, w.field])).toEqual([[9622, "target"]]);
    expect(out.counts).toMatchObject({ documents: 5, segments: 529, translations: 529 * 15 });
    console.info(`TED ZH→EN: ${tsv!.trimEnd().split("\n").length - 1} rows imported in ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(30);

    const scoresStarted = Date.now();
    let text = "";
    for await (const line of exportFile(pool, db, project, "scores", "jsonl").lines) text += line;
    console.info(`TED ZH→EN: scores with ${15 * 14 / 2} significance tests in ${((Date.now() - scoresStarted) / 1000).toFixed(1)} s`);
    const rows = text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, string | number | null>);
    const systems = rows.filter((r) => r.metric === "MQM" && r.segmentId === undefined && r.statistic === undefined);
    expect(systems).toHaveLength(15);
    const published = publishedTable(readme!);
    expect(published.size).toBe(15);
    const names = systems.map((r) => String(r.system));
    let rank = 0;
    for (const [name, printed] of published) {
      rank++;
      const system = fileName(name, names);
      const row = systems.find((r) => r.system === system)!;
      expect(row, name).toBeDefined();
      expect(row.n).toBe(529);
      // the table is printed best first: our order is the README's
      expect(systems.indexOf(row) + 1, `${name}'s rank`).toBe(rank);
      const decimals = printed.split(".")[1]?.length ?? 0;
      const ours = (row.value as number).toFixed(decimals);
      const known = KNOWN_DISCREPANCY[name];
      if (known) {
        expect(printed).toBe(known.printed);
        expect(row.value as number).toBeCloseTo(known.exact, 12);
        expect(Math.abs((row.value as number) - Number(printed))).toBeLessThan(0.006);
      } else expect(ours, name).toBe(printed);
    }

    // the export re-imports to the same rows: the release's lines, the unclosed <v> closed at the end
    let exported = "";
    for await (const line of exportFile(pool, db, project, "errors", "mqm").lines) exported += line;
    const original = tsv!.trimEnd().split("\n");
    const fixed = original.map((l, i) => (i + 1 === 9622 ? l.replace(/^((?:[^\t]*\t){6})([^\t]*)/, (_, head: string, target: string) => `${head}${target}</v>`) : l));
    expect(exported.trimEnd().split("\n").slice(1).sort()).toEqual(fixed.slice(1).sort());
  });
});
