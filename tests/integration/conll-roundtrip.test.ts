// Meta4XNLI detection files back out of Tropos (issue 16): every CoNLL file of
// ../shared/data/real/meta4xnli/detection (or, without it, the one in data/meta4xnli) imported as a project's corpus and exported with
// `--what tags --format conll` gives the file back byte for byte (tokens and tags as read, an I-
// after O included). A project whose segments came otherwise gets its MRWs as B-/I-METAPHOR.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { exportFile } from "@/lib/db/export/stream";
import { AppError } from "@/lib/errors";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";

// every detection file of ../shared when it is beside the clone, else the one shipped in data/
const SHARED = "../shared/data/real/meta4xnli/detection";
const ROOT = existsSync(SHARED) ? SHARED : "data/meta4xnli/detection";
const files = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(path.join(dir, n)).isDirectory() ? files(path.join(dir, n)) : n.endsWith(".tsv") ? [path.join(dir, n)] : []));

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function text(lines: AsyncGenerator<string>): Promise<string> {
  let out = "";
  for await (const l of lines) out += l;
  return out;
}

describe("CoNLL round trip", () => {
  const all = files(ROOT).sort();
  it("finds the detection files", () => expect(all.length).toBeGreaterThanOrEqual(ROOT === SHARED ? 8 : 1));

  for (const f of all) {
    it(`${path.relative(ROOT, f)} comes back byte for byte`, async () => {
      const project = await makeProject(db);
      const bytes = readFileSync(f);
      const r = await importFile(pool, { project: { id: project.id, sourceLang: "en", targetLang: "es" }, fileName: path.relative(ROOT, f), content: bytes, options: { format: "conll" }, dryRun: false });
      expect(r.ok).toBe(true);
      const out = await text(exportFile(pool, db, project, "tags", "conll").lines);
      expect(Buffer.from(out, "utf8").equals(bytes)).toBe(true);
    }, 120_000);
  }

  it("refuses a tags export in another format, and CoNLL for another export", async () => {
    const project = await makeProject(db);
    expect(() => exportFile(pool, db, project, "tags", "csv")).toThrow(AppError);
    expect(() => exportFile(pool, db, project, "annotations", "conll")).toThrow(/CoNLL is the format of the tags export/);
  });
});
