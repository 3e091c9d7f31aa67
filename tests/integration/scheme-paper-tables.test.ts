// The paper tables as named analyses bound to fields by id (issue 28, point 4): the same values
// imported into a built-in project and into a project whose scheme is a variant of the preset
// (so it runs under the scheme runtime) give the same tables, to the last bit; a variant's extra
// error category is shown; a scheme lacking a field the analysis needs names it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/load-import";
import { readDemoCorpus } from "@/lib/db/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { emptyImportResult, type ImportResult } from "@/lib/import/types";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/project-schemes";
import { getSchemePaperTables } from "@/lib/db/scheme-paper-input";
import { getScoreTables } from "@/lib/reports";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { syntheticAnnotations } from "./synthetic-annotations";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** A preset with its guideline text edited and `edit` applied: under the scheme runtime. */
function variantOf(preset: unknown, edit: (s: { guidelines: string; fields: Record<string, unknown>[]; analyses: string[] }) => void = () => {}): TSchemeDefinition {
  const s = structuredClone(preset) as { guidelines: string; fields: Record<string, unknown>[]; analyses: string[] };
  s.guidelines = `${s.guidelines}\n\nOur lab: read the whole document first.`;
  edit(s);
  return ZSchemeDefinition.parse(s);
}

async function schemeProject(def: TSchemeDefinition) {
  const project = await makeProject(db);
  await setProjectScheme(db, project.id, def, { actorId: null });
  expect((await getProjectRuntime(db, project.id)).kind).toBe("scheme");
  return project;
}

/** The MMTE values of the synthetic annotators only (an MMTE scheme has no MetaHOPE fields). */
function mmteOnly(ir: ImportResult): ImportResult {
  return { ...emptyImportResult(), annotations: ir.annotations.filter((a) => a.field !== "METAHOPE_ERRORS") };
}

describe("MMTE table 3 and figures 3–5 under the scheme runtime", () => {
  it("an MMTE variant with edited guidelines gives the built-in project's tables exactly", async () => {
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    const synthetic = syntheticAnnotations(corpus);

    const builtIn = await makeProject(db);
    await loadImport(pool, { projectId: builtIn.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: builtIn.id, fileName: "synthetic.jsonl", result: synthetic });
    const expected = await getScoreTables(db, builtIn.id);
    expect(expected.mmte?.quality.length).toBeGreaterThan(0);

    const def = variantOf(MMTE_PRESET);
    const project = await schemeProject(def);
    await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: mmteOnly(synthetic) });
    const got = await getSchemePaperTables(db, project.id, def);
    expect(got.analyses.map((a) => [a.name, a.bound])).toEqual([
      ["mmte.table3", true],
      ["mmte.figures3-5", true],
    ]);
    expect(got.notes).toEqual([]);
    // deep equality of the computed objects: every mean, r and count to the last bit
    expect(got.scores?.mmte).toStrictEqual(expected.mmte);
    expect(JSON.stringify(got.scores?.mmte)).toBe(JSON.stringify(expected.mmte));
    expect(got.scores?.metahope).toBeNull();
  }, 180_000);
});
