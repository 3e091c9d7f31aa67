// Issue 16 point 7 on PostgreSQL: a malformed CoNLL line — no tab, an unknown tag, an I- tag
// without a token — is refused with the file, the line and the field named, and nothing of the
// file is stored: not as the corpus, not as an annotator's tags (every table the import writes is
// counted before and after).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile } from "@/lib/db/import/import-file";
import { formatIssue } from "@/lib/db/import/import-file";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";

const EN = readFileSync("tests/fixtures/meta4xnli/en/meta4xnli_dev_first3.tsv", "utf8");
const lines = EN.split("\n");
/** The fixture with line `n` (1-based) replaced. */
const broken = (n: number, line: string) => lines.map((l, i) => (i === n - 1 ? line : l)).join("\n");

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const CASES = [
  { name: "no tab", line: 5, text: "Quinceaeeras O", field: "tag", message: /found no tab/ },
  { name: "unknown tag", line: 7, text: "families\tB-METAFORA", field: "tag", message: /unknown tag "B-METAFORA": expected O, B-METAPHOR or I-METAPHOR/ },
  { name: "I- without a token", line: 9, text: "\tI-METAPHOR", field: "token", message: /empty token \(the tag "I-METAPHOR" has no token\)/ },
];

describe("malformed CoNLL", () => {
  it("each error names file, line and field; nothing is stored, as corpus or as an annotator's tags", async () => {
    const project = await makeProject(db);
    await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
    const p = { id: project.id, sourceLang: "en", targetLang: "es" };
    const counts = async () => ({
      documents: await db.document.count({ where: { projectId: project.id } }),
      segments: await db.segment.count({ where: { projectId: project.id } }),
      mrws: await db.mrw.count({ where: { projectId: project.id } }),
      annotations: await db.annotation.count({ where: { projectId: project.id } }),
      users: await db.user.count({ where: { email: "x@annotators.test" } }),
    });
    const zero = await counts();
    for (const c of CASES) {
      const r = await importFile(pool, { project: p, fileName: "en/bad.tsv", content: Buffer.from(broken(c.line, c.text)), options: { format: "conll" }, dryRun: false });
      expect([r.ok, r.errors.length], c.name).toEqual([false, 1]);
      expect(r.errors[0], c.name).toMatchObject({ file: "en/bad.tsv", line: c.line, field: c.field, message: expect.stringMatching(c.message) });
      expect(formatIssue(r.errors[0]), c.name).toMatch(new RegExp(`^en/bad\\.tsv:${c.line} .*\\(${c.field}\\): `));
      expect(await counts(), c.name).toEqual(zero);
    }
    // the corpus in, then the same faults in an annotator's file: refused, no annotation, no account made
    expect((await importFile(pool, { project: p, fileName: "en/meta4xnli_dev_first3.tsv", content: Buffer.from(EN), options: { format: "conll" }, dryRun: false })).ok).toBe(true);
    const withCorpus = await counts();
    for (const c of CASES) {
      const r = await importFile(pool, { project: p, fileName: "x.tsv", content: Buffer.from(broken(c.line, c.text)), options: { format: "conll", annotator: "x@annotators.test" }, dryRun: false });
      expect(r.errors[0], c.name).toMatchObject({ file: "x.tsv", line: c.line, field: c.field });
      expect(await counts(), c.name).toEqual(withCorpus);
    }
  });
});
