// The papers' agreement export as a named analysis (issue 28, "one platform"): a scheme that lists
// `papers.agreement-export` and binds it gets the rows the MMTE/MetaHOPE export always gave
// (lib/reports/index.ts getAgreementFigures: `scheme` mmte/metahope); a variant whose labels that
// code cannot read gets the generic report. A database made by the previous release stored the
// presets without the name (that release chose the export by comparing the version with the preset
// as shipped): the upgrade (lib/db/upgrade/list-papers-agreement-export.ts, run by `npm run
// db:migrate`, the demo and the server's start through moveEveryProjectAndLog) lists it in those
// versions, so their export stays the same, and leaves a lead's own scheme (a variant) alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import { syntheticAnnotations } from "./synthetic-annotations";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { getProjectScheme, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { exportFile } from "@/lib/db/export/stream";
import { getAgreementFigures } from "@/lib/reports";
import { getRuntimeAgreementFigures } from "@/lib/reports/scheme-runtime-figures";
import { moveEveryProjectAndLog } from "@/lib/db/upgrade/move-every-project-log";
import { listPapersAgreementExport } from "@/lib/db/upgrade/list-papers-agreement-export";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { schemeConfigFor } from "@/lib/schemes/presets/parts-choice";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const EXPORT = "papers.agreement-export";
const BOTH = presetOfParts(schemeConfigFor("both"));
/** a version as the previous release stored it: the presets listed no such analysis */
const asPreviousRelease = (d: TSchemeDefinition) => ({ ...d, analyses: d.analyses.filter((a) => a !== EXPORT) });
const ownWording = (d: TSchemeDefinition, edit: (s: { fields: Record<string, unknown>[] }) => void = () => {}) => {
  const s = structuredClone(d) as unknown as { guidelines: string; fields: Record<string, unknown>[] };
  s.guidelines = `${s.guidelines}\n\nOur lab: read the whole document first.`;
  edit(s);
  return ZSchemeDefinition.parse(s);
};

/** A project whose version 1 is `definition` stored as it is (no validation of a later release), with the demo corpus and the synthetic annotators' values. */
async function projectWith(definition: object) {
  const project = await makeProject(db);
  await db.projectScheme.create({ data: { projectId: project.id, version: 1, definition, note: "preset both" } });
  const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
  await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
  await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
  return project;
}

async function agreementExport(p: { id: string; slug: string }): Promise<Record<string, unknown>[]> {
  let text = "";
  for await (const line of exportFile(pool, db, p, "agreement", "json").lines) text += line;
  return JSON.parse(text);
}

const schemesOf = (rows: { scheme?: unknown }[]) => [...new Set(rows.map((r) => r.scheme))].sort();

describe("the papers' agreement export on a database made by the previous release", () => {
  it("the upgrade lists it in the presets as shipped, whose export stays the papers' to the byte; a variant is left alone", async () => {
    const preset = await projectWith(asPreviousRelease(BOTH));
    const variant = await projectWith(asPreviousRelease(ownWording(BOTH)));
    // what the previous release exported for the preset: the papers' figures (no model rows here)
    const papers = await getAgreementFigures(db, preset.id);
    expect(schemesOf(papers)).toEqual(["metahope", "mmte"]);
    const variantBefore = await agreementExport(variant);
    // every field's figures under the scheme's id, and MetaHOPE tables 3–4 it lists
    expect(schemesOf(variantBefore)).toEqual(["built-in", "metahope"]);

    const lines: string[] = [];
    await moveEveryProjectAndLog(db, (l) => lines.push(l));
    expect(lines).toContain(`project ${preset.slug}: scheme version 1 lists the named analysis papers.agreement-export (the agreement export it gave stays the same)`);
    expect(lines.some((l) => l.includes(variant.slug))).toBe(false);
    // the preset's version lists it where the preset does, nothing else of it changed
    expect((await getProjectScheme(db, preset.id))?.definition.analyses).toEqual(BOTH.analyses);
    expect((await db.projectScheme.findFirstOrThrow({ where: { projectId: preset.id } })).definition).toEqual(JSON.parse(JSON.stringify(BOTH)));
    // the export: the papers' rows, byte for byte
    expect(JSON.stringify(await getRuntimeAgreementFigures(db, pool, preset.id))).toBe(JSON.stringify(papers));
    // … and the export file's rows are those figures (every column written, a figure's absent ones null)
    const key = (r: Record<string, unknown>) => JSON.stringify(["scheme", "system", "field", "statistic", "level", "weights", "label", "annotators", "value", "n", "raters"].map((k) => r[k] ?? null));
    expect((await agreementExport(preset)).map(key)).toEqual(papers.map((f) => key(f as unknown as Record<string, unknown>)));
    // the variant: its version unchanged, its export the generic report's as before
    expect((await db.projectScheme.findFirstOrThrow({ where: { projectId: variant.id } })).definition).toEqual(JSON.parse(JSON.stringify(asPreviousRelease(ownWording(BOTH)))));
    expect(JSON.stringify(await agreementExport(variant))).toBe(JSON.stringify(variantBefore));
    // run again: nothing to list
    expect((await listPapersAgreementExport(db)).listed.map((l) => l.slug)).not.toContain(preset.slug);
  }, 180_000);

  it("a variant that lists it keeps the papers' export; one with a label that code cannot count gets the generic report", async () => {
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    const keeps = await makeProject(db);
    await setProjectScheme(db, keeps.id, ownWording(BOTH), { actorId: null });
    await loadImport(pool, { projectId: keeps.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: keeps.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
    expect(JSON.stringify(await getRuntimeAgreementFigures(db, pool, keeps.id))).toBe(JSON.stringify(await getAgreementFigures(db, keeps.id)));

    const extraLabel = ownWording(BOTH, (s) => {
      const emotion = s.fields.find((f) => f.id === "EMOTION") as { options: Record<string, unknown>[] };
      emotion.options.push({ value: "MIXED", label: "Mixed", key: "5" });
    });
    expect(extraLabel.analyses).toContain(EXPORT);
    const generic = await makeProject(db);
    await setProjectScheme(db, generic.id, extraLabel, { actorId: null });
    await loadImport(pool, { projectId: generic.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: generic.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
    const rows = await getRuntimeAgreementFigures(db, pool, generic.id);
    // every field's figures under the scheme's id (MetaHOPE tables 3–4 it lists beside them)
    expect(rows.some((r) => r.scheme === "built-in" && r.field === "EMOTION")).toBe(true);
    expect(rows.some((r) => r.scheme === "mmte")).toBe(false);
  }, 180_000);
});
