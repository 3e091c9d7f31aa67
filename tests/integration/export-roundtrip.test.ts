// Exports: the full-project JSONL re-imports into an identical project (export → import into a
// new project → export again → byte-identical), and the tabular exports carry provenance and
// neutralise spreadsheet formulas.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import { collect, makeRichProject } from "./export-rich-project";
import type { Db } from "@/lib/db/client";
import { exportFile } from "@/lib/db/export/stream";
import { importFile } from "@/lib/db/import/import-file";
import { moveOntoSchemeRuntime } from "@/lib/db/upgrade/move-onto-scheme-runtime";
import { MMTE_METAHOPE_PRESET } from "@/lib/schemes/presets/preset-of-parts";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const exportText = (p: { id: string; slug: string }, what: Parameters<typeof exportFile>[3], format: Parameters<typeof exportFile>[4]) => collect(exportFile(pool, db, p, what, format).lines);

describe("full project JSONL", () => {
  it("round-trips: export → import into a new project → export again is identical", async () => {
    const { project } = await makeRichProject(db, pool);
    // the fixture writes its work as an earlier release did (error spans, post-edits, per-part
    // assignments); every project runs its stored scheme now, so it is moved first, as
    // `npm run db:migrate` and server start move every project
    await moveOntoSchemeRuntime(db, project.id);
    const first = await exportText(project, "project", "jsonl");
    const types = first.trim().split("\n").map((l) => JSON.parse(l).type);
    for (const t of ["document", "segment", "mrw", "translation", "alignment", "annotation", "adjudication", "goldReference"]) expect(types, t).toContain(t);
    // error spans and post-edits are the scheme's values now; the soft-deleted span is in none
    expect(types).not.toContain("errorSpan");
    expect(types).not.toContain("postEdit");
    const lines = first.trim().split("\n").map((l) => JSON.parse(l));
    // the span the move put into ann1's list names its MRW by id in the database
    const stored = await db.annotation.findFirstOrThrow({ where: { projectId: project.id, field: "METAHOPE_ERRORS", NOT: { value: { equals: [] } } } });
    const m1 = await db.mrw.findUniqueOrThrow({ where: { id: (stored.value as { mrwId: string }[])[0].mrwId } });
    // a span names its MRW by external id in the file, as every line does (the id is the project's own)
    const spans = lines.find((l) => l.type === "annotation" && l.field === "METAHOPE_ERRORS" && l.value.length > 0);
    expect(spans.value).toEqual([{ start: 1, end: 3, label: "IMP", attributes: { severity: expect.anything() }, mrwId: m1.externalId, comment: "=cmd|' /C calc'!A0" }]);
    expect(first).not.toContain(m1.id);

    // the people of the dump are members of the copy (a rater who is not would be the copy's own
    // placeholder rater, issue 27 point 7); the copy runs the same scheme, as a project made in the app does
    const copy = await makeProject(db, (await db.projectMember.findMany({ where: { projectId: project.id } })).map((m) => ({ userId: m.userId, roles: [m.role] })));
    await db.projectScheme.create({ data: { projectId: copy.id, version: 1, definition: MMTE_METAHOPE_PRESET } });
    const out = await importFile(pool, { project: { id: copy.id, sourceLang: "en", targetLang: "zh" }, fileName: "dump.jsonl", content: Buffer.from(first), options: { format: "auto" }, dryRun: false });
    expect(out.errors.slice(0, 3).map((e) => `${e.line}:${e.field}:${e.message}`)).toEqual([]);
    const second = await exportText(copy, "project", "jsonl");
    if (second !== first && process.env.DEBUG_ROUNDTRIP) {
      (await import("node:fs")).writeFileSync("/tmp/rt-first.jsonl", first);
      (await import("node:fs")).writeFileSync("/tmp/rt-second.jsonl", second);
    }
    expect(second).toBe(first);

    // structured values survive as values, not strings
    const align = await db.annotation.findFirstOrThrow({ where: { projectId: copy.id, field: "ALIGNMENT" } });
    expect(align.value).toEqual({ spans: [{ start: 2, end: 4 }], pattern: "DIRECT" });
    // the copy's span names the copy's MRW, not the original's
    const copyM1 = await db.mrw.findFirstOrThrow({ where: { projectId: copy.id, externalId: m1.externalId } });
    const list = await db.annotation.findFirstOrThrow({ where: { projectId: copy.id, field: "METAHOPE_ERRORS", NOT: { value: { equals: [] } } } });
    expect((list.value as { mrwId: string }[]).map((s) => s.mrwId)).toEqual([copyM1.id]);
    // the gold reference from a post-edit keeps its text; the post-edit is the edit field's value
    const gold = await db.goldReference.findFirstOrThrow({ where: { projectId: copy.id, kind: "FIGURATIVE" } });
    const edit = await db.annotation.findFirstOrThrow({ where: { projectId: copy.id, field: "POSTEDIT_FIGURATIVE" } });
    expect(edit.value).toBe(gold.text);
    // importing the export into the original project changes nothing
    const again = await importFile(pool, { project: { id: project.id, sourceLang: "en", targetLang: "zh" }, fileName: "dump.jsonl", content: Buffer.from(first), options: { format: "auto" }, dryRun: false });
    expect(again.errors).toEqual([]);
    expect(again.ok).toBe(true);
    expect(await exportText(project, "project", "jsonl")).toBe(first);
    // a span naming no MRW of its segment refuses the file, naming the line
    const stray = { ...spans, value: [{ ...spans.value[0], mrwId: "no-such-mrw" }] };
    const refused = await importFile(pool, { project: { id: copy.id, sourceLang: "en", targetLang: "zh" }, fileName: "stray.jsonl", content: Buffer.from(JSON.stringify(stray)), options: { format: "auto" }, dryRun: false });
    expect(refused.errors.map((e) => [e.line, e.field, e.message])).toEqual([[1, "METAHOPE_ERRORS", expect.stringContaining('names MRW "no-such-mrw", which is not an MRW of segment "demo-doc-1-s1"')]]);
  });

  it("refuses formats other than JSONL for the full project", async () => {
    const project = await makeProject(db);
    expect(() => exportFile(pool, db, project, "project", "csv")).toThrow(/JSONL/);
  });
});

describe("tabular exports", () => {
  it("annotations: every annotator with ids, formulas neutralised, structured values as JSON text", async () => {
    const { project, users } = await makeRichProject(db, pool);
    await moveOntoSchemeRuntime(db, project.id);
    // a free-text value of a field of the scheme: a formula the tabular exports must neutralise (the
    // fixture's workbook note is no field of the scheme, so the wide table leaves it out)
    const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: "demo-doc-1-s1" } });
    await db.annotation.create({ data: { projectId: project.id, segmentId: seg.id, annotatorId: users.ann2.id, itemKey: "-:-", field: "POSTEDIT_LITERAL", value: '=HYPERLINK("http://evil")', schemeVersion: 2 } });
    const tsv = await exportText(project, "annotations", "tsv");
    const lines = tsv.trim().split("\n");
    // the project runs its scheme (the presets' fields): one row per annotator × unit, one column per field
    expect(lines[0]).toBe(["doc", "segment", "system", "mrw", "mrw_token", "role", "unit", "annotator_id", "annotator", ...new Set(MMTE_METAHOPE_PRESET.fields.map((f) => f.id))].join("\t"));
    expect(lines).toHaveLength(8);
    // every annotator, by id and email
    expect(tsv).toContain(`\tllm-gamma\t\t\t\ttranslation\t${users.ann1.id}\t${users.ann1.email}\t4\t`);
    expect(tsv).toContain(`\tllm-gamma\t\t\t\ttranslation\t${users.ann2.id}\t${users.ann2.email}\t3\t`);
    expect(tsv).toContain(`'=HYPERLINK(""http://evil"")`);
    expect(tsv).not.toMatch(/\t=HYPERLINK/);
    // a span list's comment is inside its JSON text, which starts with "["
    expect(tsv).toContain(`"[{""end"":3,""label"":""IMP""`);
    const jsonl = (await exportText(project, "annotations", "jsonl")).trim().split("\n").map((l) => JSON.parse(l));
    expect(jsonl.find((r) => r.ALIGNMENT !== null).ALIGNMENT).toEqual({ spans: [{ start: 2, end: 4 }], pattern: "DIRECT" });
    expect(jsonl.find((r) => r.annotator === users.ann1.email && r.METAHOPE_ERRORS !== null).METAHOPE_ERRORS).toEqual([expect.objectContaining({ start: 1, end: 3, label: "IMP", comment: "=cmd|' /C calc'!A0" })]);
  });

  it("gold references carry provenance; adjudicated labels name the adjudicator; errors are MQM rows", async () => {
    const { project, users } = await makeRichProject(db, pool);
    await moveOntoSchemeRuntime(db, project.id);
    // the move keeps a gold reference's post-edit source in its audit log only (the PostEdit row is
    // now the edit field's value: lib/db/upgrade/built-in-to-scheme-values.ts), so that reference reads as manual
    const gold = JSON.parse(await exportText(project, "gold", "json"));
    expect(gold.map((g: { kind: string; provenance: string; approved_by: string }) => [g.kind, g.provenance, g.approved_by])).toEqual([
      ["figurative", "manual", users.mgr.email],
      ["literal", expect.stringMatching(/^system:\S+$/), users.adj.email],
    ]);
    const adj = (await exportText(project, "adjudicated", "csv")).trim().split("\n");
    expect(adj).toHaveLength(3);
    expect(adj.some((l) => l.includes(`,FLUENCY,4,majority,${users.adj.email},false,`))).toBe(true);
    // the error spans are values of METAHOPE_ERRORS now, written as the built-in rows were (the
    // soft-deleted span is in no value); the MRW by its external id
    const errors = (await exportText(project, "errors", "tsv")).trim().split("\n");
    expect(errors[0]).toBe("system\tdoc\tsegment\trater\tsource\ttarget\tcategory\tseverity\tstart\tend\tcomment\tmrw");
    expect(errors).toHaveLength(2);
    const list = await db.annotation.findFirstOrThrow({ where: { projectId: project.id, field: "METAHOPE_ERRORS", NOT: { value: { equals: [] } } } });
    const m1 = await db.mrw.findUniqueOrThrow({ where: { id: (list.value as { mrwId: string }[])[0].mrwId } });
    expect(errors[1].split("\t").slice(0, 4)).toEqual(["llm-gamma", "demo-doc-1", "demo-doc-1-s1", users.ann1.email]);
    expect(errors[1].split("\t").slice(6, 12)).toEqual(["IMP", "major", "1", "3", "'=cmd|' /C calc'!A0", m1.externalId]);
  });
});
