// Issue 16 point 4 on PostgreSQL: the meta4xnli analyses and the per-language agreement of a project
// made from the preset. The EN and ES dev splits shipped in data/meta4xnli are imported as parallel
// corpus files; three annotators' tags are imported as CoNLL files (`--annotator`), the third only
// for the first 1000 sentences of each language; a model's tags and NLI labels are Suggestion rows
// (the latest successful one per unit counts); the interpretation pairs of test_met.tsv are split
// into a *_met and a *_no_met file so that both gold roles occur, and two annotators' NLI labels are
// imported as JSONL. Every number equals scripts/research/meta4xnli_analysis_fixture.py (sklearn,
// statsmodels; output in lib/reports/__fixtures__/meta4xnli-analysis.json), which builds the same
// raters by the same rules (mirrored below), to 1e-12.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile, parseParallelConll } from "@/lib/db/import/import-file";
import { loadImport } from "@/lib/db/import/load-import";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { meta4xnliScoreRows } from "@/lib/reports/scheme-score-rows";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail, makeProject } from "./fixtures";

type TPrf = { precision: number; recall: number; f1: number; n: number };
const REF = JSON.parse(readFileSync("lib/reports/__fixtures__/meta4xnli-analysis.json", "utf8")) as {
  kappa: Record<string, { cohen: Record<string, { value: number; n: number }>; fleiss: { value: number; n: number } }>;
  prf: Record<string, { token: TPrf; span: TPrf; sentences: number }>;
  accuracy: Record<string, { accuracy: number; n: number }>;
};
const DET = (l: string) => `data/meta4xnli/detection/splits/${l}/meta4xnli_dev.tsv`;
const NLI = readFileSync("data/meta4xnli/interpretation/splits/test_met.tsv", "utf8");
const LANGS = ["en", "es"] as const;
const EMAIL = { a: "a@annotators.test", b: "b@annotators.test", c: "c@annotators.test" };

type TSentence = { tokens: string[]; tags: string[] };
function sentences(text: string): TSentence[] {
  return text
    .split("\n\n")
    .filter((b) => b.trim())
    .map((b) => {
      const lines = b.split("\n").filter((l) => l !== "");
      return { tokens: lines.map((l) => l.split("\t")[0]), tags: lines.map((l) => l.split("\t")[1]) };
    });
}
/** The script's normalise(): an I- tag after O (or first) is B-. */
const normalise = (ss: TSentence[]) => ss.map((s) => ({ ...s, tags: s.tags.map((t, i) => (t.startsWith("I-") && (i === 0 || s.tags[i - 1] === "O") ? `B-${t.slice(2)}` : t)) }));
/** The script's perturb(): token k of the stream (0-based) flipped O → B- (add) or B- → O (drop) unless an I- follows. */
function perturb(ss: TSentence[], every: number, add: boolean, drop: boolean, first?: number): TSentence[] {
  let k = 0;
  return ss.slice(0, first).map((s) => {
    const tags = s.tags.slice();
    tags.forEach((t, i) => {
      const next = tags[i + 1] ?? "O";
      if (k % every === 0 && !next.startsWith("I-")) {
        if (add && t === "O") tags[i] = "B-METAPHOR";
        else if (drop && t === "B-METAPHOR") tags[i] = "O";
      }
      k++;
    });
    return { ...s, tags };
  });
}
const conll = (ss: TSentence[]) => ss.map((s) => s.tokens.map((t, i) => `${t}\t${s.tags[i]}\n`).join("") + "\n").join("");
const ROT: Record<string, string> = { entailment: "neutral", neutral: "contradiction", contradiction: "entailment" };

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("meta4xnli analyses", () => {
  it("token κ per language, Fleiss' κ over the sentences all three tagged, P/R/F1 and NLI accuracy per rater (models included) equal sklearn and statsmodels", async () => {
    const project = await makeProject(db);
    await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
    await addMembersByEmail(db, project.id, Object.values(EMAIL));
    const p = { id: project.id, sourceLang: "en", targetLang: "es" };
    const corpus = parseParallelConll({ name: DET("en"), content: readFileSync(DET("en")) }, { name: DET("es"), content: readFileSync(DET("es")) }, {});
    expect(corpus.errors).toEqual([]);
    await loadImport(pool, { projectId: project.id, fileName: "meta4xnli_dev.tsv", result: corpus, dryRun: false });

    // the annotators' tags, as CoNLL files
    const gold = Object.fromEntries(LANGS.map((l) => [l, normalise(sentences(readFileSync(DET(l), "utf8")))])) as Record<(typeof LANGS)[number], TSentence[]>;
    for (const l of LANGS) {
      for (const [who, ss] of [["a", perturb(gold[l], 11, true, false)], ["b", perturb(gold[l], 5, false, true)], ["c", perturb(gold[l], 7, true, true, 1000)]] as const) {
        const r = await importFile(pool, { project: p, fileName: `${who}-${l}.tsv`, content: Buffer.from(conll(ss)), options: { format: "conll", annotator: EMAIL[who] }, dryRun: false });
        expect([r.ok, r.counts.annotations], `${who} ${l}`).toEqual([true, ss.length]);
      }
    }

    // the interpretation pairs: the first 100 pairIDs as a *_met file, the rest as *_no_met
    const [header, ...rows] = NLI.split("\n").filter((x) => x !== "");
    const pairOrder = [...new Set(rows.map((r) => r.split("\t")[5]))];
    const relevant = new Set(pairOrder.slice(0, 100));
    for (const [name, keep] of [["part_met.tsv", true], ["part_no_met.tsv", false]] as const) {
      const part = [header, ...rows.filter((r) => relevant.has(r.split("\t")[5]) === keep)].join("\n") + "\n";
      const r = await importFile(pool, { project: p, fileName: name, content: Buffer.from(part), options: { format: "meta4xnli-nli" }, dryRun: false });
      expect([r.ok, r.counts.pairs]).toEqual([true, keep ? 100 : 150]);
    }
    const labelled = (who: "a" | "b", hit: (i: number) => boolean) =>
      rows
        .map((r, i) => {
          const [language, g, , , , pairId] = r.split("\t");
          return JSON.stringify({ type: "annotation", annotator: EMAIL[who], segmentId: `m4x:${pairId}:${language}`, role: "hypothesis", field: "inference", value: hit(i) ? ROT[g] : g });
        })
        .join("\n");
    for (const [who, hit] of [["a", (i: number) => i % 4 === 0], ["b", (i: number) => i % 3 === 1]] as const) {
      const r = await importFile(pool, { project: p, fileName: `${who}-nli.jsonl`, content: Buffer.from(labelled(who, hit)), options: { format: "jsonl" }, dryRun: false });
      expect([r.ok, r.counts.annotations]).toEqual([true, 500]);
    }

    // a model's predictions: the latest successful suggestion per unit counts (an older one and a failure do not)
    const endpoint = await db.modelEndpoint.create({ data: { projectId: project.id, name: "lab", baseUrl: "http://127.0.0.1:9/v1", model: "lab-model" } });
    const segs = await db.segment.findMany({ where: { projectId: project.id }, select: { id: true, externalId: true } });
    const segId = new Map(segs.map((s) => [s.externalId, s.id]));
    const suggestion = (model: string, segmentId: string, itemKey: string, field: string, value: unknown, at: number, status = "ok", promptVersion = "v2") => ({
      projectId: project.id, endpointId: endpoint.id, segmentId, itemKey, field, value: value as never, status, model, promptVersion, promptText: "[]", createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, at)),
    });
    const data = [];
    for (const l of LANGS) {
      perturb(gold[l], 13, true, true, 500).forEach((s, i) => {
        const id = segId.get(`conll:meta4xnli_dev:${l}:s${i + 1}`)!;
        data.push(suggestion("melbert-sim", id, "-:-", "metaphor", s.tags.map(() => "O"), 1, "ok", "v1"));
        data.push(suggestion("melbert-sim", id, "-:-", "metaphor", s.tags, 2));
      });
      // a failure after them is no prediction
      data.push(suggestion("melbert-sim", segId.get(`conll:meta4xnli_dev:${l}:s501`)!, "-:-", "metaphor", null, 3, "failed", "v3"));
    }
    rows.forEach((r, i) => {
      const [language, g, , , , pairId] = r.split("\t");
      data.push(suggestion("nli-sim", segId.get(`m4x:${pairId}:${language}`)!, "role:hypothesis", "inference", i % 5 === 2 ? ROT[g] : g, 2));
    });
    await db.suggestion.createMany({ data });

    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const report = await getSchemeReport(pool, project.id, runtime, {}, { fields: ["metaphor", "inference"] });

    // agreement figures: Cohen's κ per pair (always named) per language and pooled, Fleiss' κ over the tokens three annotators tagged
    const who = (e: string) => Object.entries(EMAIL).find(([, v]) => v === e)![0];
    for (const scope of ["en", "es", "all"]) {
      const language = scope === "all" ? undefined : scope;
      const mine = report.figures.filter((f) => f.field === "metaphor" && f.system === "all" && f.language === language && f.label === undefined);
      const cohen = mine.filter((f) => f.statistic === "cohen_kappa");
      expect(cohen.map((f) => f.annotators!.map(who).join("+")).sort(), scope).toEqual(["a+b", "a+c", "b+c"]);
      for (const f of cohen) {
        const ref = REF.kappa[scope].cohen[f.annotators!.map(who).join("+")];
        expect([f.value, f.n], `${scope} ${f.annotators}`).toEqual([expect.closeTo(ref.value, 12), ref.n]);
      }
      const fleiss = mine.find((f) => f.statistic === "fleiss_kappa")!;
      expect([fleiss.value, fleiss.n, fleiss.raters], `${scope} Fleiss`).toEqual([expect.closeTo(REF.kappa[scope].fleiss.value, 12), REF.kappa[scope].fleiss.n, 3]);
      expect(fleiss.note).toMatch(/tagged by 3 annotators each/);
    }

    const m = report.analyses.meta4xnli!;
    expect(m.missing).toBeUndefined();
    // the analysis's Table 6 rows are the figures'
    expect(m.detection!.agreement.filter((k) => k.statistic === "fleiss_kappa").map((k) => [k.language, k.value])).toEqual(
      ["en", "es", "all"].map((l) => [l, expect.closeTo(REF.kappa[l].fleiss.value, 12)]),
    );
    // precision, recall and F1 of every rater, the model as its own rater
    const raters = [...new Set(m.detection!.prf.map((r) => `${r.kind}:${r.kind === "model" ? r.rater : who(r.rater)}`))];
    // a model is named endpoint:model, as in the models table
    expect(raters).toEqual(["annotator:a", "annotator:b", "annotator:c", "model:lab:melbert-sim"]);
    for (const r of m.detection!.prf) {
      const ref = REF.prf[`${r.kind === "model" ? r.rater.replace(/^lab:/, "") : who(r.rater)}|${r.language}`];
      const want = ref[r.level];
      expect([r.precision, r.recall, r.f1, r.n, r.sentences], `${r.rater} ${r.language} ${r.level}`).toEqual([
        expect.closeTo(want.precision, 12), expect.closeTo(want.recall, 12), expect.closeTo(want.f1, 12), want.n, ref.sentences,
      ]);
    }
    // NLI accuracy per rater, language, source and gold role, with the roll-ups
    const acc = m.interpretation!.accuracy;
    expect(acc).toHaveLength(Object.keys(REF.accuracy).length);
    for (const r of acc) {
      const ref = REF.accuracy[`${r.kind === "model" ? r.rater.replace(/^lab:/, "") : who(r.rater)}|${r.language}|${r.source}|${r.role}`];
      expect([r.accuracy, r.n], `${r.rater} ${r.language} ${r.source} ${r.role}`).toEqual([expect.closeTo(ref.accuracy, 12), ref.n]);
    }
    // the scores export carries the same rows
    const scores = meta4xnliScoreRows(report);
    expect(scores.filter((s) => s.analysis === "meta4xnli.interpretation")).toHaveLength(acc.length);
    expect(scores.find((s) => s.rater === "lab:nli-sim" && s.language === "all" && s.source === "all" && s.role === "all")).toMatchObject({ kind: "model", value: expect.closeTo(REF.accuracy["nli-sim|all|all|all"].accuracy, 12), n: 500 });
  }, 240_000);
});
