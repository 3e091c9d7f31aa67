// Meta4XNLI detection (issue 16): meta4xnli_dev.tsv imported as the corpus of a project made from
// the meta4xnli preset, then two perturbed copies imported as two annotators' tags
// (`--annotator` with a CoNLL file, lib/import/conll-as-annotator.ts); the token-level Cohen's κ
// and Fleiss' κ of the `metaphor` field equal sklearn and statsmodels on the same copies
// (scripts/research/meta4xnli_kappa_fixture.py; the perturbation rules below mirror it, and both
// take the tags as the files write them: an I- tag after O is a label of its own, not B-, since
// issue 30.6; with the repair κ was 0.252441821684803 and Fleiss' 0.22524807574741776). A
// sentence that is not in the project is refused naming file and line, storing nothing. Each
// annotator's precision, recall and F1 against the corpus tags, per token and per span, equal the
// script's (sklearn per token).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile } from "@/lib/db/import/import-file";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail, makeProject } from "./fixtures";

const DEV = readFileSync("data/meta4xnli/detection/splits/en/meta4xnli_dev.tsv", "utf8");
// scripts/research/meta4xnli_kappa_fixture.py, output pasted
const REFERENCE = { sentences: 2431, tokens: 30733, cohen_kappa: 0.2524666960155302, fleiss_kappa: 0.22527479265645037 };
// the same script: each annotator against the corpus tags (sklearn precision_recall_fscore_support per token; spans by hand)
const PRF = {
  "a@annotators.test": { token: { precision: 0.20297029702970298, recall: 1.0, f1: 0.3374485596707819 }, span: { precision: 0.20110916520723876, recall: 1.0, f1: 0.33487241798298906 } },
  "b@annotators.test": { token: { precision: 1.0, recall: 0.7862266857962698, f1: 0.8803212851405623 }, span: { precision: 1.0, recall: 0.783744557329463, f1: 0.8787632221318145 } },
};

/** The script's rule: token k of the file with k % every == 0 gains (O → B) or loses (B → O) a tag unless an I- follows. */
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

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("Meta4XNLI detection agreement", () => {
  it("two annotators' CoNLL tags on the dev split: κ equal to sklearn and statsmodels", async () => {
    const project = await makeProject(db);
    await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
    await addMembersByEmail(db, project.id, ["a@annotators.test", "b@annotators.test"]);
    const p = { id: project.id, sourceLang: "en", targetLang: "es" };
    const imp = (fileName: string, text: string, annotator?: string) => importFile(pool, { project: p, fileName, content: Buffer.from(text), options: { format: "conll", sourceLang: "en", annotator }, dryRun: false });
    const corpus = await imp("en/meta4xnli_dev.tsv", DEV);
    expect([corpus.ok, corpus.counts.segments]).toEqual([true, REFERENCE.sentences]);

    // a sentence the project does not have: refused, naming the file and the line
    const stray = await imp("stray.tsv", "Nobody\tO\nsaid\tO\nthis\tO\n", "a@annotators.test");
    expect(stray.ok).toBe(false);
    expect(stray.errors[0]).toMatchObject({ file: "stray.tsv", line: 1, field: "tokens" });

    const a = await imp("annotator-a.tsv", perturb(DEV, 11, true, false), "a@annotators.test");
    const b = await imp("annotator-b.tsv", perturb(DEV, 5, false, true), "b@annotators.test");
    expect([a.ok, a.counts.annotations, b.ok, b.counts.annotations]).toEqual([true, REFERENCE.sentences, true, REFERENCE.sentences]);

    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const report = await getSchemeReport(pool, project.id, runtime, {}, { fields: ["metaphor"] });
    const cohen = report.figures.find((f) => f.field === "metaphor" && f.statistic === "cohen_kappa" && f.weights === "unweighted")!;
    const fleiss = report.figures.find((f) => f.field === "metaphor" && f.statistic === "fleiss_kappa" && f.label === undefined)!;
    expect([cohen.value!, cohen.n]).toEqual([expect.closeTo(REFERENCE.cohen_kappa, 12), REFERENCE.tokens]);
    expect(fleiss.value!).toBeCloseTo(REFERENCE.fleiss_kappa, 12);
    // precision, recall and F1 of each annotator against the corpus tags (the preset's item gold)
    for (const [annotator, levels] of Object.entries(PRF)) {
      for (const [label, stats] of Object.entries(levels)) {
        for (const [statistic, want] of Object.entries(stats)) {
          const f = report.figures.find((x) => x.field === "metaphor" && x.statistic === statistic && x.label === label && x.annotator === annotator);
          expect(f?.value, `${annotator} ${label} ${statistic}`).toBeCloseTo(want, 12);
        }
      }
    }
  }, 120_000);
});
