// Imports that carry error spans and post-edits, into a project under the scheme runtime (issue 28,
// step 2 "Storage"; lib/db/import/scheme-values.ts): they are stored as the scheme's field values
// (a METAHOPE_ERRORS list per annotator and translation, the edit field's text), never as ErrorSpan
// or PostEdit rows, which that runtime does not read. The MetaHOPE pilot imported straight into a
// variant gives tables 3–6 of the built-in snapshot to the last bit; a span or post-edit the variant
// has no place for refuses the file naming file, line and field, storing nothing; a re-import
// duplicates nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { readFileSync } from "node:fs";
import path from "node:path";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, rejection } from "./fixtures";
import { FIGURE_KEYS } from "./report-outputs";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { getSchemePaperTables } from "@/lib/db/reports/paper-input";
import { getAgreementFigures, getScoreTables } from "@/lib/reports";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import type { TAgreementFigure } from "@/lib/reports/agreement-figure";
import { haveMetahopeData, importMetahopePilot } from "@/scripts/e2e-metahope-fixture";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** The MetaHOPE preset with one word of its guidelines edited (and `edit` applied): a variant, under the scheme runtime. */
function variant(edit: (s: { fields: Record<string, unknown>[] }) => void = () => {}): TSchemeDefinition {
  const s = structuredClone(METAHOPE_PRESET) as unknown as { guidelines: string; fields: Record<string, unknown>[] };
  const edited = s.guidelines.replace("translation", "translations");
  expect(edited).not.toBe(s.guidelines);
  s.guidelines = edited;
  edit(s);
  return ZSchemeDefinition.parse(s);
}

const errorsField = (s: { fields: Record<string, unknown>[] }) => s.fields.find((f) => f.id === "METAHOPE_ERRORS") as { labels: { value: string }[] };

async function schemeProject(def: TSchemeDefinition) {
  const project = await makeProject(db);
  await setProjectScheme(db, project.id, def, { actorId: null });
  expect((await getProjectRuntime(db, project.id)).kind).toBe("scheme");
  return project;
}

const count = async (table: string, projectId: string, where = "TRUE") => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE "projectId" = $1 AND ${where}`, [projectId])).rows[0].n;

/** The project's stored values of a field: annotator, item, value and version, in a stable order. */
const values = async (projectId: string, field: string) =>
  (await pool.query(`SELECT "annotatorId", "segmentId", "itemKey", value, version FROM "Annotation" WHERE "projectId" = $1 AND field = $2 ORDER BY "annotatorId", "segmentId", "itemKey"`, [projectId, field])).rows;

/** Emails as the report snapshots write them (report-outputs.ts): without the run's random part and the project's id. */
function normalised(x: unknown, projectId: string): unknown {
  const text = JSON.stringify(x, (_k, v) => (typeof v === "string" && /@(annotators\.tropos\.local|test\.tropos)$/.test(v) ? v.replace(/-[0-9a-f]{8}@/, "@") : v));
  return JSON.parse(text.split(`@${projectId.toLowerCase()}.annotators.tropos.local`).join("@annotators.tropos.local"));
}

const figureRows = (figures: readonly TAgreementFigure[]) =>
  figures.map((f) => Object.fromEntries(FIGURE_KEYS.filter((k) => (f as unknown as Record<string, unknown>)[k] !== undefined).map((k) => [k, (f as unknown as Record<string, unknown>)[k]])));

describe.skipIf(!haveMetahopeData())("the MetaHOPE pilot imported into a variant (skipped when data/metahope is absent)", () => {
  const snapshot = () => JSON.parse(readFileSync(path.join(__dirname, "__snapshots__/metahope-pilot.report.json"), "utf8"));

  it("edited guidelines: tables 3–6 are the built-in snapshot's to the last bit, no ErrorSpan row is written, a re-import changes nothing", async () => {
    const def = variant();
    const project = await schemeProject(def);
    await importMetahopePilot(pool, project.id);
    expect(await count("ErrorSpan", project.id)).toBe(0);
    expect(await count("PostEdit", project.id)).toBe(0);
    const lists = await values(project.id, "METAHOPE_ERRORS");
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((r) => Array.isArray(r.value))).toBe(true);
    expect(lists.some((r) => r.value.length === 0)).toBe(true);
    // the workbooks' "Human Gold Standard" column: MetaHOPE's post-edit field
    expect(await count("Annotation", project.id, `field = 'METAHOPE_POSTEDIT'`)).toBeGreaterThan(0);

    const expected = snapshot();
    const got = await getSchemePaperTables(db, project.id, def);
    expect(got.analyses.map((a) => [a.name, a.bound])).toEqual([["metahope.tables3-6", true]]);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(expected.agreement.filter((f: { scheme: string }) => f.scheme === "metahope"));
    expect(normalised(got.scores?.metahope, project.id)).toStrictEqual(expected.scores.metahope);

    // the same workbooks again: every list and post-edit as it was, not one version bumped
    const edits = await values(project.id, "METAHOPE_POSTEDIT");
    await importMetahopePilot(pool, project.id);
    expect(await values(project.id, "METAHOPE_ERRORS")).toStrictEqual(lists);
    expect(await values(project.id, "METAHOPE_POSTEDIT")).toStrictEqual(edits);
  }, 240_000);

  it("a variant without a post-edit field: the workbooks' gold column is left out with a warning, the spans import and tables 3–6 are the snapshot's", async () => {
    const def = variant((s) => (s.fields = s.fields.filter((f) => f.kind !== "edit")));
    const project = await schemeProject(def);
    // refused the whole sheet before ("no edit field of variant \"figurative\"")
    await importMetahopePilot(pool, project.id);
    expect(await count("Annotation", project.id, `field = 'METAHOPE_ERRORS'`)).toBeGreaterThan(0);
    expect(await count("Annotation", project.id, `field NOT IN ('METAHOPE_ERRORS', 'ALIGNMENT')`)).toBe(0);
    const expected = snapshot();
    const got = await getSchemePaperTables(db, project.id, def);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(expected.agreement.filter((f: { scheme: string }) => f.scheme === "metahope"));
    expect(normalised(got.scores?.metahope, project.id)).toStrictEqual(expected.scores.metahope);
  }, 240_000);

  it("one extra error category: the paper's five exactly as the snapshot, the extra one an empty column", async () => {
    const def = variant((s) => errorsField(s).labels.push({ value: "CUL", label: "Cultural reference lost", key: "c" } as never));
    const project = await schemeProject(def);
    await importMetahopePilot(pool, project.id);
    expect(await count("ErrorSpan", project.id)).toBe(0);

    const expected = snapshot();
    const got = await getSchemePaperTables(db, project.id, def);
    expect(got.analyses.map((a) => [a.name, a.bound, a.extraCategories])).toEqual([["metahope.tables3-6", true, ["CUL"]]]);
    const paper = got.metahopeAgreement.filter((f) => f.field !== "CUL");
    expect(normalised(figureRows(paper), project.id)).toStrictEqual(expected.agreement.filter((f: { scheme: string }) => f.scheme === "metahope"));
    const scores = normalised(got.scores?.metahope, project.id) as { rows: { eps: { totals: Record<string, number> }; epm: { totals: Record<string, number> } }[] };
    for (const row of scores.rows) for (const t of [row.eps.totals, row.epm.totals]) delete t.CUL;
    expect(scores).toStrictEqual(expected.scores.metahope);
  }, 240_000);
});

/** A JSONL file: one sentence with an MRW and its translation, two error spans and a post-edit by one annotator. */
function jsonl(lines: { span2?: string; editKind?: string; gold?: boolean } = {}): string {
  return [
    { type: "document", externalId: "d", language: "en" },
    { type: "segment", documentId: "d", externalId: "s1", index: 0, text: "Prices skyrocketed.", language: "en", metaphorical: true },
    { type: "mrw", segmentId: "s1", externalId: "m1", spans: [{ start: 7, end: 18 }], token: "skyrocketed", pos: "VERB", active: true, metaphorical: true },
    { type: "translation", segmentId: "s1", system: "sysA", language: "zh", text: "价格飞涨。" },
    { type: "errorSpan", annotator: "ann@x.org", segmentId: "s1", system: "sysA", mrwId: "m1", category: "MIS", severity: 6, span: { start: 2, end: 4 } },
    { type: "errorSpan", annotator: "ann@x.org", segmentId: "s1", system: "sysA", category: lines.span2 ?? "STL", severity: 2, span: { start: 0, end: 2 }, comment: "whole sentence" },
    { type: "postEdit", annotator: "ann@x.org", segmentId: "s1", system: "sysA", text: "价格猛涨。", kind: lines.editKind ?? "reference", language: "zh" },
    ...(lines.gold ? [{ type: "goldReference", segmentId: "s1", language: "zh", kind: "reference", text: "价格猛涨。", sourcePostEditAnnotator: "ann@x.org" }] : []),
  ].map((l) => JSON.stringify(l)).join("\n");
}

describe("JSONL error_span and post_edit lines into a variant", () => {
  it("a category the variant lacks, and a post-edit kind it has no field for, refuse the file naming file, line and field; nothing is stored", async () => {
    const project = await schemeProject(variant((s) => (errorsField(s).labels = errorsField(s).labels.filter((l) => l.value !== "PRF"))));
    const result = parseJsonl("spans.jsonl", jsonl({ span2: "PRF", editKind: "literal" }));
    expect(result.errors).toEqual([]);
    const err = await rejection(loadImport(pool, { projectId: project.id, fileName: "spans.jsonl", result }));
    expect(err.code).toBe("UNPROCESSABLE");
    expect(err.message).toContain('spans.jsonl line 6, field "METAHOPE_ERRORS": category "PRF" is not one of IMP, RAM, MIS, STL');
    expect(err.message).toContain("nothing was stored");
    const issues = (err.detail as { errors: { file: string; line: number; field: string; message: string }[] }).errors;
    expect(issues.map((i) => [i.file, i.line, i.field])).toEqual([
      ["spans.jsonl", 6, "METAHOPE_ERRORS"],
      ["spans.jsonl", 7, "kind"],
    ]);
    expect(issues[1].message).toContain('no edit field of variant "literal"');
    for (const table of ["Document", "Segment", "Annotation", "ErrorSpan", "PostEdit"]) expect(await count(table, project.id)).toBe(0);
  }, 60_000);

  it("a variant's extra category (CUL) imports as an errorSpan line; a project on the built-in fields still refuses it by file, line and field", async () => {
    const project = await schemeProject(variant((s) => errorsField(s).labels.push({ value: "CUL", label: "Cultural reference lost", key: "c" } as never)));
    const result = parseJsonl("cul.jsonl", jsonl({ span2: "CUL" }));
    expect(result.errors).toEqual([]);
    const summary = await loadImport(pool, { projectId: project.id, fileName: "cul.jsonl", result });
    expect(summary.errorSpans).toBe(2);
    expect((await values(project.id, "METAHOPE_ERRORS")).map((r) => r.value.map((s: { label: string }) => s.label))).toEqual([["MIS", "CUL"]]);

    const builtIn = await makeProject(db);
    // a project made without a scheme runs the preset of its parts (every built-in field), stored as version 1
    const runtime = await getProjectRuntime(db, builtIn.id);
    expect([runtime.kind, runtime.version]).toEqual(["scheme", 1]);
    const err = await rejection(loadImport(pool, { projectId: builtIn.id, fileName: "cul.jsonl", result: parseJsonl("cul.jsonl", jsonl({ span2: "CUL" })) }));
    expect(err.code).toBe("UNPROCESSABLE");
    // refused by the scheme's check of the span list, as a variant lacking a category is (above)
    expect(err.message).toBe('cul.jsonl line 6, field "METAHOPE_ERRORS": category "CUL" is not one of IMP, RAM, MIS, STL, PRF; nothing was stored.');
    expect(err.detail).toEqual({ errors: [{ file: "cul.jsonl", line: 6, field: "METAHOPE_ERRORS", message: 'category "CUL" is not one of IMP, RAM, MIS, STL, PRF' }] });
    for (const table of ["Document", "Segment", "Annotation", "ErrorSpan"]) expect(await count(table, builtIn.id)).toBe(0);
  }, 60_000);

  it("stores the spans as one list and the post-edit as the edit field's value; importing the file again duplicates nothing", async () => {
    const project = await schemeProject(variant());
    const file = jsonl({ gold: true });
    const first = await loadImport(pool, { projectId: project.id, fileName: "spans.jsonl", result: parseJsonl("spans.jsonl", file) });
    expect([first.errorSpans, first.postEdits]).toEqual([2, 1]);
    expect(await count("ErrorSpan", project.id)).toBe(0);
    expect(await count("PostEdit", project.id)).toBe(0);
    const mrw = (await pool.query<{ id: string }>(`SELECT id FROM "Mrw" WHERE "projectId" = $1`, [project.id])).rows[0].id;
    const lists = await values(project.id, "METAHOPE_ERRORS");
    expect(lists.map((r) => r.value)).toEqual([
      [
        { start: 2, end: 4, label: "MIS", attributes: { severity: 6 }, mrwId: mrw },
        { start: 0, end: 2, label: "STL", attributes: { severity: 2 }, comment: "whole sentence" },
      ],
    ]);
    expect((await values(project.id, "METAHOPE_POSTEDIT")).map((r) => [r.itemKey, r.value, r.version])).toEqual([["-:-", "价格猛涨。", 1]]);
    // a reference naming a post-edit that is not there is refused, by line
    const missing = await rejection(loadImport(pool, { projectId: project.id, fileName: "gold.jsonl", result: parseJsonl("gold.jsonl", JSON.stringify({ type: "goldReference", segmentId: "s1", language: "zh", kind: "reference", text: "x", sourcePostEditAnnotator: "other@x.org" })) }));
    expect(missing.message).toContain("gold.jsonl:1 (sourcePostEditAnnotator)");
    // the gold reference names the post-edit it came from: checked against the edit value, stored without the PostEdit link
    expect((await pool.query(`SELECT kind, text, "sourcePostEditId" FROM "GoldReference" WHERE "projectId" = $1`, [project.id])).rows).toEqual([{ kind: "REFERENCE", text: "价格猛涨。", sourcePostEditId: null }]);
    // each value starts its history, as a save's does
    expect(await count("History", project.id, `entity = 'ANNOTATION'`)).toBe(2);

    await loadImport(pool, { projectId: project.id, fileName: "spans.jsonl", result: parseJsonl("spans.jsonl", file) });
    expect(await values(project.id, "METAHOPE_ERRORS")).toStrictEqual(lists);
    expect((await values(project.id, "METAHOPE_POSTEDIT")).map((r) => r.version)).toEqual([1]);
    expect(await count("History", project.id, `entity = 'ANNOTATION'`)).toBe(2);

    // a changed severity in the file replaces that span in place (its key: MRW m1, MIS, first)
    await loadImport(pool, { projectId: project.id, fileName: "spans.jsonl", result: parseJsonl("spans.jsonl", file.replace('"severity":6', '"severity":8')) });
    const after = await values(project.id, "METAHOPE_ERRORS");
    expect(after[0].value.map((s: { label: string; attributes: { severity: number } }) => [s.label, s.attributes.severity])).toEqual([["MIS", 8], ["STL", 2]]);
    expect(after[0].version).toBe(2);
  }, 60_000);
});

describe("MetaHOPE's reviewed rule from a JSONL file that does not list finished work", () => {
  /** Two sentences, three systems; two annotators mark spans on sysA and sysB only: sysC of each sentence was read and found without error. */
  const file = () => {
    const lines: unknown[] = [{ type: "document", externalId: "d", language: "en" }];
    for (const [i, seg] of ["s1", "s2"].entries()) {
      lines.push({ type: "segment", documentId: "d", externalId: seg, index: i, text: "Prices skyrocketed.", language: "en", metaphorical: true });
      lines.push({ type: "mrw", segmentId: seg, externalId: `${seg}m`, spans: [{ start: 7, end: 18 }], token: "skyrocketed", pos: "VERB", active: true, metaphorical: true });
      for (const system of ["sysA", "sysB", "sysC"]) lines.push({ type: "translation", segmentId: seg, system, language: "zh", text: "价格飞涨。" });
      for (const [annotator, severity] of [["a@x.org", 6], ["b@x.org", 4]] as const) {
        lines.push({ type: "errorSpan", annotator, segmentId: seg, system: "sysA", mrwId: `${seg}m`, category: "MIS", severity, span: { start: 2, end: 4 } });
        if (seg === "s2") lines.push({ type: "errorSpan", annotator, segmentId: seg, system: "sysB", category: "STL", severity: 2, span: { start: 0, end: 2 } });
      }
      // b alone marks sysB of s1
      if (seg === "s1") lines.push({ type: "errorSpan", annotator: "b@x.org", segmentId: seg, system: "sysB", mrwId: `${seg}m`, category: "IMP", severity: 8, span: { start: 2, end: 4 } });
    }
    return lines.map((l) => JSON.stringify(l)).join("\n");
  };

  it("a span on a sentence reviews every translation of it: the variant stores empty lists there and gives the built-in project's tables 3–6", async () => {
    const builtIn = await makeProject(db);
    await loadImport(pool, { projectId: builtIn.id, fileName: "r.jsonl", result: parseJsonl("r.jsonl", file()) });
    const expectedAgreement = (await getAgreementFigures(db, builtIn.id)).filter((f) => f.scheme === "metahope");
    const expectedScores = (await getScoreTables(db, builtIn.id)).metahope;
    expect(expectedAgreement.length).toBeGreaterThan(0);

    const def = variant();
    const project = await schemeProject(def);
    await loadImport(pool, { projectId: project.id, fileName: "r.jsonl", result: parseJsonl("r.jsonl", file()) });
    // 2 annotators × 2 sentences × 3 systems: a list each, empty where nothing was marked
    const lists = await values(project.id, "METAHOPE_ERRORS");
    expect(lists.length).toBe(12);
    expect(lists.filter((r) => r.value.length === 0).length).toBe(5);

    const got = await getSchemePaperTables(db, project.id, def);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(normalised(figureRows(expectedAgreement), builtIn.id));
    expect(JSON.stringify(normalised(got.scores?.metahope, project.id))).toBe(JSON.stringify(normalised(expectedScores, builtIn.id)));
  }, 60_000);
});
