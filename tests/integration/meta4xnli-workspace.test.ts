// Issue 16 point 3 on PostgreSQL: the workspace payload of a meta4xnli project. Two CoNLL files read
// together as parallel (`import --parallel`) link sentence n of each; the EN/ES rows of an
// interpretation pair are linked by their pairID. An item carries its other-language version with
// the caller's own values there (not another annotator's), a detection file of thousands of
// sentences gives only a window of neighbours as context, and the queue counts progress per language.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile, parseParallelConll } from "@/lib/db/import/import-file";
import { loadImport } from "@/lib/db/import/load-import";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { CONTEXT_WINDOW, getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { getQueueSummary } from "@/lib/db/workspace/queue-page";
import { parseQueueQuery } from "@/lib/workspace/queue-query";
import { countPairs } from "@/lib/import/parallel-pairs";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

const EN = "tests/fixtures/meta4xnli/en/meta4xnli_dev_first3.tsv";
const ES = "tests/fixtures/meta4xnli/es/meta4xnli_dev_first3.tsv";
const NLI = readFileSync("data/meta4xnli/interpretation/splits/test_met.tsv", "utf8")
  .split("\n")
  .filter((l, i) => i === 0 || l.includes("\t4274_xnli.dev\t"))
  .join("\n") + "\n";

let db: Db;
let pool: Pool;
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let runtime: Extract<TSchemeRuntime, { kind: "scheme" }>;
let ann: string;
let other: string;
beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  ann = (await makeUser(db, { tag: "ann" })).id;
  other = (await makeUser(db, { tag: "other" })).id;
  const p = await makeProject(db, [{ userId: ann, roles: ["ANNOTATOR"] }, { userId: other, roles: ["ANNOTATOR"] }]);
  project = { ...p, sourceLang: "en", targetLang: "es" };
  await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
  const r = await getProjectRuntime(db, project.id);
  if (r.kind !== "scheme") throw new Error("expected the scheme runtime");
  runtime = r;
});
afterAll(closeTestDatabase);

const load = (segmentKey: string, annotatorId = ann) => getSchemeWorkspaceItem(db, { project, config: DEFAULT_SCHEME_CONFIG, annotatorId, segmentKey, runtime });
const save = (annotatorId: string, segmentId: string, value: unknown) =>
  saveAnnotation(pool, { projectId: project.id, annotatorId, config: DEFAULT_SCHEME_CONFIG, runtime, input: { segmentId, translationId: null, mrwId: null, field: "metaphor", value, baseVersion: 0 } as TSaveAnnotationInput });

describe("Meta4XNLI workspace", () => {
  it("parallel CoNLL sentences and NLI pairs show their other language; context is bounded; progress per language", async () => {
    const parallel = parseParallelConll({ name: EN, content: readFileSync(EN) }, { name: ES, content: readFileSync(ES) }, {});
    expect([parallel.errors, parallel.documents.map((d) => d.externalId), countPairs(parallel)]).toEqual([[], ["conll:meta4xnli_dev_first3:en", "conll:meta4xnli_dev_first3:es"], 3]);
    await loadImport(pool, { projectId: project.id, fileName: "meta4xnli_dev_first3.tsv", result: parallel, dryRun: false });
    const nli = await importFile(pool, { project, fileName: "test_met.tsv", content: Buffer.from(NLI), options: { format: "auto" }, dryRun: false });
    expect([nli.ok, nli.counts.pairs]).toEqual([true, 1]);
    // the whole dev split as one (unlinked) detection file: 2,431 sentences in one document
    const dev = await importFile(pool, { project, fileName: "meta4xnli_dev.tsv", content: readFileSync("data/meta4xnli/detection/splits/en/meta4xnli_dev.tsv"), options: { format: "conll" }, dryRun: false });
    expect([dev.ok, dev.counts.segments, dev.counts.pairs]).toEqual([true, 2431, 0]);
    await createAssignments(db, { projectId: project.id, annotatorIds: [ann, other], perItem: 2, shuffle: false });

    const seg = (externalId: string) => db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId }, select: { id: true } });
    const en1 = await seg("conll:meta4xnli_dev_first3:en:s1");
    const es1 = await seg("conll:meta4xnli_dev_first3:es:s1");
    // tags on the ES sentence: the caller's own and another annotator's
    const esTokens = (await load(es1.id)).lists.tokens as string[];
    const mine = esTokens.map((t) => (t === "lazos" ? "B-METAPHOR" : "O"));
    await save(ann, es1.id, mine);
    await save(other, es1.id, esTokens.map((_, i) => (i === 0 ? "B-METAPHOR" : "O")));

    const item = await load(en1.id);
    expect(item.segment.language).toBe("en");
    expect(item.parallel).toHaveLength(1);
    expect(item.parallel[0]).toMatchObject({ id: es1.id, language: "es", text: expect.stringMatching(/^Gran parte de la investigación sobre Quinceañeras/), status: "TODO" });
    // only the caller's own value travels with the version
    expect(item.parallel[0].values).toEqual([{ field: "metaphor", itemKey: "-:-", value: mine }]);
    // a three-sentence file is its own whole context
    expect([item.document.segments.length, item.document.total]).toEqual([3, 3]);

    // the NLI pair: the ES row beside the EN one, premise and hypothesis by role; no context of one sentence
    const pairEn = await seg("m4x:4274_xnli.dev:en");
    const pairItem = await load(pairEn.id);
    expect(pairItem.parallel.map((v) => [v.externalId, v.language, Object.keys(v.texts)])).toEqual([["m4x:4274_xnli.dev:es", "es", ["premise", "hypothesis"]]]);
    expect(pairItem.parallel[0].texts.premise).toMatch(/^Necesitamos estos recursos adicionales/);
    expect([pairItem.document.segments.map((s) => s.id), pairItem.document.total]).toEqual([[pairEn.id], 1]);

    // sentence 1,200 of the unlinked 2,431-sentence file: a window of neighbours, no parallel version
    const mid = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: "conll:meta4xnli_dev:en:s1200" }, select: { id: true, index: true } });
    const big = await load(mid.id);
    expect(big.parallel).toEqual([]);
    expect(big.document.total).toBe(2431);
    expect(big.document.segments.map((s) => s.index)).toEqual(Array.from({ length: 2 * CONTEXT_WINDOW + 1 }, (_, k) => mid.index - CONTEXT_WINDOW + k));

    // the queue: progress per language
    const queue = await getQueueSummary(pool, { projectId: project.id, annotatorId: ann }, parseQueueQuery({}));
    expect(queue.languages).toEqual([
      { language: "en", done: 0, total: 3 + 1 + 2431 },
      { language: "es", done: 0, total: 3 + 1 },
    ]);
  }, 120_000);
});
