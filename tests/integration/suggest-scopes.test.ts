// Suggest jobs at every scope (issue 15), on PostgreSQL against the loopback OpenAI-compatible test
// server: Meta4XNLI sentences pre-tagged (segment scope, BIO tags of exact length), Meta4XNLI
// pairs labelled at the hypothesis with the premise beside it (role scope), EMOS source vectors
// (segment scope), a document's genre stored on its first segment, an MRW's flag; CR-ST's cloze
// answer by the paper's three-step PASS chain, each step kept in the suggestion's provenance, a
// step whose reply is not one of the candidates asked again, a step that never fits recorded as
// the unit's failure. No item list a field takes its gold from reaches a prompt.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { createModelEndpoint } from "@/lib/db/models/endpoints";
import { getSchemeInForce, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { createSuggestJob } from "@/lib/db/models/suggest-jobs";
import { listSuggestUnits } from "@/lib/db/models/suggest-units";
import { runSuggestJob } from "@/lib/jobs/suggest-job";
import { stopBoss } from "@/lib/jobs/queue";
import type { TChainStepRecord } from "@/lib/models/run-prompt";
import { CR_ST_PRESET } from "@/lib/schemes/presets/cr-st";
import { EMOS_PRESET } from "@/lib/schemes/presets/emos";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { closeTestDatabase, openTestDatabase } from "../db";
import { startOpenAiTestServer, type TOpenAiTestServer, type TTestBehaviour } from "../support/openai-test-server";
import { makeProject, makeUser } from "./fixtures";

const PARAMS = { temperature: 0, maxTokens: 200, maxRetries: 0, invalidReplyRetries: 1 };
let db: Db;
let pool: Pool;
let server: TOpenAiTestServer;
const faults: ((user: string, attempt: number) => TTestBehaviour | null)[] = [];

beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  // the test server is on loopback, which endpoints may reach only when listed (issue 27, point 1b)
  process.env.TROPOS_MODEL_HOSTS = "127.0.0.1";
  server = await startOpenAiTestServer({ plan: (user, attempt) => faults.map((f) => f(user, attempt)).find((b) => b !== null) ?? "ok" });
});
afterAll(async () => {
  await stopBoss();
  await server.close();
  delete process.env.TROPOS_MODEL_HOSTS;
  await closeTestDatabase();
});

async function projectWith(scheme: Parameters<typeof setProjectScheme>[2], sourceLang = "en") {
  const user = await makeUser(db);
  const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
  await setProjectScheme(db, project.id, scheme, { actorId: null });
  await createModelEndpoint(db, project.id, { name: "local", baseUrl: server.baseUrl, model: "test-model", concurrency: 2, timeoutMs: 2000 });
  const imp = async (fileName: string, text: string, format: "conll" | "meta4xnli-nli" | "chid" | "jsonl") => {
    const r = await importFile(pool, { project: { id: project.id, sourceLang, targetLang: "zh" }, fileName, content: Buffer.from(text), options: { format, sourceLang }, dryRun: false });
    expect(r.errors).toEqual([]);
  };
  const suggest = async (field: string) => {
    const job = await createSuggestJob(db, pool, { projectId: project.id, actorId: user.id, endpointName: "local", field, queue: false });
    await runSuggestJob(db, pool, job.id, { params: PARAMS });
    return db.job.findUniqueOrThrow({ where: { id: job.id } });
  };
  return { project, imp, suggest };
}

/** The user messages the server got since `from` (what left for the model). */
const userMessages = (from: number) => server.requests.slice(from).map((r) => r.user ?? "");

describe("suggestions at every scope", () => {
  it("Meta4XNLI: BIO tags per sentence (one per whitespace token) and the inference at the hypothesis with the premise shown; no gold in any prompt", async () => {
    const { project, imp, suggest } = await projectWith(META4XNLI_PRESET);
    const dev = readFileSync("data/meta4xnli/detection/splits/en/meta4xnli_dev.tsv", "utf8").split("\n\n").slice(0, 4).join("\n\n") + "\n";
    await imp("en/meta4xnli_dev.tsv", dev, "conll");
    const nli = readFileSync("data/meta4xnli/interpretation/splits/test_met.tsv", "utf8").split("\n").slice(0, 4).join("\n") + "\n";
    await imp("test_met.tsv", nli, "meta4xnli-nli");

    const from = server.requests.length;
    expect(await suggest("metaphor")).toMatchObject({ status: "done", total: 7, done: 7 });
    const tags = await db.suggestion.findMany({ where: { projectId: project.id, field: "metaphor" }, include: { segment: true } });
    expect(tags).toHaveLength(7);
    const field = META4XNLI_PRESET.fields.find((f) => f.id === "metaphor")!;
    for (const s of tags) {
      expect(s).toMatchObject({ status: "ok", itemKey: "-:-", translationId: null, mrwId: null });
      const value = s.value as string[];
      // as many tags as whitespace tokens, and a value the annotators' own check accepts
      expect(value).toHaveLength(s.segment.text.split(/\s+/).filter(Boolean).length);
      expect(validateSchemeValue(field, value, { lists: {} })).toMatchObject({ ok: true });
      expect(value.filter((t) => t === "B-METAPHOR")).toHaveLength(1);
    }
    // the corpus's tags are the field's item gold: never in the query (the query lists tokens only)
    for (const u of userMessages(from)) {
      expect(u).toMatch(/^Text \((en|es)\): .*\nTokens \(\d+, one tag each\): \[.*\]\nMetaphorical tokens:$/s);
      expect(u).not.toContain("METAPHOR");
    }

    const before = server.requests.length;
    expect(await suggest("inference")).toMatchObject({ status: "done", total: 3, done: 3 });
    const inference = await db.suggestion.findMany({ where: { projectId: project.id, field: "inference" }, include: { segment: true } });
    expect(inference.map((s) => [s.itemKey, s.status])).toEqual([["role:hypothesis", "ok"], ["role:hypothesis", "ok"], ["role:hypothesis", "ok"]]);
    for (const s of inference) {
      const texts = s.segment.texts as { premise: string; hypothesis: string };
      const user = JSON.parse(s.promptText)[1].content as string;
      expect(user).toBe(`Premise (es): ${texts.premise}\nHypothesis (es): ${texts.hypothesis}\n(Inference relation is about the Hypothesis.)\nInference relation:`);
      expect(["entailment", "neutral", "contradiction"]).toContain(s.value);
    }
    // neither gold_label nor relevance went out
    const units = await listSuggestUnits(pool, project.id, { scope: { role: "hypothesis" }, definition: await getSchemeInForce(db, project.id) });
    expect(units.every((u) => !("gold_label" in u.lists) && !("relevance" in u.lists))).toBe(true);
    expect(userMessages(before).join("\n")).not.toMatch(/gold_label|relevan/);
  }, 60_000);

  it("EMOS source vectors at segment scope: whole intensities 0–3, never all zero", async () => {
    const { project, imp, suggest } = await projectWith(EMOS_PRESET);
    await imp("emos.jsonl", [
      { type: "document", externalId: "d1", language: "en" },
      { type: "segment", externalId: "e1", documentId: "d1", index: 0, text: "I can't believe she's gone.", language: "en", metaphorical: false },
      { type: "segment", externalId: "e2", documentId: "d1", index: 1, text: "The parcel arrived on Tuesday.", language: "en", metaphorical: false },
    ].map((l) => JSON.stringify(l)).join("\n"), "jsonl");
    expect(await suggest("source_emotions")).toMatchObject({ status: "done", total: 2 });
    const field = EMOS_PRESET.fields.find((f) => f.id === "source_emotions")!;
    for (const s of await db.suggestion.findMany({ where: { projectId: project.id } })) {
      expect(s.status).toBe("ok");
      expect(validateSchemeValue(field, s.value)).toMatchObject({ ok: true });
      expect(JSON.parse(s.promptText)[1].content).toMatch(/^Text \(en\): .+\nEmotions of the source:$/);
    }
  }, 60_000);

  it("a document's value is asked once with the whole document and stored on its first segment; an MRW's at the MRW", async () => {
    const scheme = ZSchemeDefinition.parse({
      id: "scopes", version: 1, name: "Scopes",
      fields: [
        { id: "genre", scope: "document", kind: "choice", label: "Genre", options: [{ value: "news" }, { value: "fiction" }] },
        { id: "conventional", scope: "mrw", kind: "boolean", label: "Conventional metaphor" },
      ],
    });
    const { project, imp, suggest } = await projectWith(scheme);
    await imp("docs.jsonl", [
      { type: "document", externalId: "d1", language: "en" },
      { type: "segment", externalId: "a1", documentId: "d1", index: 0, text: "Prices climbed.", language: "en", metaphorical: true },
      { type: "segment", externalId: "a2", documentId: "d1", index: 1, text: "Sales fell.", language: "en", metaphorical: true },
      { type: "mrw", externalId: "m1", segmentId: "a2", spans: [{ start: 6, end: 10 }], token: "fell", pos: "VERB", active: true, metaphorical: true },
      { type: "document", externalId: "d2", language: "en" },
      { type: "segment", externalId: "b1", documentId: "d2", index: 0, text: "Once upon a time.", language: "en", metaphorical: false },
    ].map((l) => JSON.stringify(l)).join("\n"), "jsonl");
    expect(await suggest("genre")).toMatchObject({ status: "done", total: 2 });
    const genre = await db.suggestion.findMany({ where: { projectId: project.id, field: "genre" }, include: { segment: true }, orderBy: { segment: { externalId: "asc" } } });
    expect(genre.map((s) => [s.segment.externalId, s.itemKey, s.status])).toEqual([["a1", "document", "ok"], ["b1", "document", "ok"]]);
    expect(JSON.parse(genre[0].promptText)[1].content).toBe("Document (en):\nPrices climbed.\nSales fell.\nGenre:");
    expect(await suggest("conventional")).toMatchObject({ status: "done", total: 1 });
    const mrw = await db.suggestion.findFirstOrThrow({ where: { projectId: project.id, field: "conventional" }, include: { mrw: true } });
    expect([mrw.itemKey, typeof mrw.value]).toEqual([`-:${mrw.mrwId}`, "boolean"]);
    expect(JSON.parse(mrw.promptText)[1].content).toBe("Text (en): Sales @fell@.\nTarget word: fell\nConventional metaphor:");
  }, 60_000);
});

describe("CR-ST's PASS chain", () => {
  const C3 = ["雷厉风行", "拖泥带水", "画蛇添足"];
  const FILE = [
    { id: "p1", groundTruth: ["雷厉风行"], candidates: [C3], content: "他做事总是#idiom#，从不拖延。" },
    { id: "p2", groundTruth: ["拖泥带水", "画蛇添足"], candidates: [C3, C3], content: "甲办事#idiom#，乙写完又加一段，真是#idiom#。" },
  ].map((o) => JSON.stringify(o)).join("\n");

  it("paraphrase, answer, self-check: every step's prompt and reply kept, a step that does not fit asked again, one that never fits recorded", async () => {
    const { project, imp, suggest } = await projectWith(CR_ST_PRESET, "zh");
    await imp("chid_test.txt", FILE, "chid");
    // p1's answer step: first a reply that is no candidate, then a valid one
    faults.push((user, attempt) => (user.startsWith("Context: 他做事总是#idiom#") && user.endsWith("Predictive idiom:") && attempt === 1 ? "invalid" : null));
    // p2's first blank: the self-check never answers with a candidate
    faults.push((user) => (user.startsWith("Context: 甲办事#idiom#") && user.endsWith("Predictive idiom / revised idiom:") ? "invalid" : null));
    const from = server.requests.length;
    expect(await suggest("answer")).toMatchObject({ status: "done", total: 3, done: 3 });

    const rows = await db.suggestion.findMany({ where: { projectId: project.id, field: "answer" }, include: { segment: true }, orderBy: { segment: { externalId: "asc" } } });
    expect(rows.map((r) => [r.segment.externalId, r.status])).toEqual([["p1#1", "ok"], ["p2#1", "failed"], ["p2#2", "ok"]]);
    for (const r of rows) expect(r.promptVersion).toMatch(/^cr-st-pass@[0-9a-f]{12}$/);

    const [p1, p2a] = rows;
    const steps = (p1.params as unknown as { steps: TChainStepRecord[] }).steps;
    expect(steps.map((s) => [s.step, s.ok, s.attempts])).toEqual([["paraphrase", true, 1], ["answer", true, 2], ["self-check", true, 1]]);
    // step 1's paraphrases, one per candidate, are in step 2's and step 3's prompts
    const paraphrases = steps[0].value as { idiom: string; paraphrase: string }[];
    expect(paraphrases.map((p) => p.idiom).sort()).toEqual([...C3].sort());
    expect(steps[1].messages[1].content).toContain(`Idioms paraphrase:\n${paraphrases.map((p) => `- ${p.idiom}: ${p.paraphrase}`).join("\n")}`);
    expect(steps[2].messages[1].content).toContain(`Predictive idiom: ${String(steps[1].value)}\n`);
    // the suggestion is the self-check's answer, one of the blank's candidates; its raw reply the last step's
    expect(C3).toContain(p1.value);
    expect(p1.value).toBe(steps[2].value);
    expect(p1.rawReply).toBe(steps[2].reply);
    expect(p1.attempts).toBe(4);
    // every message of every step is in the stored prompt text (what left the server)
    expect(JSON.parse(p1.promptText)).toEqual(steps.flatMap((s) => s.messages));
    // the failed unit says which step, and keeps the steps up to it with the raw reply
    expect(p2a.failure).toMatch(/^step 3 of 3 \(self-check\): invalid reply \(2 tries\): the reply does not fit the field: value: /);
    expect(p2a.rawReply).toContain("NOT-AN-OPTION");
    expect((p2a.params as unknown as { steps: TChainStepRecord[] }).steps.map((s) => s.ok)).toEqual([true, true, false]);
    // the gold answers never left: the units carry no "answer" list, and p2's second blank is elided in the first's context
    const units = await listSuggestUnits(pool, project.id, { scope: "segment", definition: CR_ST_PRESET });
    expect(units.every((u) => Object.keys(u.lists).join() === "candidates")).toBe(true);
    expect(userMessages(from).filter((u) => u.startsWith("Context: 甲办事#idiom#")).every((u) => u.includes("真是［…］"))).toBe(true);
  }, 60_000);
});
