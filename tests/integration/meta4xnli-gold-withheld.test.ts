// Issue 16 point 1: an annotator of a meta4xnli project never receives the gold. The CoNLL corpus
// import turns the gold B-/I- tags into MRWs and a `metaphorical` flag, and the interpretation TSV
// sets `metaphorical` from the file's subset (the gold metaphor role); the item payload
// (lib/db/workspace/item.ts, what the item page renders and GET …/items/[id] answers)
// carries none of it, while the database holds it for adjudicators and reports.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile } from "@/lib/db/import/import-file";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

// the first three sentences of the dev split (each with one B-METAPHOR: ties, strengthen, Momentum)
const DEV = readFileSync("data/meta4xnli/detection/splits/en/meta4xnli_dev.tsv", "utf8").split("\n\n").slice(0, 3).join("\n\n") + "\n\n";
// one EN/ES pair of the metaphor subset (gold label neutral, role relevant from the file's name)
const NLI = readFileSync("data/meta4xnli/interpretation/splits/test_met.tsv", "utf8")
  .split("\n")
  .filter((l, i) => i === 0 || l.includes("\t4274_xnli.dev\t"))
  .join("\n") + "\n";

/** What in a JSON text would tell the annotator the gold: a gold tag list, the gold label or role, an MRW, a true flag. */
const GOLD_IN_JSON = [/\\?"tags\\?"\s*:\s*\[\s*\\?"/, /\\?"gold_label\\?"\s*:/, /\\?"relevance\\?"\s*:/, /\\?"metaphorical\\?"\s*:\s*(true|false)/, /\\?"mrws\\?"\s*:\s*\[\s*\{/];

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("Meta4XNLI gold never reaches an annotator", () => {
  it("the item payload of a detection sentence and of an NLI pair carries no gold, no gold MRWs and no gold-derived flag", async () => {
    const ann = await makeUser(db, { tag: "ann" });
    const project = await makeProject(db, [{ userId: ann.id, roles: ["ANNOTATOR"] }]);
    await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
    const p = { id: project.id, sourceLang: "en", targetLang: "es" };
    const corpus = await importFile(pool, { project: p, fileName: "en/meta4xnli_dev.tsv", content: Buffer.from(DEV), options: { format: "conll" }, dryRun: false });
    const pairs = await importFile(pool, { project: p, fileName: "test_met.tsv", content: Buffer.from(NLI), options: { format: "auto" }, dryRun: false });
    expect([corpus.ok, corpus.counts.segments, pairs.ok, pairs.counts.segments]).toEqual([true, 3, true, 2]);
    await createAssignments(db, { projectId: project.id, annotatorIds: [ann.id], perItem: 1, shuffle: false });
    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const load = (segmentKey: string) =>
      getSchemeWorkspaceItem(db, { project: { ...project, sourceLang: "en", targetLang: "es" }, config: DEFAULT_SCHEME_CONFIG, annotatorId: ann.id, segmentKey, runtime });

    // the database holds the gold: the sentence's MRW "ties", its flag and its tag list
    const sentence = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: { endsWith: ":s1" } }, select: { id: true, metaphorical: true, lists: true, mrws: { select: { token: true } } } });
    expect([sentence.metaphorical, sentence.mrws.map((m) => m.token), (sentence.lists as { tags: string[] }).tags.filter((t) => t !== "O")]).toEqual([true, ["ties"], ["B-METAPHOR"]]);
    const item = await load(sentence.id);
    expect(item.mrws).toEqual([]);
    expect(item.segment.metaphorical).toBeNull();
    expect(Object.keys(item.lists)).toEqual(["tokens"]);
    for (const re of GOLD_IN_JSON) expect(JSON.stringify(item), String(re)).not.toMatch(re);

    const pair = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: "m4x:4274_xnli.dev:en" }, select: { id: true, metaphorical: true, lists: true } });
    expect([pair.metaphorical, (pair.lists as Record<string, unknown>).relevance, (pair.lists as Record<string, unknown>).gold_label]).toEqual([true, "relevant", "neutral"]);
    const nli = await load(pair.id);
    expect(nli.segment.metaphorical).toBeNull();
    expect(nli.lists).not.toHaveProperty("relevance");
    expect(nli.lists).not.toHaveProperty("gold_label");
    expect(nli.texts).toEqual({ premise: expect.stringContaining("We need these additional resources"), hypothesis: expect.any(String) });
    for (const re of GOLD_IN_JSON) expect(JSON.stringify(nli), String(re)).not.toMatch(re);
  });
});
