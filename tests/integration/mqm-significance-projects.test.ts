// Issue 30.5: the MQM p-values depended on the project, not on the data. Two projects holding the
// same import gave paired-randomisation p-values up to 0.016 apart, because the segments entered the
// test in the order of their database ids (random UUIDs, new in every project) and each trial's
// swaps are drawn by position. The same WMT file imported into two projects must give the same
// p-values, each with the number of resamples behind it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { exportFile } from "@/lib/db/export/stream";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { MQM_PRESET } from "@/lib/schemes/presets/mqm";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

// 40 segments (2^40 swaps: the randomised test, not the exact one), three systems, two raters;
// errors from a fixed linear congruential sequence so the systems differ a little, not clearly
const ERRORS = [["No-error", "No-error"], ["Accuracy/Mistranslation", "Major"], ["Fluency/Grammar", "Minor"], ["Fluency/Punctuation", "Minor"], ["Style/Awkward", "Minor"]] as const;
function wmtFile(): Buffer {
  let x = 12345;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
  const lines = ["system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity"];
  for (let seg = 1; seg <= 40; seg++) {
    for (const system of ["sysA", "sysB", "sysC"]) {
      for (const rater of ["r1", "r2"]) {
        const [category, severity] = ERRORS[next() % (system === "sysA" ? 4 : 5)];
        const target = category === "No-error" ? `Sentence ${seg} by ${system}.` : `<v>Sentence</v> ${seg} by ${system}.`;
        lines.push([system, "talk.1", seg, 1000 + seg, rater, `源句${seg}。`, target, category, severity].join("\t"));
      }
    }
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

async function projectWithImport() {
  const p = await makeProject(db);
  await db.project.update({ where: { id: p.id }, data: { sourceLang: "zh", targetLang: "en" } });
  await setProjectScheme(db, p.id, MQM_PRESET, { actorId: null });
  const out = await importFile(pool, { project: { ...p, sourceLang: "zh", targetLang: "en" }, fileName: "talk.tsv", content: wmtFile(), options: { format: "auto" }, dryRun: false });
  expect(out.errors).toEqual([]);
  return p;
}

async function pValues(project: { id: string; slug: string }) {
  let text = "";
  for await (const line of exportFile(pool, db, project, "scores", "jsonl").lines) text += line;
  return text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>).filter((r) => r.statistic === "par_p");
}

describe("MQM significance across projects", () => {
  it("gives identical p-values, with their resamples, for identical imports in two projects", async () => {
    const one = await pValues(await projectWithImport());
    const two = await pValues(await projectWithImport());
    expect(one).toHaveLength(3);
    expect(one.every((r) => r.n === 40 && r.resamples === 10000)).toBe(true);
    // not all trivially 1 or the smallest p: the test has something to compare
    expect(one.some((r) => (r.value as number) > 0.01 && (r.value as number) < 0.99)).toBe(true);
    expect(two).toEqual(one);
  });
});
