// Backup and restore (lib/db/export/project-dump.ts, `tropos export --what backup` / `tropos backup
// restore`) of a project under the scheme runtime (issue 28, step "Storage"): a MetaHOPE variant's
// span lists (a span's mrwId is the id of an MRW, inside the value), its post-edits as edit values,
// a document value (item key "document") and a decision restore to the same values, with the ids
// inside values pointing at the restored rows; no ErrorSpan or PostEdit row appears.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { collect } from "./export-rich-project";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { saveAdjudication } from "@/lib/db/adjudication/adjudication";
import { loadImport } from "@/lib/db/import/load-import";
import { dumpProject, restoreProject } from "@/lib/db/export/project-dump";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** MetaHOPE with an extra category CUL and a document note: a variant, under the scheme runtime. */
function variant() {
  const s = structuredClone(METAHOPE_PRESET) as unknown as { guidelines: string; fields: Record<string, unknown>[] };
  s.guidelines = s.guidelines.replace("translation", "translations");
  (s.fields.find((f) => f.id === "METAHOPE_ERRORS") as { labels: unknown[] }).labels.push({ value: "CUL", label: "Cultural reference lost", key: "c" });
  s.fields.push({ id: "DOC_NOTE", label: "Document note", scope: "document", kind: "text" });
  return ZSchemeDefinition.parse(s);
}

const FILE = [
  { type: "document", externalId: "d", language: "en" },
  { type: "segment", documentId: "d", externalId: "s1", index: 0, text: "Prices skyrocketed.", language: "en", metaphorical: true },
  { type: "mrw", segmentId: "s1", externalId: "m1", spans: [{ start: 7, end: 18 }], token: "skyrocketed", pos: "VERB", active: true, metaphorical: true },
  { type: "translation", segmentId: "s1", system: "sysA", language: "zh", text: "价格飞涨。" },
  { type: "translation", segmentId: "s1", system: "sysB", language: "zh", text: "物价暴涨。" },
  { type: "errorSpan", annotator: "ann1@x.org", segmentId: "s1", system: "sysA", mrwId: "m1", category: "MIS", severity: 6, span: { start: 2, end: 4 } },
  { type: "errorSpan", annotator: "ann1@x.org", segmentId: "s1", system: "sysA", category: "CUL", severity: 2, span: { start: 0, end: 2 }, comment: "whole sentence" },
  { type: "errorSpan", annotator: "ann2@x.org", segmentId: "s1", system: "sysA", mrwId: "m1", category: "CUL", severity: 4, span: { start: 2, end: 4 } },
  { type: "postEdit", annotator: "ann1@x.org", segmentId: "s1", system: "sysA", text: "价格猛涨。", kind: "reference", language: "zh" },
  { type: "annotation", annotator: "ann1@x.org", segmentId: "s1", field: "DOC_NOTE", value: "news, 2019" },
]
  .map((l) => JSON.stringify(l))
  .join("\n");

type TRow = { email?: string; field: string; itemKey: string; value: unknown };

/** Every stored value and decision of a project, ids replaced by what they name (external ids, system names; an imported rater's email without its project part). */
async function described(projectId: string) {
  const names = new Map<string, string>();
  for (const r of (await pool.query<{ id: string; name: string }>(`SELECT id, 'mrw:' || "externalId" AS name FROM "Mrw" WHERE "projectId" = $1 UNION ALL SELECT id, 'segment:' || "externalId" FROM "Segment" WHERE "projectId" = $1 UNION ALL SELECT t.id, 'translation:' || m.name FROM "Translation" t JOIN "MtSystem" m ON m.id = t."systemId" WHERE m."projectId" = $1`, [projectId])).rows) names.set(r.id, r.name);
  const name = (v: unknown): unknown => (typeof v === "string" ? (names.get(v) ?? v) : Array.isArray(v) ? v.map(name) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, name(x)])) : v);
  const rows = async (sql: string) => (await pool.query(sql, [projectId])).rows
      .map((r) => ({ ...(name(r) as TRow), itemKey: String(r.itemKey).split(":").map(name).join(":") }))
      // ordered by what the ids name: the restored rows' ids sort differently
      .sort((a, b) => `${a.email}\u0000${a.field}\u0000${a.itemKey}`.localeCompare(`${b.email}\u0000${b.field}\u0000${b.itemKey}`));
  return {
    values: await rows(`SELECT split_part(u.email, '@', 1) AS email, a."segmentId", a."translationId", a."mrwId", a."itemKey", a.field, a.value, a.version FROM "Annotation" a JOIN "User" u ON u.id = a."annotatorId" WHERE a."projectId" = $1 ORDER BY u.email, a.field, a."itemKey"`),
    decisions: await rows(`SELECT a."segmentId", a."translationId", a."mrwId", a."itemKey", a.field, a.value, a.version FROM "Adjudication" a WHERE a."projectId" = $1 ORDER BY a.field, a."itemKey"`),
    history: (await pool.query(`SELECT entity, version, "oldValue", "newValue" FROM "History" WHERE "projectId" = $1 ORDER BY entity, version, "createdAt", id`, [projectId])).rows.map(name),
  };
}

describe("backup and restore of a project under the scheme runtime", () => {
  it("span lists (ids inside), post-edits, a document value and a decision restore to the same values", async () => {
    const adj = await makeUser(db, { tag: "adj" });
    const project = await makeProject(db, [{ userId: adj.id, roles: ["ADJUDICATOR"] }]);
    await setProjectScheme(db, project.id, variant(), { actorId: null });
    expect((await getProjectRuntime(db, project.id)).kind).toBe("scheme");
    await loadImport(pool, { projectId: project.id, fileName: "v.jsonl", result: parseJsonl("v.jsonl", FILE) });
    const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id }, include: { mrws: true, translations: { include: { system: true } } } });
    const tA = seg.translations.find((t) => t.system.name === "sysA")!;
    const decided = [{ start: 2, end: 4, label: "CUL", attributes: { severity: 4 }, mrwId: seg.mrws[0].id }];
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adj.id, segmentId: seg.id, translationId: tA.id, field: "METAHOPE_ERRORS", value: decided, rationale: "the image is cultural", baseVersion: 0 });

    const before = await described(project.id);
    expect(before.values.map((v) => [v.email, v.field, v.itemKey])).toEqual([
      ["ann1-x.org", "DOC_NOTE", "document"],
      ["ann1-x.org", "METAHOPE_ERRORS", "translation:sysA:-"],
      ["ann1-x.org", "METAHOPE_ERRORS", "translation:sysB:-"],
      ["ann1-x.org", "METAHOPE_POSTEDIT", "-:-"],
      ["ann2-x.org", "METAHOPE_ERRORS", "translation:sysA:-"],
      ["ann2-x.org", "METAHOPE_ERRORS", "translation:sysB:-"],
    ]);
    // sysB was reviewed (a span on the sentence) without an error: an empty list
    expect(before.values.filter((v) => v.itemKey === "translation:sysB:-").map((v) => v.value)).toEqual([[], []]);
    expect((before.values[1].value as { mrwId: string }[])[0].mrwId).toBe("mrw:m1");
    expect(before.decisions.map((d) => [d.field, d.value])).toEqual([["METAHOPE_ERRORS", [{ ...decided[0], mrwId: "mrw:m1" }]]]);

    const restored = await restoreProject(pool, (await collect(dumpProject(pool, project.id))).split("\n"), { slug: `${project.slug}-copy` });
    expect(restored.rows.ErrorSpan ?? 0).toBe(0);
    expect(restored.rows.PostEdit ?? 0).toBe(0);
    expect((await getProjectRuntime(db, restored.projectId)).kind).toBe("scheme");
    expect(await described(restored.projectId)).toStrictEqual(before);
  }, 60_000);
});
