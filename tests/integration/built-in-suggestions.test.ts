// Model suggestions in the built-in MMTE / MetaHOPE workspace (issue 15 point 4) on PostgreSQL:
// the item payload carries them only when the project shows them, per translation and MRW slot of
// the caller's view the latest ok suggestion of a scale or choice field whose value that slot
// accepts (EQUIVALENCE by the MRW's metaphoricity), with the caller's own decision; never a failed
// one, another item's, an inactive MRW's, an alignment's or one of a part switched off. Decisions
// on MMTE items are recorded; another annotator's item, a hidden field or setting is "not found",
// a submitted item is closed (423).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { useTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/seed-demo";
import { getWorkspaceItem } from "@/lib/db/workspace-item";
import { storeBuiltInSchemeVersion } from "@/lib/db/project-schemes";
import { recordSuggestionDecision, ZSuggestionDecisionInput, type TSuggestionDecisionInput } from "@/lib/db/suggestion-decisions";
import { ZSchemeConfig, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TWorkspaceScheme } from "@/lib/workspace/scheme-view";

let db: Db;
let pool: Pool;
const shown: TSchemeConfig = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true, showSuggestions: true, shuffleItems: false });
const hidden: TSchemeConfig = { ...shown, showSuggestions: false };
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let ann: string, other: string;
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
  const p = await makeProject(db, [{ userId: ann, roles: ["ANNOTATOR"] }, { userId: other, roles: ["ANNOTATOR"] }]);
  await db.project.update({ where: { id: p.id }, data: { schemeConfig: shown } });
  await storeBuiltInSchemeVersion(db, p.id, shown, { actorId: null, note: "test" });
  project = { id: p.id, slug: p.slug, sourceLang: "en", targetLang: "zh" };
  await loadImport(pool, { projectId: p.id, fileName: "demo-corpus.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  metaphorical = await segmentOf("demo-doc-1-s1");
  literal = await segmentOf("demo-doc-1-s5");
  // the annotator has both items under both schemes; the other annotator only the literal one, MMTE
  await db.assignment.createMany({
    data: [
      ...(["MMTE", "METAHOPE"] as const).flatMap((scheme) => [metaphorical, literal].map((s, position) => ({ projectId: p.id, annotatorId: ann, segmentId: s.id, scheme, position }))),
      { projectId: p.id, annotatorId: other, segmentId: literal.id, scheme: "MMTE", position: 0 },
    ],
  });
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
  // an alignment: the workspace shows no suggestion of that kind
  await make("alignment", { ...here, mrwId: m1 }, "ALIGNMENT", { pattern: "OMISSION", spans: [] }, "2026-01-02T10:00:00Z");
  await make("literalEquivalence", { segmentId: literal.id, translationId: lt, mrwId: lm }, "EQUIVALENCE", "LITERAL", "2026-01-02T10:00:00Z");
  await make("literalFluency", { segmentId: literal.id, translationId: lt }, "FLUENCY", 2, "2026-01-02T10:00:00Z");
});

afterAll(async () => {
  await (await import("@/lib/db/client")).disconnectDb();
  await (await import("@/lib/db/pg-pool")).closePgPool();
});

const load = (segmentKey: string, opts: { config?: TSchemeConfig; scheme?: TWorkspaceScheme; annotatorId?: string } = {}) =>
  getWorkspaceItem(db, { project, config: opts.config ?? shown, annotatorId: opts.annotatorId ?? ann, segmentKey, scheme: opts.scheme ?? "MMTE" });
const decide = (input: Partial<TSuggestionDecisionInput> & { suggestionId: string }, opts: { annotatorId?: string; config?: TSchemeConfig } = {}) =>
  recordSuggestionDecision(db, { projectId: project.id, annotatorId: opts.annotatorId ?? ann, config: opts.config ?? shown, input: ZSuggestionDecisionInput.parse({ decision: "accepted", ...input }) });
const offered = (item: Awaited<ReturnType<typeof load>>) => (item.suggestions ?? []).map((s) => s.id).sort();

describe("suggestions in the built-in item payload", () => {
  it("are absent while the project does not show them", async () => {
    const item = await load(metaphorical.id, { config: hidden });
    expect(item).not.toHaveProperty("suggestions");
    expect(JSON.stringify(item)).not.toContain("qwen-x");
  });

  it("carry per slot the latest ok suggestion the slot accepts, with its translation, MRW, model and endpoint", async () => {
    const item = await load(metaphorical.id);
    expect(offered(item)).toEqual([ids.fluency, ids.equivalence, ids.emotion, ids.authenticity].sort());
    const t0 = metaphorical.translations[0].id;
    expect(item.suggestions!.find((s) => s.field === "EQUIVALENCE")).toEqual({
      id: ids.equivalence,
      field: "EQUIVALENCE",
      translationId: t0,
      mrwId: metaphorical.mrws[0].id,
      value: "PART",
      model: "qwen-x",
      endpoint: "local",
      decision: null,
    });
    expect(item.suggestions!.find((s) => s.field === "FLUENCY")).toMatchObject({ translationId: t0, mrwId: null, value: 3 });
    // the literal-source label set on a literal MRW
    expect(offered(await load(literal.id))).toEqual([ids.literalEquivalence, ids.literalFluency].sort());
  });

  it("only for the fields of the caller's view: none in MetaHOPE's (alignment suggestions are not shown), none of a part switched off", async () => {
    expect(offered(await load(metaphorical.id, { scheme: "METAHOPE" }))).toEqual([]);
    const noEmotion = { ...shown, mmteMrw: { ...shown.mmteMrw, emotion: false } };
    expect(offered(await load(metaphorical.id, { config: noEmotion }))).toEqual([ids.fluency, ids.equivalence, ids.authenticity].sort());
  });

  it("never for an inactive MRW", async () => {
    await db.mrw.update({ where: { id: metaphorical.mrws[1].id }, data: { active: false } });
    try {
      expect(offered(await load(metaphorical.id))).toEqual([ids.fluency, ids.equivalence, ids.emotion].sort());
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
    });
    expect(await decide({ suggestionId: ids.literalFluency, decision: "edited", value: 4 }, { annotatorId: other })).toMatchObject({ decision: "edited" });
    expect((await load(literal.id)).suggestions!.every((s) => s.decision === null)).toBe(true);
  });

  it("refuses another annotator's item, a kind or part the workspace does not show, and any while suggestions are hidden (404)", async () => {
    expect((await rejection(decide({ suggestionId: ids.authenticity }, { annotatorId: other }))).status).toBe(404);
    expect((await rejection(decide({ suggestionId: ids.alignment }))).status).toBe(404);
    expect((await rejection(decide({ suggestionId: ids.authenticity }, { config: { ...shown, mmteMrw: { ...shown.mmteMrw, authenticity: false } } }))).status).toBe(404);
    expect((await rejection(decide({ suggestionId: ids.authenticity }, { config: hidden }))).status).toBe(404);
    expect((await rejection(decide({ suggestionId: ids.failed }))).status).toBe(404);
    expect(await db.suggestionDecision.count({ where: { suggestionId: { in: [ids.authenticity, ids.alignment] } } })).toBe(0);
  });

  it("refuses a decision on a submitted MMTE item (423), though the item's MetaHOPE assignment is open", async () => {
    await db.assignment.updateMany({ where: { annotatorId: ann, segmentId: metaphorical.id, scheme: "MMTE" }, data: { status: "DONE" } });
    const e = await rejection(decide({ suggestionId: ids.authenticity }));
    expect(e.status).toBe(423);
    expect(e.detail).toMatchObject({ scheme: "MMTE" });
    expect(await db.suggestionDecision.count({ where: { suggestionId: ids.authenticity } })).toBe(0);
  });
});
