// Gold references as decisions of edit fields (issue 28 point 3): in a project whose scheme is a
// variant of MMTE (so it runs under the scheme runtime), the adjudicator's decision of
// POSTEDIT_FIGURATIVE is the segment's figurative gold reference — `tropos export --what gold`
// exports it and MMTE table 3's BLEU/ROUGE read it — exactly as a built-in project's GoldReference
// of the same text. A stored GoldReference of the same segment and kind stays first (the paper
// tables' rule, lib/reports/analyses/paper/paper-data.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { emptyImportResult, type ImportResult } from "@/lib/import/types";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { getSchemePaperTables } from "@/lib/db/reports/paper-input";
import { getScoreTables } from "@/lib/reports";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { saveAdjudication } from "@/lib/db/adjudication/adjudication";
import { saveGoldReference } from "@/lib/db/adjudication/gold-references";
import { exportFile } from "@/lib/db/export/stream";
import { syntheticAnnotations } from "./synthetic-annotations";
import { getSchemeAdjudicationPageData } from "@/lib/db/adjudication/scheme-decisions";
import { SchemeItemView } from "@/components/adjudication/scheme-item-view";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const GOLD = "他的话像一把刀刺进了我的心。";

function mmteVariant(): TSchemeDefinition {
  const s = structuredClone(MMTE_PRESET) as { guidelines: string };
  s.guidelines = `${s.guidelines}\n\nOur lab: read the whole document first.`;
  return ZSchemeDefinition.parse(s);
}

const mmteOnly = (ir: ImportResult): ImportResult => ({ ...emptyImportResult(), annotations: ir.annotations.filter((a) => a.field !== "METAHOPE_ERRORS") });

async function goldRows(p: { id: string; slug: string }): Promise<Record<string, unknown>[]> {
  let text = "";
  for await (const line of exportFile(pool, db, p, "gold", "json").lines) text += line;
  return JSON.parse(text);
}

/** A gold row without the moment it was saved (two projects compare). */
const timeless = ({ updated_at: _at, ...row }: Record<string, unknown>) => row;

describe("gold references as decisions of edit fields, on the scheme runtime", () => {
  it("a decided POSTEDIT_FIGURATIVE is exported as gold and read by table 3, as a built-in GoldReference", async () => {
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    const synthetic = syntheticAnnotations(corpus);
    const adjudicator = await makeUser(db, { tag: "adj" });

    const builtIn = await makeProject(db, [{ userId: adjudicator.id, roles: ["ADJUDICATOR"] }]);
    await loadImport(pool, { projectId: builtIn.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: builtIn.id, fileName: "synthetic.jsonl", result: synthetic });
    const def = mmteVariant();
    const variant = await makeProject(db, [{ userId: adjudicator.id, roles: ["ADJUDICATOR"] }]);
    await setProjectScheme(db, variant.id, def, { actorId: null });
    expect((await getProjectRuntime(db, variant.id)).kind).toBe("scheme");
    await loadImport(pool, { projectId: variant.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: variant.id, fileName: "synthetic.jsonl", result: mmteOnly(synthetic) });

    const first = async (projectId: string) => (await db.segment.findFirstOrThrow({ where: { projectId }, orderBy: [{ document: { position: "asc" } }, { index: "asc" }] })).id;
    expect((await goldRows(variant)).length).toBe(0);

    // the built-in project: a gold reference written by the adjudicator
    await saveGoldReference(db, { projectId: builtIn.id, language: "zh", approvedById: adjudicator.id, segmentId: await first(builtIn.id), kind: "FIGURATIVE", text: GOLD, baseVersion: 0 });
    // the variant: the same text as the decision of the figurative post-edit
    await saveAdjudication(db, { projectId: variant.id, adjudicatorId: adjudicator.id, segmentId: await first(variant.id), field: "POSTEDIT_FIGURATIVE", value: GOLD, rationale: "", baseVersion: 0 });

    const expected = await goldRows(builtIn);
    expect(expected).toHaveLength(1);
    expect(expected[0]).toMatchObject({ kind: "figurative", text: GOLD, language: "zh", provenance: "manual", approved_by: adjudicator.email, version: 1 });
    expect((await goldRows(variant)).map(timeless)).toStrictEqual(expected.map(timeless));

    // table 3's BLEU-1/4 and ROUGE-L against that reference: the built-in project's, to the last bit
    const want = (await getScoreTables(db, builtIn.id)).mmte!;
    expect(want.goldReferences).toBe(1);
    expect(want.automatic?.length).toBeGreaterThan(0);
    const got = (await getSchemePaperTables(db, variant.id, def)).scores!.mmte!;
    expect(got.goldReferences).toBe(1);
    expect(got.automatic).toStrictEqual(want.automatic);
  }, 180_000);

  it("provenance: an annotator's post-edit taken over, a system output, or written; a stored GoldReference stays first", async () => {
    const adjudicator = await makeUser(db, { tag: "adj" });
    const annotator = await makeUser(db, { tag: "pe" });
    const def = mmteVariant();
    const p = await makeProject(db, [{ userId: adjudicator.id, roles: ["ADJUDICATOR"] }, { userId: annotator.id, roles: ["ANNOTATOR"] }]);
    await setProjectScheme(db, p.id, def, { actorId: null });
    await loadImport(pool, { projectId: p.id, fileName: "demo.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
    const segments = await db.segment.findMany({ where: { projectId: p.id }, orderBy: [{ document: { position: "asc" } }, { index: "asc" }], include: { translations: { include: { system: true }, orderBy: { system: { name: "asc" } } } }, take: 3 });
    const [s1, s2, s3] = segments;
    const version = (await getProjectRuntime(db, p.id)) as { version?: number };
    await db.annotation.create({ data: { projectId: p.id, annotatorId: annotator.id, segmentId: s1.id, itemKey: "-:-", field: "POSTEDIT_FIGURATIVE", value: "译文甲", schemeVersion: version.version ?? null } });
    const decide = (segmentId: string, field: string, value: string) => saveAdjudication(db, { projectId: p.id, adjudicatorId: adjudicator.id, segmentId, field, value, rationale: "", baseVersion: 0 });
    await decide(s1.id, "POSTEDIT_FIGURATIVE", "译文甲");
    await decide(s2.id, "POSTEDIT_LITERAL", s2.translations[0].text);
    await decide(s3.id, "POSTEDIT_FIGURATIVE", "新写的");
    // a stored gold reference (from before the project became a variant) of s3's figurative kind
    await saveGoldReference(db, { projectId: p.id, language: "zh", approvedById: adjudicator.id, segmentId: s3.id, kind: "FIGURATIVE", text: "早先的", baseVersion: 0 });
    const rows = await goldRows(p);
    expect(rows.map((r) => [r.segment, r.kind, r.text, r.provenance])).toEqual([
      [s1.externalId, "figurative", "译文甲", `post-edit:${annotator.email}:figurative`],
      [s2.externalId, "literal", s2.translations[0].text, `system:${s2.translations[0].system.name}`],
      [s3.externalId, "figurative", "早先的", "manual"],
    ]);
    expect(rows[0]).toMatchObject({ post_edit_annotator: annotator.email, approved_by: adjudicator.email, version: 1 });
  }, 120_000);

  it("the scheme view marks the gold fields, offers them on a segment nobody post-edited, with the system outputs, and shows a stored reference that comes first", async () => {
    const adjudicator = await makeUser(db, { tag: "adj" });
    const def = mmteVariant();
    const p = await makeProject(db, [{ userId: adjudicator.id, roles: ["ADJUDICATOR"] }]);
    await setProjectScheme(db, p.id, def, { actorId: null });
    await loadImport(pool, { projectId: p.id, fileName: "demo.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
    const [s1, s2] = await db.segment.findMany({ where: { projectId: p.id }, orderBy: [{ document: { position: "asc" } }, { index: "asc" }], include: { translations: { include: { system: true }, orderBy: { system: { name: "asc" } } } }, take: 2 });
    await saveGoldReference(db, { projectId: p.id, language: "zh", approvedById: adjudicator.id, segmentId: s2.id, kind: "LITERAL", text: "早先的", baseVersion: 0 });
    const runtime = await getProjectRuntime(db, p.id);
    if (runtime.kind !== "scheme") throw new Error("a variant runs under the scheme runtime");
    const router = { refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} } as unknown as AppRouterInstance;
    const render = async (segmentId: string) => {
      const page = await getSchemeAdjudicationPageData(db, p.id, segmentId, runtime);
      return { page, html: renderToStaticMarkup(createElement(AppRouterContext.Provider, { value: router }, createElement(SchemeItemView, { slug: p.slug, data: JSON.parse(JSON.stringify(page)) }))) };
    };
    const one = await render(s1.id);
    // no annotator post-edited s1: the two gold fields still have their unit, open
    expect(one.page.units.filter((u) => u.field.startsWith("POSTEDIT_")).map((u) => [u.field, u.values.length, u.decision])).toEqual([
      ["POSTEDIT_FIGURATIVE", 0, null],
      ["POSTEDIT_LITERAL", 0, null],
    ]);
    expect(one.html).toContain("gold reference (figurative)");
    expect(one.html).toContain("gold reference (literal)");
    expect(one.html).toContain(`Use ${s1.translations[0].system.name} output`);
    expect(one.html).not.toContain('data-testid="gold-stored"');
    // each field's guideline from the scheme, folded, as the built-in view's
    expect(one.html).toContain('data-testid="field-guideline"');
    expect(one.html).toContain("MMTE §3.3, app. B.5.");
    // deciding it on that empty unit, then reading it back as the unit's decision
    await saveAdjudication(db, { projectId: p.id, adjudicatorId: adjudicator.id, segmentId: s1.id, field: "POSTEDIT_FIGURATIVE", value: s1.translations[0].text, rationale: "", baseVersion: 0 });
    expect((await render(s1.id)).page.units.find((u) => u.field === "POSTEDIT_FIGURATIVE")?.decision).toMatchObject({ value: s1.translations[0].text, version: 1 });
    const two = await render(s2.id);
    expect(two.html).toContain('data-testid="gold-stored"');
    expect(two.html).toContain("早先的");
  }, 120_000);
});
