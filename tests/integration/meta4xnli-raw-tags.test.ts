// Issue 30.6: an annotator's I-METAPHOR after O was stored as B-METAPHOR (the corpus reading's MRW
// repair), so Tropos's token κ differed from cohen_kappa_score on the annotators' own files. The
// tags are now stored as written (a warning each) and κ equals sklearn's on the raw tags; BIO
// repair is an explicit option (`repairBio`, `--repair-bio`), a warning per repaired token.
// Files: tests/fixtures/meta4xnli/raw-tags/ann1.tsv and ann2.tsv (ann2 has three I- tags that start
// a chunk: lines 7 and 43 after O, line 37 a sentence's first token), written with the reference
// values by scripts/research/conll_raw_kappa_fixture.py (Debian /usr/bin/python3, sklearn 1.2.1):
//   cohen_kappa_score(ann1, ann2) on the 75 tags as written   = 0.5501285347043701
//   the same after reading each such I- as B- (the old figure) = 0.4140625
// Tolerance 1e-12.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile } from "@/lib/db/import/import-file";
import { exportFile } from "@/lib/db/export/stream";
import { resolveTagsSource } from "@/lib/db/export/conll";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail, makeProject } from "./fixtures";

const CORPUS = readFileSync("tests/fixtures/meta4xnli/en/meta4xnli_dev_first3.tsv");
const ANN1 = readFileSync("tests/fixtures/meta4xnli/raw-tags/ann1.tsv");
const ANN2 = readFileSync("tests/fixtures/meta4xnli/raw-tags/ann2.tsv");
const KAPPA_RAW = 0.5501285347043701;
const KAPPA_REPAIRED = 0.4140625;

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function projectWithTags(repairBio: boolean) {
  const project = await makeProject(db);
  // the annotators are members: an import names only members by their email (issue 27 point 7)
  await addMembersByEmail(db, project.id, ["ann1@lab.test", "ann2@lab.test"]);
  await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
  const p = { id: project.id, sourceLang: "en", targetLang: "es" };
  expect((await importFile(pool, { project: p, fileName: "en/corpus.tsv", content: CORPUS, options: { format: "conll" }, dryRun: false })).errors).toEqual([]);
  const outcomes = [];
  for (const [name, content, annotator] of [["ann1.tsv", ANN1, "ann1@lab.test"], ["ann2.tsv", ANN2, "ann2@lab.test"]] as const) {
    const r = await importFile(pool, { project: p, fileName: name, content, options: { format: "conll", annotator, repairBio }, dryRun: false });
    expect([r.ok, r.errors, r.counts.annotations]).toEqual([true, [], 3]);
    outcomes.push(r);
  }
  const runtime = await getProjectRuntime(db, project.id);
  if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
  const report = await getSchemeReport(pool, project.id, runtime, {}, { fields: ["metaphor"] });
  const kappa = report.figures.find((f) => f.field === "metaphor" && f.system === "all" && f.language === undefined && f.label === undefined && f.statistic === "cohen_kappa");
  return { project, warnings: outcomes[1].warnings, kappa };
}

describe("an annotator's CoNLL tags with I-METAPHOR after O", () => {
  it("are stored as written, with a warning each, and token κ equals sklearn's cohen_kappa_score on the raw tags", async () => {
    const { project, warnings, kappa } = await projectWithTags(false);
    expect([kappa?.value, kappa?.n]).toEqual([expect.closeTo(KAPPA_RAW, 12), 75]);
    expect(warnings.map((w) => [w.file, w.line, w.field])).toEqual([["ann2.tsv", 7, "tag"], ["ann2.tsv", 37, "tag"], ["ann2.tsv", 43, "tag"]]);
    expect(warnings[0].message).toBe("I-METAPHOR after O kept as written: stored and counted in agreement as I-METAPHOR (BIO repair, --repair-bio, would store B-METAPHOR)");
    expect(warnings[1].message).toMatch(/^I-METAPHOR after the sentence start kept as written/);
    // and exported back as written: the annotator's file byte for byte
    const tags = await resolveTagsSource(db, project.id, { annotator: "ann2@lab.test" });
    let out = "";
    for await (const line of exportFile(pool, db, project, "tags", "conll", { tags }).lines) out += line;
    expect(out).toBe(ANN2.toString("utf8"));
  });

  it("are repaired to B-METAPHOR only when asked, with a warning per repaired token", async () => {
    const { warnings, kappa } = await projectWithTags(true);
    expect(kappa?.value).toBeCloseTo(KAPPA_REPAIRED, 12);
    expect(warnings.map((w) => [w.line, w.message])).toEqual([
      [7, "I-METAPHOR after O repaired (BIO repair asked for): stored and counted in agreement as B-METAPHOR"],
      [37, "I-METAPHOR after the sentence start repaired (BIO repair asked for): stored and counted in agreement as B-METAPHOR"],
      [43, "I-METAPHOR after O repaired (BIO repair asked for): stored and counted in agreement as B-METAPHOR"],
    ]);
  });
});
