// Model suggestions on MMTE / MetaHOPE items (issue 15 point 4) on PostgreSQL. Since the one
// runtime (issue 28) a project made from the presets runs them as its scheme, so its items come
// from the scheme workspace (lib/db/workspace/item.ts) and decisions are bounded by the
// caller's SCHEME assignment. What the built-in workspace's tests protected still holds: the item
// payload carries suggestions only when the project shows them, per field and item key the latest
// ok suggestion whose value the field accepts there (EQUIVALENCE by the MRW's metaphoricity), with
// the caller's own decision; never a failed one, another item's, an inactive MRW's or one of a part
// switched off. Decisions are recorded; another annotator's item, a field the scheme does not have,
// an inactive MRW's suggestion or any while suggestions are hidden is "not found", a submitted item
// is closed (423).
//
// No longer applies: "none in MetaHOPE's view" and "the MetaHOPE assignment is open" (an item has
// one assignment for the whole scheme now), and "alignment suggestions are not shown" (the scheme
// workspace shows a suggestion on any field that accepts it, the alignment's included).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { useTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { getProjectRuntime, storePresetOfPartsVersion } from "@/lib/db/projects/project-schemes";
import { updateSchemeConfig } from "@/lib/db/projects/update-scheme-config";
import { recordSuggestionDecision, ZSuggestionDecisionInput, type TSuggestionDecisionInput } from "@/lib/db/models/suggestion-decisions";
import { ZSchemeConfig, type TSchemeConfig } from "@/lib/schemes/scheme-config";

let db: Db;
let pool: Pool;
const shown: TSchemeConfig = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true, showSuggestions: true, shuffleItems: false });
const hidden: TSchemeConfig = { ...shown, showSuggestions: false };
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let ann: string, other: string, lead: string;
type TSeg = { id: string; translations: { id: string }[]; mrws: { id: string; metaphorical: boolean; active: boolean }[] };
let metaphorical: TSeg, literal: TSeg;
const ids: Record<string, string> = {};

const segmentOf = (externalId: string) =>
  db.segment.findFirstOrThrow({
    where: { projectId: project.id, externalId },
    select: { id: true, translations: { select: { id: true }, orderBy: { id: "asc" } }, mrws: { select: { id: true, metaphorical: true, active: true }, orderBy: { start: "asc" } } },
  });

beforeAll(async () => {
  useTestDatabase();
  db = (await import("@/lib/db/client")).getDb();
  pool = (await import("@/lib/db/pg-pool")).getPgPool();
  ann = (await makeUser(db, { tag: "ann" })).id;
  other = (await makeUser(db, { tag: "other" })).id;
  lead = (await makeUser(db, { tag: "lead" })).id;
  const p = await makeProject(db, [{ userId: ann, roles: ["ANNOTATOR"] }, { userId: other, roles: ["ANNOTATOR"] }]);
  await db.project.update({ where: { id: p.id }, data: { schemeConfig: shown } });
  await storePresetOfPartsVersion(db, p.id, shown, { actorId: null, note: "test" });
  project = { id: p.id, slug: p.slug, sourceLang: "en", targetLang: "zh" };
  expect(await getProjectRuntime(db, p.id)).toMatchObject({ kind: "scheme", version: 1 });
  await loadImport(pool, { projectId: p.id, fileName: "demo-corpus.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  metaphorical = await segmentOf("demo-doc-1-s1");
  literal = await segmentOf("demo-doc-1-s5");
  // the annotator has both items; the other annotator only the literal one
  await db.assignment.createMany({
    data: [
      ...[metaphorical, literal].map((s, position) => ({ projectId: p.id, annotatorId: ann, segmentId: s.id, position })),
      { projectId: p.id, annotatorId: other, segmentId: literal.id, position: 0 },
    ],
  });
  // MetaHOPE opens a sentence only after its document was read (tested on its own)
  const docs = await db.segment.findMany({ where: { id: { in: [metaphorical.id, literal.id] } }, distinct: ["documentId"], select: { documentId: true } });
  await db.documentRead.createMany({ data: [ann, other].flatMap((userId) => docs.map((d) => ({ userId, documentId: d.documentId }))) });
  const endpoint = await db.modelEndpoint.create({ data: { projectId: p.id, name: "local", baseUrl: "http://127.0.0.1:1/v1", model: "qwen-x" } });
  const t0 = metaphorical.translations[0].id;
  const [m1, m2] = metaphorical.mrws.map((m) => m.id);
  const lt = literal.translations[0].id;
  const lm = literal.mrws[0].id;
  const make = async (name: string, at: { segmentId: string; translationId: string; mrwId?: string }, field: string, value: unknown, createdAt: string, extra: Record<string, unknown> = {}) => {
    ids[name] = (
      await db.suggestion.create({
        data: {
          projectId: p.id,
          endpointId: endpoint.id,
          model: "qwen-x",
          promptText: "[]",
          status: "ok",
          promptVersion: name,
          createdAt: new Date(createdAt),
          segmentId: at.segmentId,
          translationId: at.translationId,
          mrwId: at.mrwId ?? null,
          itemKey: `${at.translationId}:${at.mrwId ?? "-"}`,
          field,
          value: value as never,
          ...extra,
        },
      })
    ).id;
  };
  const here = { segmentId: metaphorical.id, translationId: t0 };
  await make("fluencyOld", here, "FLUENCY", 4, "2026-01-01T10:00:00Z");
  await make("fluency", here, "FLUENCY", 3, "2026-01-02T10:00:00Z");
  // a newer value the scale does not have: the older valid one stays offered
  await make("fluencyBad", here, "FLUENCY", 9, "2026-01-03T10:00:00Z");
  await make("failed", here, "OVERALL", undefined, "2026-01-03T10:00:00Z", { status: "failed", failure: "timed out" });
  await make("equivalence", { ...here, mrwId: m1 }, "EQUIVALENCE", "PART", "2026-01-02T10:00:00Z");
  // the literal-source set on a metaphorical MRW: not a value this slot accepts
  await make("equivalenceWrongSet", { ...here, mrwId: m2 }, "EQUIVALENCE", "LITERAL", "2026-01-02T10:00:00Z");
  await make("emotion", { ...here, mrwId: m1 }, "EMOTION", "LESS", "2026-01-02T10:00:00Z");
  await make("authenticity", { ...here, mrwId: m2 }, "AUTHENTICITY", 5, "2026-01-02T10:00:00Z");
  await make("alignment", { ...here, mrwId: m1 }, "ALIGNMENT", { pattern: "OMISSION", spans: [] }, "2026-01-02T10:00:00Z");
  // a field no version of this project's scheme has
  await make("noField", here, "MEANING", "kept", "2026-01-02T10:00:00Z");
  await make("literalEquivalence", { segmentId: literal.id, translationId: lt, mrwId: lm }, "EQUIVALENCE", "LITERAL", "2026-01-02T10:00:00Z");
  await make("literalFluency", { segmentId: literal.id, translationId: lt }, "FLUENCY", 2, "2026-01-02T10:00:00Z");
});

afterAll(async () => {
  await (await import("@/lib/db/client")).disconnectDb();
  await (await import("@/lib/db/pg-pool")).closePgPool();
});

const load = async (segmentKey: string, opts: { config?: TSchemeConfig; annotatorId?: string } = {}) => {
  const runtime = await getProjectRuntime(db, project.id);
  if (runtime.kind !== "scheme") throw new Error("the preset runs as a scheme");
  return getSchemeWorkspaceItem(db, { project, config: opts.config ?? shown, annotatorId: opts.annotatorId ?? ann, segmentKey, runtime });
};
const decide = (input: Partial<TSuggestionDecisionInput> & { suggestionId: string }, opts: { annotatorId?: string; config?: TSchemeConfig } = {}) =>
  recordSuggestionDecision(db, { projectId: project.id, annotatorId: opts.annotatorId ?? ann, config: opts.config ?? shown, input: ZSuggestionDecisionInput.parse({ decision: "accepted", ...input }) });
const offered = (item: Awaited<ReturnType<typeof load>>) => (item.suggestions ?? []).map((s) => s.id).sort();
/** Switches one MMTE per-MRW part in Settings: the next scheme version, with or without the field. */
const mrwPart = async (part: "emotion" | "authenticity", on: boolean) => {
  const config = ZSchemeConfig.parse({ ...shown, mmteMrw: { ...shown.mmteMrw, [part]: on } });
  expect((await updateSchemeConfig(db, project.id, config, lead)).schemeVersion).not.toBeNull();
};

describe("suggestions in the item payload of an MMTE + MetaHOPE project", () => {
  it("are absent while the project does not show them", async () => {
    const item = await load(metaphorical.id, { config: hidden });
    expect(item).not.toHaveProperty("suggestions");
    expect(JSON.stringify(item)).not.toContain("qwen-x");
  });

  it("carry per field and item key the latest ok suggestion the field accepts there, with its model and endpoint", async () => {
    const item = await load(metaphorical.id);
    expect(offered(item)).toEqual([ids.fluency, ids.equivalence, ids.emotion, ids.authenticity, ids.alignment].sort());
    const t0 = metaphorical.translations[0].id;
    expect(item.suggestions!.find((s) => s.field === "EQUIVALENCE")).toEqual({
      id: ids.equivalence,
      field: "EQUIVALENCE",
      itemKey: `${t0}:${metaphorical.mrws[0].id}`,
      value: "PART",
      model: "qwen-x",
      endpoint: "local",
      decision: null,
    });
    expect(item.suggestions!.find((s) => s.field === "FLUENCY")).toMatchObject({ itemKey: `${t0}:-`, value: 3 });
    // the literal-source label set on a literal MRW
    expect(offered(await load(literal.id))).toEqual([ids.literalEquivalence, ids.literalFluency].sort());
  });

  it("none of a part switched off (a scheme version without the field)", async () => {
    await mrwPart("emotion", false);
    try {
      expect(offered(await load(metaphorical.id))).toEqual([ids.fluency, ids.equivalence, ids.authenticity, ids.alignment].sort());
    } finally {
      await mrwPart("emotion", true);
    }
  });

  it("never for an inactive MRW", async () => {
    await db.mrw.update({ where: { id: metaphorical.mrws[1].id }, data: { active: false } });
    try {
      expect(offered(await load(metaphorical.id))).toEqual([ids.fluency, ids.equivalence, ids.emotion, ids.alignment].sort());
    } finally {
      await db.mrw.update({ where: { id: metaphorical.mrws[1].id }, data: { active: true } });
    }
  });
});

describe("recordSuggestionDecision on MMTE items", () => {
  it("records accepted, edited and rejected; the payload carries the caller's decisions only", async () => {
    expect(await decide({ suggestionId: ids.fluency })).toMatchObject({ decision: "accepted", value: 3 });
    expect(await decide({ suggestionId: ids.equivalence, decision: "edited", value: "FULL" })).toMatchObject({ decision: "edited", value: "FULL" });
    expect(await decide({ suggestionId: ids.emotion, decision: "rejected" })).toMatchObject({ decision: "rejected", value: null });
    const item = await load(metaphorical.id);
    expect(Object.fromEntries(item.suggestions!.map((s) => [s.field, s.decision]))).toEqual({
      FLUENCY: { decision: "accepted", value: 3 },
      EQUIVALENCE: { decision: "edited", value: "FULL" },
      EMOTION: { decision: "rejected", value: null },
      AUTHENTICITY: null,
      ALIGNMENT: null,
    });
    expect(await decide({ suggestionId: ids.literalFluency, decision: "edited", value: 4 }, { annotatorId: other })).toMatchObject({ decision: "edited" });
    expect((await load(literal.id)).suggestions!.every((s) => s.decision === null)).toBe(true);
  });

  it("refuses another annotator's item, a field the scheme does not have (a part switched off included), an inactive MRW's, a failed one, and any while suggestions are hidden (404)", async () => {
    expect((await rejection(decide({ suggestionId: ids.authenticity }, { annotatorId: other }))).status).toBe(404);
    expect((await rejection(decide({ suggestionId: ids.noField }))).status).toBe(404);
    // the item does not offer a label the MRW's alternative refuses
    expect((await rejection(decide({ suggestionId: ids.equivalenceWrongSet }))).status).toBe(404);
    await mrwPart("authenticity", false);
    try {
      expect((await rejection(decide({ suggestionId: ids.authenticity }))).status).toBe(404);
    } finally {
      await mrwPart("authenticity", true);
    }
    await db.mrw.update({ where: { id: metaphorical.mrws[1].id }, data: { active: false } });
    try {
      expect((await rejection(decide({ suggestionId: ids.authenticity }))).status).toBe(404);
    } finally {
      await db.mrw.update({ where: { id: metaphorical.mrws[1].id }, data: { active: true } });
    }
    expect((await rejection(decide({ suggestionId: ids.authenticity }, { config: hidden }))).status).toBe(404);
    expect((await rejection(decide({ suggestionId: ids.failed }))).status).toBe(404);
    expect(await db.suggestionDecision.count({ where: { suggestionId: { in: [ids.authenticity, ids.noField, ids.equivalenceWrongSet] } } })).toBe(0);
  });

  it("refuses a decision on a submitted item (423)", async () => {
    await db.assignment.updateMany({ where: { annotatorId: ann, segmentId: metaphorical.id }, data: { status: "DONE" } });
    const e = await rejection(decide({ suggestionId: ids.authenticity }));
    expect(e.status).toBe(423);
    expect(e.detail).toMatchObject({ status: "DONE" });
    expect(await db.suggestionDecision.count({ where: { suggestionId: ids.authenticity } })).toBe(0);
  });
});
