// Imported model predictions (issue 15 point 3) on PostgreSQL: a Meta4XNLI CoNLL file of a model's
// tags (a "MelBERT run": the dev sentences with tags changed) through `tropos import
// --as-suggestions --model melbert`, and Tropos JSONL suggestion lines (an emotion classifier's
// EMOS vectors, an NLI model's inference at the hypothesis). Stored as Suggestion rows of a
// ModelEndpoint of kind "imported" (no URL) with provenance, never as a user or an annotation;
// re-importing updates; any bad line is refused naming file, line and key, and nothing is stored.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { importSuggestions } from "@/lib/db/import/suggestions";
import { createModelEndpoint } from "@/lib/db/models/endpoints";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { EMOS_PRESET } from "@/lib/schemes/presets/emos";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import { troposOn } from "../support/run-tropos";

let db: Db;
let pool: Pool;
let url: string;
const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-preds-"));
beforeAll(async () => ({ db, pool, url } = await openTestDatabase()));
afterAll(closeTestDatabase);

const tropos = troposOn(() => url);

/** The first `n` sentences of the shipped dev split. */
const DEV = readFileSync("data/meta4xnli/detection/splits/en/meta4xnli_dev.tsv", "utf8").split("\n\n").slice(0, 12);
/** A model's run over those sentences: every 7th token's tag flipped (O → B, B → O) unless an I- follows. */
function modelRun(blocks: string[]): string {
  let k = 0;
  return `${blocks
    .map((b) => {
      const lines = b.split("\n");
      return lines
        .map((l, i) => {
          const [tok, tag] = l.split("\t");
          const next = lines[i + 1]?.split("\t")[1] ?? "O";
          const flip = k++ % 7 === 0 && !next.startsWith("I-");
          return `${tok}\t${flip ? (tag === "O" ? "B-METAPHOR" : tag === "B-METAPHOR" ? "O" : tag) : tag}`;
        })
        .join("\n");
    })
    .join("\n\n")}\n`;
}

describe("imported model predictions", () => {
  it("a CoNLL run as --model melbert's suggestions: an imported model, provenance, no annotator; re-import updates; a stray sentence stores nothing", async () => {
    const project = await makeProject(db);
    await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
    const p = { id: project.id, sourceLang: "en", targetLang: "es" };
    const corpus = await importFile(pool, { project: p, fileName: "en/meta4xnli_dev.tsv", content: Buffer.from(`${DEV.join("\n\n")}\n`), options: { format: "conll", sourceLang: "en" }, dryRun: false });
    expect([corpus.ok, corpus.counts.segments]).toEqual([true, 12]);
    const run = modelRun(DEV);
    const file = path.join(dir, "melbert-run.tsv");
    writeFileSync(file, run);
    const usersBefore = await db.user.count();

    const r = await tropos("import", file, "--project", project.slug, "--format", "conll", "--as-suggestions", "--model", "melbert", "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ files: [{ file: "melbert-run.tsv", format: "conll", suggestions: 12, models: [{ name: "melbert", suggestions: 12, created: true }] }], errors: [] });

    // a model is not an annotator: the two flags together are a usage error
    const both = await tropos("import", file, "--project", project.slug, "--as-suggestions", "--model", "melbert", "--annotator", "a@lab.org");
    expect([both.code, both.stderr.trim()]).toEqual([2, "tropos import: --as-suggestions stores a model's predictions; --annotator names a human annotator: give one of them"]);

    const endpoint = await db.modelEndpoint.findUniqueOrThrow({ where: { projectId_name: { projectId: project.id, name: "melbert" } } });
    expect(endpoint).toMatchObject({ kind: "imported", baseUrl: null, model: "melbert", apiKeyEnv: null });
    // the model is its own rater: no account, no annotation
    expect(await db.user.count()).toBe(usersBefore);
    expect(await db.annotation.count({ where: { projectId: project.id } })).toBe(0);
    const rows = await db.suggestion.findMany({ where: { projectId: project.id }, include: { segment: true }, orderBy: { segment: { index: "asc" } } });
    expect(rows).toHaveLength(12);
    const blocks = run.trimEnd().split("\n\n");
    rows.forEach((s, i) => {
      expect(s).toMatchObject({ field: "metaphor", itemKey: "-:-", status: "ok", model: "melbert", promptVersion: "imported:melbert-run.tsv", promptText: "", attempts: 0, jobId: null, tokensIn: null });
      expect(s.params).toMatchObject({ source: "imported from melbert-run.tsv", file: "melbert-run.tsv", format: "conll", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      // the sentence as read in the file, and its tags as the value
      expect(s.rawReply).toBe(blocks[i]);
      expect(s.value).toEqual(blocks[i].split("\n").map((l) => l.split("\t")[1]));
    });
    const firstIds = rows.map((s) => s.id);

    // the same file again: the same rows, updated
    const again = await importSuggestions(pool, db, { project: p, fileName: "melbert-run.tsv", content: Buffer.from(run), format: "conll", model: "melbert", dryRun: false });
    expect(again).toMatchObject({ ok: true, suggestions: 12, models: [{ name: "melbert", created: false }] });
    expect((await db.suggestion.findMany({ where: { projectId: project.id }, select: { id: true } })).map((s) => s.id).sort()).toEqual([...firstIds].sort());

    // a sentence the project does not have: refused naming file and line, and none of the file is stored
    const stray = `${DEV[0]}\n\nNobody\tO\nsaid\tB-METAPHOR\nthis\tO\n`;
    const bad = await importSuggestions(pool, db, { project: p, fileName: "stray.tsv", content: Buffer.from(stray), format: "conll", model: "melbert-2", dryRun: false });
    expect(bad).toMatchObject({ ok: false, errors: [{ file: "stray.tsv", line: DEV[0].split("\n").length + 2, field: "tokens" }] });
    expect(await db.suggestion.count({ where: { projectId: project.id } })).toBe(12);
    expect(await db.modelEndpoint.count({ where: { projectId: project.id } })).toBe(1);
    // CoNLL predictions need the model's name
    expect(await importSuggestions(pool, db, { project: p, fileName: "run.tsv", content: Buffer.from(run), format: "conll", dryRun: false })).toMatchObject({ ok: false, errors: [{ field: "model", message: expect.stringMatching(/needs --model/) }] });
  }, 120_000);

  it("JSONL lines: EMOS vectors of the source and of a translation, an NLI model's inference at the hypothesis; every bad line named, nothing stored", async () => {
    const project = await makeProject(db);
    await setProjectScheme(db, project.id, EMOS_PRESET, { actorId: null });
    const p = { id: project.id, sourceLang: "en", targetLang: "zh" };
    const J = (o: unknown) => JSON.stringify(o);
    const corpus = [
      J({ type: "document", externalId: "d1", language: "en" }),
      J({ type: "segment", documentId: "d1", externalId: "e1", index: 0, text: "I can't believe she's gone.", language: "en", metaphorical: false }),
      J({ type: "segment", documentId: "d1", externalId: "e2", index: 1, text: "The parcel arrived.", language: "en", metaphorical: false }),
      J({ type: "translation", segmentId: "e1", system: "google", language: "zh", text: "我不敢相信她走了。" }),
    ].join("\n");
    expect((await importFile(pool, { project: p, fileName: "corpus.jsonl", content: Buffer.from(corpus), options: { format: "jsonl" }, dryRun: false })).ok).toBe(true);
    const v = (sadness: number, neutrality = 0) => ({ happiness: 0, sadness, fear: 0, anger: 0, surprise: 1, disgust: 0, neutrality });
    const good = [
      J({ type: "suggestion", model: "emo-roberta", segmentId: "e1", field: "source_emotions", value: v(3), explanation: "argmax sadness" }),
      J({ type: "suggestion", model: "emo-roberta", segmentId: "e2", field: "source_emotions", value: v(0, 2) }),
      J({ type: "suggestion", model: "emo-roberta", segmentId: "e1", system: "google", field: "target_emotions", value: v(2) }),
    ];
    const lines = (extra: string[]) => Buffer.from([...good, ...extra].join("\n"));
    const imp = (fileName: string, content: Buffer, model?: string) => importSuggestions(pool, db, { project: p, fileName, content, format: "auto", model, dryRun: false });

    const cases: [string, string, string | RegExp][] = [
      [J({ type: "suggestion", model: "emo-roberta", segmentId: "e2", field: "source_emotions", value: { ...v(0), surprise: 0 } }), "value", /source_emotions: .*mark neutrality/],
      [J({ type: "suggestion", model: "emo-roberta", segmentId: "e2", field: "source_emotions", value: v(5) }), "value", /sadness/],
      [J({ type: "suggestion", model: "emo-roberta", segmentId: "e1", field: "target_emotions", value: v(1) }), "system", /is per translation: name the translation's system/],
      [J({ type: "suggestion", model: "emo-roberta", segmentId: "e1", system: "deepl", field: "target_emotions", value: v(1) }), "system", /no translation by "deepl"/],
      [J({ type: "suggestion", model: "emo-roberta", segmentId: "e9", field: "source_emotions", value: v(1) }), "segmentId", /no segment "e9"/],
      [J({ type: "suggestion", model: "emo-roberta", segmentId: "e1", field: "joy", value: 1 }), "field", /has no field joy/],
      [J({ type: "suggestion", segmentId: "e2", field: "equivalence", system: "google", value: 3 }), "model", /name the model on the line or with --model/],
      [J({ type: "suggestion", model: "emo roberta", segmentId: "e2", field: "source_emotions", value: v(1) }), "model", /letters, digits/],
      [J({ type: "suggestion", model: "emo-roberta", segmentId: "e1", field: "source_emotions", value: v(1) }), "segmentId", /already has a source_emotions value for this unit on line 1/],
      [J({ type: "annotation", annotator: "a", segmentId: "e1", field: "x", value: 1 }), "type", /only \{"type":"suggestion",…\} lines/],
      [J({ type: "suggestion", model: "emo-roberta", segmentId: "e1", field: "source_emotions", value: v(1), score: 0.9 }), "(line)", /unknown key score/],
    ];
    for (const [line, field, message] of cases) {
      const r = await imp("preds.jsonl", lines([line]));
      expect(r.ok, line).toBe(false);
      expect(r.errors, line).toEqual([{ file: "preds.jsonl", line: 4, field, message: expect.stringMatching(message) }]);
    }
    expect(await db.suggestion.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.modelEndpoint.count({ where: { projectId: project.id } })).toBe(0);

    // an API endpoint's name cannot hold imported predictions
    await createModelEndpoint(db, project.id, { name: "local", baseUrl: "https://models.example.org/v1", model: "m" });
    // a line's model and --model must agree
    expect((await imp("preds.jsonl", lines([]), "other")).errors[0]).toMatchObject({ line: 1, field: "model", message: 'model: "emo-roberta" on the line, but the import is for --model other' });
    const clash = await imp("clash.jsonl", Buffer.from(J({ type: "suggestion", model: "local", segmentId: "e1", field: "source_emotions", value: v(1) })));
    expect(clash).toMatchObject({ ok: false, errors: [{ line: 1, field: "model", message: expect.stringMatching(/is a model endpoint this project asks/) }] });

    const ok = await imp("preds.jsonl", lines([]));
    expect(ok).toMatchObject({ ok: true, format: "jsonl", suggestions: 3, models: [{ name: "emo-roberta", suggestions: 3, created: true }] });
    const rows = await db.suggestion.findMany({ where: { projectId: project.id }, include: { translation: true, segment: true }, orderBy: [{ segment: { index: "asc" } }, { field: "asc" }] });
    expect(rows.map((s) => [s.segment.externalId, s.field, s.itemKey === "-:-" ? "segment" : s.translation?.text])).toEqual([
      ["e1", "source_emotions", "segment"], ["e1", "target_emotions", "我不敢相信她走了。"], ["e2", "source_emotions", "segment"],
    ]);
    expect(rows[0]).toMatchObject({ value: v(3), rawReply: good[0], params: { source: "imported from preds.jsonl", line: 1, explanation: "argmax sadness" } });
  }, 60_000);

  it("a role-scoped field: an NLI model's inference stored at the hypothesis", async () => {
    const project = await makeProject(db);
    await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
    const p = { id: project.id, sourceLang: "es", targetLang: "en" };
    const nli = readFileSync("data/meta4xnli/interpretation/splits/test_met.tsv", "utf8").split("\n").slice(0, 3).join("\n") + "\n";
    expect((await importFile(pool, { project: p, fileName: "test_met.tsv", content: Buffer.from(nli), options: { format: "meta4xnli-nli" }, dryRun: false })).ok).toBe(true);
    const segs = await db.segment.findMany({ where: { projectId: project.id }, orderBy: { externalId: "asc" } });
    const lines = segs.map((s, i) => JSON.stringify({ type: "suggestion", segmentId: s.externalId, field: "inference", value: i === 0 ? "neutral" : "entailment" })).join("\n");
    const r = await importSuggestions(pool, db, { project: p, fileName: "xlmr.jsonl", content: Buffer.from(lines), format: "jsonl", model: "xlmr-nli", dryRun: false });
    expect(r).toMatchObject({ ok: true, suggestions: 2 });
    const rows = await db.suggestion.findMany({ where: { projectId: project.id } });
    expect(rows.map((s) => [s.itemKey, s.model])).toEqual([["role:hypothesis", "xlmr-nli"], ["role:hypothesis", "xlmr-nli"]]);
    const wrong = await importSuggestions(pool, db, { project: p, fileName: "x.jsonl", content: Buffer.from(JSON.stringify({ type: "suggestion", segmentId: segs[0].externalId, field: "inference", value: "maybe" })), format: "jsonl", model: "xlmr-nli", dryRun: false });
    expect(wrong).toMatchObject({ ok: false, errors: [{ file: "x.jsonl", line: 1, field: "value", message: 'inference: "maybe" is not one of entailment, neutral, contradiction' }] });
  }, 60_000);
});
