// Model suggestions in the scheme runtime's workspace (issue 15 point 4) on PostgreSQL: the item
// payload carries them only when the project shows them (the latest ok suggestion per field and
// item key, a document-scope one from the document's first segment, never a failed one, a stale
// value or another item's), with the caller's own decision; decisions are recorded, a later one
// replaces the earlier, and a suggestion of an item the caller has no SCHEME assignment for, of
// another project, failed, or hidden by the setting is "not found"; a submitted item is closed.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { listSuggestionDecisions, recordSuggestionDecision, ZSuggestionDecisionInput, type TSuggestionDecisionInput } from "@/lib/db/models/suggestion-decisions";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";

const definition = ZSchemeDefinition.parse({
  ...JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")),
  fields: [
    ...JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")).fields,
    { id: "genre", scope: "document", kind: "choice", label: "Genre", options: [{ value: "news" }, { value: "fiction" }] },
  ],
});

let db: Db;
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let otherProject: { id: string };
let annotator: string;
let other: string;
let runtime: Extract<TSchemeRuntime, { kind: "scheme" }>;
const segs: { id: string; translations: string[] }[] = [];
const ids: Record<string, string> = {};
const shown = { ...DEFAULT_SCHEME_CONFIG, blindSystemNames: true, shuffleItems: false, showSuggestions: true };
const hidden = { ...shown, showSuggestions: false };


beforeAll(async () => {
  ({ db } = await openTestDatabase());
  annotator = (await makeUser(db, { tag: "ann" })).id;
  other = (await makeUser(db, { tag: "other" })).id;
  project = await makeProject(db, [
    { userId: annotator, roles: ["ANNOTATOR"] },
    { userId: other, roles: ["ANNOTATOR"] },
  ]);
  otherProject = await makeProject(db, [{ userId: annotator, roles: ["ANNOTATOR"] }]);
  const sys = await db.mtSystem.create({ data: { projectId: project.id, name: "sys-a" } });
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en" } });
  for (const i of [0, 1]) {
    const s = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `sd${i}`, index: i, text: `Break a leg ${i}.`, language: "en" } });
    const t = await db.translation.create({ data: { segmentId: s.id, systemId: sys.id, text: `祝你好运 ${i}`, language: "zh" } });
    segs.push({ id: s.id, translations: [t.id] });
  }
  await setProjectScheme(db, project.id, definition, { actorId: null });
  const r = await getProjectRuntime(db, project.id);
  if (r.kind !== "scheme") throw new Error("expected the scheme runtime");
  runtime = r;
  // the annotator has both items; the other annotator only the second
  await db.assignment.createMany({
    data: [
      { projectId: project.id, annotatorId: annotator, segmentId: segs[0].id, position: 0 },
      { projectId: project.id, annotatorId: annotator, segmentId: segs[1].id, position: 1 },
      { projectId: project.id, annotatorId: other, segmentId: segs[1].id, position: 0 },
    ],
  });
  const endpoint = await db.modelEndpoint.create({ data: { projectId: project.id, name: "lab-gpt", baseUrl: "http://127.0.0.1:1/v1", model: "gpt-x" } });
  const t0 = segs[0].translations[0];
  const base = { projectId: project.id, endpointId: endpoint.id, model: "gpt-x", promptText: "[]", status: "ok" };
  const make = async (name: string, data: Record<string, unknown>, createdAt: string) => {
    ids[name] = (await db.suggestion.create({ data: { ...base, promptVersion: name, createdAt: new Date(createdAt), ...data } as never })).id;
  };
  await make("meaningOld", { segmentId: segs[0].id, translationId: t0, itemKey: `${t0}:-`, field: "meaning", value: "lost" }, "2026-01-01T10:00:00Z");
  await make("meaning", { segmentId: segs[0].id, translationId: t0, itemKey: `${t0}:-`, field: "meaning", value: "kept" }, "2026-01-02T10:00:00Z");
  await make("transparency", { segmentId: segs[0].id, itemKey: "-:-", field: "transparency", value: 6 }, "2026-01-02T10:00:00Z");
  await make("failed", { segmentId: segs[0].id, translationId: t0, itemKey: `${t0}:-`, field: "fluency", value: undefined, status: "failed", failure: "timed out" }, "2026-01-03T10:00:00Z");
  // a value the scheme does not accept (an option it does not have) is never offered
  await make("stale", { segmentId: segs[0].id, translationId: t0, itemKey: `${t0}:-`, field: "cues", value: ["envy"] }, "2026-01-02T10:00:00Z");
  await make("genre", { segmentId: segs[0].id, itemKey: "document", field: "genre", value: "fiction" }, "2026-01-02T10:00:00Z");
  await make("second", { segmentId: segs[1].id, itemKey: "-:-", field: "transparency", value: 2 }, "2026-01-02T10:00:00Z");
  const otherEndpoint = await db.modelEndpoint.create({ data: { projectId: otherProject.id, name: "x", baseUrl: "http://127.0.0.1:1/v1", model: "m" } });
  const otherSeg = await db.segment.create({
    data: { projectId: otherProject.id, documentId: (await db.document.create({ data: { projectId: otherProject.id, externalId: "o", language: "en" } })).id, externalId: "o0", index: 0, text: "x", language: "en" },
  });
  ids.foreign = (await db.suggestion.create({ data: { projectId: otherProject.id, endpointId: otherEndpoint.id, segmentId: otherSeg.id, itemKey: "-:-", field: "transparency", value: 1, status: "ok", model: "m", promptVersion: "p", promptText: "[]" } })).id;
});
afterAll(closeTestDatabase);

const load = (segmentKey: string, config = shown, annotatorId = annotator) => getSchemeWorkspaceItem(db, { project, config, annotatorId, segmentKey, runtime });
const decide = (input: Partial<TSuggestionDecisionInput> & { suggestionId: string }, opts: { annotatorId?: string; showSuggestions?: boolean } = {}) =>
  recordSuggestionDecision(db, {
    projectId: project.id,
    annotatorId: opts.annotatorId ?? annotator,
    config: { ...shown, showSuggestions: opts.showSuggestions ?? true },
    input: ZSuggestionDecisionInput.parse({ decision: "accepted", ...input }),
  });

describe("suggestions in the scheme workspace payload", () => {
  it("are absent while the project does not show them", async () => {
    const item = await load("sd0", hidden);
    expect(item).not.toHaveProperty("suggestions");
    expect(JSON.stringify(item)).not.toContain("gpt-x");
  });

  it("carry the latest ok suggestion per field and item key, with model and endpoint, and no failed, stale or other item's one", async () => {
    const item = await load("sd0");
    const t0 = segs[0].translations[0];
    const got = (item.suggestions ?? []).map((s) => [s.field, s.itemKey, s.value, s.id]).sort();
    expect(got).toEqual(
      [
        ["genre", "document", "fiction", ids.genre],
        ["meaning", `${t0}:-`, "kept", ids.meaning],
        ["transparency", "-:-", 6, ids.transparency],
      ].sort(),
    );
    expect(item.suggestions?.[0]).toMatchObject({ model: "gpt-x", endpoint: "lab-gpt", decision: null });
    // the document-scope suggestion is stored on the first segment and shown with every item of the document
    const second = await load("sd1");
    expect((second.suggestions ?? []).map((s) => [s.field, s.value]).sort()).toEqual([["genre", "fiction"], ["transparency", 2]]);
  });
});

describe("recordSuggestionDecision", () => {
  it("records accepted with the suggested value, edited with the saved one, rejected without a value; the payload carries them", async () => {
    expect(await decide({ suggestionId: ids.transparency })).toMatchObject({ decision: "accepted", value: 6 });
    expect(await decide({ suggestionId: ids.meaning, decision: "edited", value: "literal" })).toMatchObject({ decision: "edited", value: "literal" });
    expect(await decide({ suggestionId: ids.genre, decision: "rejected" })).toMatchObject({ decision: "rejected", value: null });
    const item = await load("sd0");
    const byField = Object.fromEntries((item.suggestions ?? []).map((s) => [s.field, s.decision]));
    expect(byField).toEqual({ transparency: { decision: "accepted", value: 6 }, meaning: { decision: "edited", value: "literal" }, genre: { decision: "rejected", value: null } });
    // the other annotator sees the same suggestions undecided: decisions are per annotator
    const theirs = await load("sd1", shown, other);
    expect(theirs.suggestions?.find((s) => s.field === "genre")?.decision).toBeNull();
  });

  it("a later decision replaces the earlier one (one row per suggestion and annotator)", async () => {
    await decide({ suggestionId: ids.genre, decision: "edited", value: "news" });
    await decide({ suggestionId: ids.transparency, decision: "rejected" });
    const rows = await listSuggestionDecisions(db, project.id, annotator);
    expect(rows.filter((r) => r.suggestionId === ids.genre).map((r) => [r.decision, r.value])).toEqual([["edited", "news"]]);
    expect(rows.filter((r) => r.suggestionId === ids.transparency).map((r) => [r.decision, r.value])).toEqual([["rejected", null]]);
    expect(await db.suggestionDecision.count({ where: { projectId: project.id } })).toBe(3);
  });

  it("refuses another annotator's item, another project's suggestion, a failed one, and any while suggestions are hidden (404); a bad body fails the schema", async () => {
    // the other annotator has only the second item: the first item's suggestion is not theirs
    expect((await rejection(decide({ suggestionId: ids.meaning }, { annotatorId: other }))).status).toBe(404);
    // ... but the document-scope one belongs to their item of that document too
    expect(await decide({ suggestionId: ids.genre, decision: "rejected" }, { annotatorId: other })).toMatchObject({ decision: "rejected" });
    expect((await rejection(decide({ suggestionId: ids.foreign }))).status).toBe(404);
    expect((await rejection(decide({ suggestionId: ids.failed }))).status).toBe(404);
    expect((await rejection(decide({ suggestionId: ids.second }, { showSuggestions: false }))).status).toBe(404);
    expect((await rejection(decide({ suggestionId: "no-such-suggestion" }))).status).toBe(404);
    expect(ZSuggestionDecisionInput.safeParse({}).success).toBe(false);
    expect(ZSuggestionDecisionInput.safeParse({ suggestionId: ids.meaning, decision: "ignored" }).success).toBe(false);
    expect(ZSuggestionDecisionInput.safeParse({ suggestionId: ids.meaning, decision: "edited" }).success).toBe(false);
    expect(await db.suggestionDecision.count({ where: { annotatorId: other } })).toBe(1);
  });

  it("refuses a decision on a submitted item (423) and keeps the earlier one", async () => {
    await db.assignment.updateMany({ where: { annotatorId: annotator, segmentId: segs[1].id }, data: { status: "DONE" } });
    expect((await rejection(decide({ suggestionId: ids.second }))).status).toBe(423);
    expect(await db.suggestionDecision.count({ where: { suggestionId: ids.second } })).toBe(0);
  });
});
