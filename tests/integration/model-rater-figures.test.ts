// Models in the reports (issue 15 point 5) on PostgreSQL:
// - Meta4XNLI: a model's imported tags of the dev split (the perturbed copy "a" of
//   scripts/research/meta4xnli_kappa_fixture.py, imported as --model melbert's predictions instead
//   of an annotator's) get the precision, recall and F1 per token and per span the script computes
//   (sklearn per token), as `rater: "model"` rows of `tropos export --what agreement` and in the
//   models table; the annotators' own figures do not change.
// - CR-ST: a model's answers against the item gold (hand-computed: 2 of 3 blanks right, after a
//   later import corrected one), beside the annotator's accuracy, in both places.
// - `--what suggestion-decisions`: one row per decision of this project, the annotator as the
//   annotations export names them.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { exportFile } from "@/lib/db/export/stream";
import { importFile } from "@/lib/db/import/import-file";
import { importSuggestions } from "@/lib/db/import/suggestions";
import { latestModelSuggestions } from "@/lib/db/models/latest-suggestions";
import { getModelAgreementRows } from "@/lib/db/reports/model-agreement-data";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { AGREEMENT_FIGURE_COLUMNS, type TAgreementFigure } from "@/lib/reports";
import { getRuntimeAgreementFigures } from "@/lib/reports/scheme-runtime-figures";
import { CR_ST_PRESET } from "@/lib/schemes/presets/cr-st";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

const DEV = readFileSync("data/meta4xnli/detection/splits/en/meta4xnli_dev.tsv", "utf8");
// scripts/research/meta4xnli_kappa_fixture.py, output pasted (copy "a": every 11th token O → B)
const PRF_A = { token: { precision: 0.20297029702970298, recall: 1.0, f1: 0.3374485596707819 }, span: { precision: 0.20110916520723876, recall: 1.0, f1: 0.33487241798298906 } };

/** The script's rule, as tests/integration/meta4xnli-detection.test.ts mirrors it. */
function perturb(text: string, every: number, add: boolean, drop: boolean): string {
  const blocks = text.split("\n");
  let k = 0;
  const out: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const line = blocks[i];
    if (line.trim() === "") {
      out.push(line);
      continue;
    }
    const [tok, tag] = line.split("\t");
    const next = blocks[i + 1]?.trim() ? blocks[i + 1].split("\t")[1] : "O";
    let t = tag;
    if (k % every === 0 && !next.startsWith("I-")) {
      if (add && tag === "O") t = "B-METAPHOR";
      else if (drop && tag === "B-METAPHOR") t = "O";
    }
    k++;
    out.push(`${tok}\t${t}`);
  }
  return out.join("\n");
}

async function lines(it: AsyncIterable<string>): Promise<string[]> {
  let s = "";
  for await (const l of it) s += l;
  return s.trimEnd().split("\n");
}

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("models in the reports", () => {
  it("Meta4XNLI: a model's imported tags get the script's precision, recall and F1 as model rows of the agreement export", async () => {
    const project = await makeProject(db);
    await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
    const p = { id: project.id, sourceLang: "en", targetLang: "es" };
    expect((await importFile(pool, { project: p, fileName: "en/meta4xnli_dev.tsv", content: Buffer.from(DEV), options: { format: "conll", sourceLang: "en" }, dryRun: false })).ok).toBe(true);
    // one annotator, so the annotators' figures exist beside the model's
    expect((await importFile(pool, { project: p, fileName: "b.tsv", content: Buffer.from(perturb(DEV, 5, false, true)), options: { format: "conll", sourceLang: "en", annotator: "b@annotators.test" }, dryRun: false })).ok).toBe(true);
    const before = await getRuntimeAgreementFigures(db, pool, project.id, { fields: ["metaphor"] });
    expect(before.some((f) => f.rater === "model")).toBe(false);

    const run = await importSuggestions(pool, db, { project: p, fileName: "melbert.tsv", content: Buffer.from(perturb(DEV, 11, true, false)), format: "conll", model: "melbert", dryRun: false });
    expect(run).toMatchObject({ ok: true, suggestions: 2431 });
    const figures = await getRuntimeAgreementFigures(db, pool, project.id, { fields: ["metaphor"] });
    const model = figures.filter((f) => f.rater === "model");
    for (const [label, stats] of Object.entries(PRF_A)) {
      for (const [statistic, want] of Object.entries(stats)) {
        const f = model.find((x) => x.statistic === statistic && x.label === label);
        expect(f, `${label} ${statistic}`).toMatchObject({ annotator: "melbert:melbert", field: "metaphor", system: "all", raters: 1 });
        expect(f!.value, `${label} ${statistic}`).toBeCloseTo(want, 12);
      }
    }
    // the tag sequence as a whole against the corpus's: an accuracy row too, and nothing else of the model's
    expect(model.map((f) => `${f.statistic}/${f.label ?? ""}`).sort()).toEqual(["accuracy/", "f1/span", "f1/token", "precision/span", "precision/token", "recall/span", "recall/token"]);
    // the annotators' figures are the same with the model there
    expect(figures.filter((f) => f.rater === undefined)).toEqual(before);

    // the CSV export: the rater column says which rows are a model's
    const csv = await lines(exportFile(pool, db, project, "agreement", "csv").lines);
    expect(csv[0]).toBe(AGREEMENT_FIGURE_COLUMNS.join(","));
    expect(csv[0]).toContain(",annotator,rater,");
    expect(csv.filter((l) => l.includes("melbert:melbert"))).toHaveLength(7);
    expect(csv.filter((l) => l.includes(",melbert:melbert,model,"))).toHaveLength(7);
    expect(csv.filter((l) => l.includes(",model,"))).toHaveLength(7);

    // the models table: the same precision, recall and F1
    const rows = await getModelAgreementRows(db, project.id);
    const tokenF1 = rows.find((r) => r.field === "metaphor" && r.statistic === "f1" && r.other === "gold (token)");
    expect(tokenF1).toMatchObject({ model: "melbert:melbert", n: 30733 });
    expect(tokenF1!.value).toBeCloseTo(PRF_A.token.f1, 12);
    expect(rows.find((r) => r.statistic === "precision" && r.other === "gold (span)")!.value).toBeCloseTo(PRF_A.span.precision, 12);
  }, 180_000);

  it("CR-ST: a model's accuracy against the item's answer (latest import counts), beside the annotator's", async () => {
    const ann = await makeUser(db, { tag: "crst" });
    const project = await makeProject(db, [{ userId: ann.id, roles: ["ANNOTATOR"] }]);
    await setProjectScheme(db, project.id, CR_ST_PRESET, { actorId: null });
    const p = { id: project.id, sourceLang: "zh", targetLang: "en" };
    const C3 = ["雷厉风行", "拖泥带水", "画蛇添足"];
    const chid = [
      { id: "p1", groundTruth: ["雷厉风行"], candidates: [C3], content: "他做事总是#idiom#，从不拖延。" },
      { id: "p2", groundTruth: ["拖泥带水", "画蛇添足"], candidates: [C3, C3], content: "甲办事#idiom#，乙写完又加一段，真是#idiom#。" },
    ].map((o) => JSON.stringify(o)).join("\n");
    expect((await importFile(pool, { project: p, fileName: "chid_test.txt", content: Buffer.from(chid), options: { format: "chid" }, dryRun: false })).ok).toBe(true);
    const S = (segmentId: string, value: string) => JSON.stringify({ type: "suggestion", model: "chatglm3", segmentId, field: "answer", value });
    // first run: p1#1 right, p2#1 wrong, p2#2 wrong; a later file corrects p2#2 → 2 of 3
    const first = await importSuggestions(pool, db, { project: p, fileName: "run1.jsonl", content: Buffer.from([S("p1#1", "雷厉风行"), S("p2#1", "画蛇添足"), S("p2#2", "雷厉风行")].join("\n")), format: "auto", dryRun: false });
    expect(first.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect((await importSuggestions(pool, db, { project: p, fileName: "run2.jsonl", content: Buffer.from(S("p2#2", "画蛇添足")), format: "auto", dryRun: false })).ok).toBe(true);
    const latest = await latestModelSuggestions(pool, project.id, { fields: ["answer"] });
    expect(latest.map((s) => [s.rater, s.kind])).toEqual(Array(3).fill(["chatglm3:chatglm3", "imported"]));

    // the annotator answers two blanks, one right
    const segs = await db.segment.findMany({ where: { projectId: project.id }, orderBy: { externalId: "asc" } });
    for (const [i, value] of [[0, "雷厉风行"], [1, "雷厉风行"]] as const) {
      await db.annotation.create({ data: { projectId: project.id, annotatorId: ann.id, segmentId: segs[i].id, itemKey: "-:-", field: "answer", value } });
    }
    const figures = await getRuntimeAgreementFigures(db, pool, project.id, { fields: ["answer"] });
    const modelAccuracy = figures.find((f) => f.rater === "model" && f.statistic === "accuracy");
    // hand-computed: p1#1 right, p2#1 wrong, p2#2 right (the later import) → 2/3
    expect(modelAccuracy).toMatchObject({ scheme: "cr-st", field: "answer", system: "all", annotator: "chatglm3:chatglm3", n: 3, raters: 1 } satisfies Partial<TAgreementFigure>);
    expect(modelAccuracy!.value).toBeCloseTo((100 * 2) / 3, 12);
    const human = figures.find((f) => f.rater === undefined && f.statistic === "accuracy" && f.annotator === ann.email);
    expect([human?.value, human?.n]).toEqual([50, 2]);
    // the model is never averaged with the annotators, nor pooled with them
    expect(figures.filter((f) => f.statistic === "mean_accuracy" || (f.statistic === "accuracy" && f.annotator === undefined)).every((f) => f.n === 2)).toBe(true);
    const rows = await getModelAgreementRows(db, project.id);
    expect(rows.find((r) => r.field === "answer" && r.other === "gold")).toMatchObject({ model: "chatglm3:chatglm3", statistic: "accuracy", n: 3, note: 'against the item\'s "answer"' });
    expect(rows.find((r) => r.field === "answer" && r.other === "gold")!.value).toBeCloseTo(2 / 3, 12);
  }, 60_000);

  it("--what suggestion-decisions: this project's decisions, one row each, with the suggested and the saved value", async () => {
    const ann = await makeUser(db, { tag: "dec" });
    const project = await makeProject(db, [{ userId: ann.id, roles: ["ANNOTATOR"] }]);
    const other = await makeProject(db, [{ userId: ann.id, roles: ["ANNOTATOR"] }]);
    const rowsOf = async (pr: { id: string }, tag: string) => {
      const doc = await db.document.create({ data: { projectId: pr.id, externalId: `${tag}-d`, language: "en" } });
      const seg = await db.segment.create({ data: { projectId: pr.id, documentId: doc.id, externalId: `${tag}-s1`, index: 0, text: "Sales climbed.", language: "en" } });
      const ep = await db.modelEndpoint.create({ data: { projectId: pr.id, name: "melbert", kind: "imported", model: "melbert" } });
      const sug = await db.suggestion.create({ data: { projectId: pr.id, endpointId: ep.id, segmentId: seg.id, itemKey: "-:-", field: "metaphor", value: ["O", "B-METAPHOR"], status: "ok", model: "melbert", promptVersion: "imported:run.tsv", promptText: "" } });
      await db.suggestionDecision.create({ data: { projectId: pr.id, suggestionId: sug.id, annotatorId: ann.id, decision: "edited", value: ["B-METAPHOR", "B-METAPHOR"] } });
    };
    await rowsOf(project, "x");
    await rowsOf(other, "y");
    const jsonl = (await lines(exportFile(pool, db, project, "suggestion-decisions", "jsonl").lines)).map((l) => JSON.parse(l));
    expect(jsonl).toHaveLength(1);
    expect(jsonl[0]).toMatchObject({
      doc: "x-d", segmentId: "x-s1", system: null, itemKey: "-:-", field: "metaphor", model: "melbert", endpoint: "melbert", endpointKind: "imported", promptVersion: "imported:run.tsv",
      suggestedValue: ["O", "B-METAPHOR"], annotator_id: ann.id, annotator: ann.email, decision: "edited", value: ["B-METAPHOR", "B-METAPHOR"],
    });
    const csv = await lines(exportFile(pool, db, project, "suggestion-decisions", "csv").lines);
    expect(csv[0]).toBe("doc,segmentId,system,mrwId,itemKey,field,model,endpoint,endpointKind,promptVersion,suggestion,suggestedValue,suggestedAt,annotator_id,annotator,decision,value,decidedAt");
    expect(csv).toHaveLength(2);
  });
});
