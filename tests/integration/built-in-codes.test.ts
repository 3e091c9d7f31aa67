// The built-in runtime's codes are text since migration 20261126010000_enums_as_text (issue 14):
// the database no longer refuses an error category, severity, alignment pattern or post-edit kind
// it does not know, so every writer checks them against the presets' definitions. A gold
// reference with a bad kind is a 400 naming the field; an import names file, line and field and
// stores nothing; the exports still list error spans in the enums' order (RAM before MIS), not
// alphabetically. (The built-in workspace's error-span and post-edit writers are gone: the one
// runtime's saves check a span list or an edit value against the scheme's field.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { saveGoldReference } from "@/lib/db/adjudication/gold-references";
import { exportSchemeErrorRows } from "@/lib/db/export/scheme-errors";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { exportProjectJsonl } from "@/lib/db/export/project-jsonl";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { emptyImportResult } from "@/lib/import/types";
import { importedRaterEmail } from "@/lib/import/imported-annotator";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";

let db: Db;
let pool: Pool;
let projectId: string;
let annotator: string;
let seg: { id: string; externalId: string; translations: { id: string; system: { name: string } }[] };
const corpus = demoCorpusToImport(readDemoCorpus(), "zh");

beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  annotator = (await makeUser(db, { tag: "codes" })).id;
  const p = await makeProject(db, [{ userId: annotator, roles: ["ANNOTATOR"] }]);
  projectId = p.id;
  await db.project.update({ where: { id: p.id }, data: { schemeConfig: ZSchemeConfig.parse({ metahopeErrors: true }) } });
  await loadImport(pool, { projectId, fileName: "demo-corpus.json", result: corpus });
  await createAssignments(db, { projectId, annotatorIds: [annotator], perItem: 1, shuffle: false });
  seg = await db.segment.findFirstOrThrow({
    where: { projectId, externalId: "demo-doc-1-s1" },
    select: { id: true, externalId: true, translations: { select: { id: true, system: { select: { name: true } } }, orderBy: { id: "asc" } } },
  });
});
afterAll(closeTestDatabase);

describe("built-in codes are checked where they are written", () => {
  it("gold references: a kind the preset does not list is a 400 naming the field", async () => {
    const badGold = await rejection(saveGoldReference(db, { projectId, language: "zh", approvedById: annotator, segmentId: seg.id, kind: "figurative" as "FIGURATIVE", text: "x", baseVersion: 0 }));
    expect([badGold.code, badGold.detail]).toEqual(["BAD_REQUEST", { field: "kind" }]);
    expect(await db.goldReference.count({ where: { projectId } })).toBe(0);
  });

  it("imports: every bad code named by file, line and field, nothing stored", async () => {
    const spans = await db.errorSpan.count();
    const system = seg.translations[0].system.name;
    const result = emptyImportResult();
    result.errorSpans.push(
      { annotator: "x@codes.test", segmentId: seg.externalId, system, category: "IMP", severity: 2, span: { start: 0, end: 1 }, line: 3 },
      { annotator: "x@codes.test", segmentId: seg.externalId, system, category: "ZZZ" as "IMP", severity: 2, span: { start: 0, end: 1 }, line: 7 },
      { annotator: "x@codes.test", segmentId: seg.externalId, system, category: "RAM", severity: 3 as 2, span: { start: 0, end: 1 }, line: 9 },
    );
    const e = await rejection(loadImport(pool, { projectId, fileName: "spans.xlsx", result }));
    expect(e.code).toBe("UNPROCESSABLE");
    // the scheme's span field (METAHOPE_ERRORS) checks category and severity together, line by line:
    // the bad category on line 7 is named first, not hidden behind the bad severity on line 9
    expect(e.message).toBe('spans.xlsx line 7, field "METAHOPE_ERRORS": category "ZZZ" is not one of IMP, RAM, MIS, STL, PRF (and 1 more); nothing was stored.');
    const errors = (e.detail as { errors: { file: string; line: number; field: string; message: string }[] }).errors;
    expect(errors.map((x) => [x.file, x.line, x.field])).toEqual([["spans.xlsx", 7, "METAHOPE_ERRORS"], ["spans.xlsx", 9, "METAHOPE_ERRORS"]]);
    expect(errors[0].message).toBe('category "ZZZ" is not one of IMP, RAM, MIS, STL, PRF');
    expect(errors[1].message).toMatch(/severity/);
    expect(errors[1].message).toMatch(/\b3\b/);
    expect(await db.annotation.count({ where: { projectId, field: "METAHOPE_ERRORS" } })).toBe(0);
    expect(await db.errorSpan.count()).toBe(spans);

    // Tropos JSONL parses the same codes from the presets: the parser names the line and field
    const parsed = parseJsonl("codes.jsonl", [
      JSON.stringify({ type: "errorSpan", annotator: "x", segmentId: seg.externalId, system, category: "IMP", severity: 4, span: { start: 0, end: 1 } }),
      JSON.stringify({ type: "postEdit", annotator: "x", segmentId: seg.externalId, text: "t", kind: "FIGURATIVE", language: "zh" }),
      JSON.stringify({ type: "alignment", segmentId: seg.externalId, mrwId: "m1", system, spans: [], pattern: "SIDEWAYS" }),
    ].join("\n"));
    expect(parsed.errors.map((i) => [i.line, i.field])).toEqual([[2, "kind"], [3, "pattern"]]);
  });

  it("exports list error spans in the preset's (the former enum's) order, not alphabetically", async () => {
    const system = seg.translations[1].system.name;
    const result = emptyImportResult();
    for (const [i, category] of (["MIS", "RAM", "PRF", "IMP", "STL"] as const).entries()) {
      result.errorSpans.push({ annotator: "order@codes.test", segmentId: seg.externalId, system, category, severity: 2, span: { start: 2, end: 4 }, line: i + 1 });
    }
    await loadImport(pool, { projectId, fileName: "order.jsonl", result });
    // the errors export of the one runtime reads the METAHOPE_ERRORS values, in the field's label order
    const runtime = await getProjectRuntime(db, projectId);
    const rater = importedRaterEmail(projectId, "order@codes.test");
    const rows = [];
    for await (const r of exportSchemeErrorRows(pool, projectId, runtime.definition)) if (r.system === system && r.rater === rater) rows.push(r.category);
    expect(rows).toEqual(["IMP", "RAM", "MIS", "STL", "PRF"]);
    // the project's JSONL holds them as one METAHOPE_ERRORS value of that rater and translation, every category once
    const lists = [];
    for await (const l of exportProjectJsonl(pool, projectId))
      for (const x of l.split("\n")) {
        if (!x.includes('"METAHOPE_ERRORS"') || !x.includes(rater)) continue;
        const o = JSON.parse(x) as { type: string; system?: string; value: { label: string }[] };
        if (o.type === "annotation" && o.system === system) lists.push(o.value.map((v) => v.label));
      }
    expect(lists).toHaveLength(1);
    expect([...lists[0]].sort()).toEqual(["IMP", "MIS", "PRF", "RAM", "STL"]);
  });
});
