// Exports: the full-project JSONL re-imports into an identical project (export → import into a
// new project → export again → byte-identical), and the tabular exports carry provenance and
// neutralise spreadsheet formulas.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import { collect, makeRichProject } from "./export-rich-project";
import type { Db } from "@/lib/db/client";
import { exportFile } from "@/lib/db/export-stream";
import { importFile } from "@/lib/db/import-file";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const exportText = (p: { id: string; slug: string }, what: Parameters<typeof exportFile>[3], format: Parameters<typeof exportFile>[4]) => collect(exportFile(pool, db, p, what, format).lines);

describe("full project JSONL", () => {
  it("round-trips: export → import into a new project → export again is identical", async () => {
    const { project } = await makeRichProject(db, pool);
    const first = await exportText(project, "project", "jsonl");
    const types = first.trim().split("\n").map((l) => JSON.parse(l).type);
    for (const t of ["document", "segment", "mrw", "translation", "alignment", "annotation", "errorSpan", "postEdit", "adjudication", "goldReference"]) expect(types, t).toContain(t);
    // the soft-deleted error span is not part of the project any more
    expect(types.filter((t) => t === "errorSpan")).toHaveLength(1);

    // the people of the dump are members of the copy (a rater who is not would be the copy's own
    // placeholder rater, issue 27 point 7)
    const copy = await makeProject(db, (await db.projectMember.findMany({ where: { projectId: project.id } })).map((m) => ({ userId: m.userId, roles: [m.role] })));
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
    const gold = await db.goldReference.findFirstOrThrow({ where: { projectId: copy.id, kind: "FIGURATIVE" }, include: { sourcePostEdit: true } });
    expect(gold.sourcePostEdit?.text).toBe(gold.text);
    // importing the export into the original project changes nothing
    const again = await importFile(pool, { project: { id: project.id, sourceLang: "en", targetLang: "zh" }, fileName: "dump.jsonl", content: Buffer.from(first), options: { format: "auto" }, dryRun: false });
    expect(again.ok).toBe(true);
    expect(await exportText(project, "project", "jsonl")).toBe(first);
  });

  it("refuses formats other than JSONL for the full project", async () => {
    const project = await makeProject(db);
    expect(() => exportFile(pool, db, project, "project", "csv")).toThrow(/JSONL/);
  });
});

describe("tabular exports", () => {
  it("annotations: every annotator with ids, formulas neutralised, structured values as JSON text", async () => {
    const { project, users } = await makeRichProject(db, pool);
    const tsv = await exportText(project, "annotations", "tsv");
    const lines = tsv.trim().split("\n");
    expect(lines[0]).toBe("doc\tsegment\tsystem\tmrw\tmrw_token\tannotator_id\tannotator\tfield\tvalue\tversion\tupdated_at");
    expect(lines).toHaveLength(7);
    expect(tsv).toContain(`\t${users.ann1.id}\t${users.ann1.email}\tFLUENCY\t4\t2\t`);
    expect(tsv).toContain(`'=HYPERLINK(""http://evil"")`);
    expect(tsv).not.toMatch(/\t=HYPERLINK/);
    const jsonl = (await exportText(project, "annotations", "jsonl")).trim().split("\n").map((l) => JSON.parse(l));
    expect(jsonl.find((r) => r.field === "ALIGNMENT").value).toEqual({ spans: [{ start: 2, end: 4 }], pattern: "DIRECT" });
  });

  it("gold references carry provenance; adjudicated labels name the adjudicator; errors are MQM rows", async () => {
    const { project, users } = await makeRichProject(db, pool);
    const gold = JSON.parse(await exportText(project, "gold", "json"));
    expect(gold.map((g: { kind: string; provenance: string; approved_by: string }) => [g.kind, g.provenance, g.approved_by])).toEqual([
      ["figurative", `post-edit:${users.ann1.email}:figurative`, users.mgr.email],
      ["literal", expect.stringMatching(/^system:\S+$/), users.adj.email],
    ]);
    const adj = (await exportText(project, "adjudicated", "csv")).trim().split("\n");
    expect(adj).toHaveLength(3);
    expect(adj.some((l) => l.includes(`,FLUENCY,4,majority,${users.adj.email},false,`))).toBe(true);
    const errors = (await exportText(project, "errors", "tsv")).trim().split("\n");
    expect(errors[0]).toBe("system\tdoc\tsegment\trater\tsource\ttarget\tcategory\tseverity\tstart\tend\tcomment\tmrw");
    expect(errors).toHaveLength(2);
    expect(errors[1].split("\t").slice(6, 11)).toEqual(["IMP", "major", "1", "3", "'=cmd|' /C calc'!A0"]);
  });
});
