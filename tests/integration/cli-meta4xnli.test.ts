// The Meta4XNLI commands as a project lead runs them (issue 16 points 6 and 7): `tropos` spawned
// against the test database. Interpretation TSV: the dry run reports the pairs, --relevance sets the
// gold role, and `export --what nli` gives the file back byte for byte, with an adjudicated label
// in place of the imported one once decided. Detection CoNLL: --parallel links the EN and ES
// files; a malformed line is one stderr line naming file, line and field; `export --what tags`
// per annotator (re-importable, the same bytes as the annotator's file) and adjudicated.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { troposOn } from "../support/run-tropos";

let url: string;
let db: Db;
const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-m4x-"));
const slug = `m4x-${process.pid}`;
const NLI = "data/meta4xnli/interpretation/splits/test_met.tsv";
const EN = "tests/fixtures/meta4xnli/en/meta4xnli_dev_first3.tsv";
const ES = "tests/fixtures/meta4xnli/es/meta4xnli_dev_first3.tsv";

beforeAll(async () => ({ url, db } = await openTestDatabase()));
afterAll(closeTestDatabase);

const tropos = troposOn(() => url);

describe("tropos with Meta4XNLI files", () => {
  it("interpretation pairs: pairs in the dry run, --relevance, and the TSV back out with adjudicated labels", async () => {
    expect((await tropos("project", "create", `${slug}-nli`, "--scheme", "meta4xnli", "--source-lang", "es", "--target-lang", "en")).code).toBe(0);
    const dry = await tropos("import", NLI, "--project", `${slug}-nli`, "--dry-run", "--json");
    expect([dry.code, JSON.parse(dry.stdout)]).toEqual([0, expect.objectContaining({ documents: 250, segments: 500, pairs: 250, dryRun: true })]);
    const text = await tropos("import", NLI, "--project", `${slug}-nli`, "--dry-run");
    expect(text.stdout).toMatch(/^Valid \(dry run, nothing stored\): 250 documents, 500 segments \(250 pairs\), /);
    // a role given on the command line wins over the file's name; a bad one is a usage error
    expect((await tropos("import", NLI, "--project", `${slug}-nli`, "--relevance", "maybe")).code).toBe(2);
    const stored = await tropos("import", NLI, "--project", `${slug}-nli`, "--relevance", "non-relevant");
    expect(stored.code).toBe(0);
    const roles = await db.$queryRawUnsafe<{ role: string; n: bigint }[]>(`SELECT s.lists->>'relevance' AS role, count(*) AS n FROM "Segment" s JOIN "Project" p ON p.id = s."projectId" WHERE p.slug = $1 GROUP BY 1`, `${slug}-nli`);
    expect(roles.map((r) => [r.role, Number(r.n)])).toEqual([["non-relevant", 500]]);
    // --relevance with a detection file: refused naming the option
    const wrong = await tropos("import", EN, "--project", `${slug}-nli`, "--format", "conll", "--relevance", "none");
    expect([wrong.code, wrong.stderr.trim()]).toEqual([1, expect.stringMatching(/^meta4xnli_dev_first3\.tsv \(relevance\): --relevance applies to Meta4XNLI interpretation files/)]);

    // back out: the same bytes (no decision yet)
    const out = await tropos("export", "--project", `${slug}-nli`, "--what", "nli", "--format", "tsv");
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(readFileSync(NLI, "utf8"));
    // a decided inference label replaces the imported one on its row only
    const seg = await db.segment.findFirstOrThrow({ where: { project: { slug: `${slug}-nli` }, externalId: "m4x:4274_xnli.dev:en" }, select: { id: true, projectId: true } });
    await db.adjudication.create({ data: { projectId: seg.projectId, segmentId: seg.id, itemKey: "role:hypothesis", field: "inference", value: "entailment", rationale: "" } });
    const after = (await tropos("export", "--project", `${slug}-nli`, "--what", "nli", "--format", "tsv")).stdout.split("\n");
    const before = readFileSync(NLI, "utf8").split("\n");
    const changed = after.flatMap((l, i) => (l !== before[i] ? [[before[i].split("\t").slice(0, 2), l.split("\t").slice(0, 2), l.split("\t")[5]]] : []));
    expect(changed).toEqual([[["en", "neutral"], ["en", "entailment"], "4274_xnli.dev"]]);
    expect((await tropos("export", "--project", `${slug}-nli`, "--what", "nli", "--format", "csv")).code).toBe(2);
  }, 120_000);

  it("detection files: --parallel, malformed lines, tags back out per annotator and adjudicated", async () => {
    expect((await tropos("project", "create", slug, "--scheme", "meta4xnli", "--source-lang", "en", "--target-lang", "es")).code).toBe(0);
    // the fixtures sit in en/ and es/: the languages come from the paths
    const par = await tropos("import", EN, ES, "--project", slug, "--parallel", "--json");
    expect([par.code, JSON.parse(par.stdout)]).toEqual([0, expect.objectContaining({ documents: 2, segments: 6, pairs: 3, errors: [] })]);
    expect((await tropos("import", EN, "--project", slug, "--parallel")).code).toBe(2);

    // malformed lines: one stderr line each, naming file, line and field; nothing stored
    const lines = readFileSync(EN, "utf8").split("\n");
    const bad = path.join(dir, "bad.tsv");
    writeFileSync(bad, lines.map((l, i) => (i === 4 ? "Quinceaeeras O" : i === 6 ? "families\tB-METAFORA" : i === 8 ? "\tI-METAPHOR" : l)).join("\n"));
    const refused = await tropos("import", bad, "--project", slug, "--format", "conll", "--annotator", "x@annotators.test");
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^bad\.tsv:5 column 15 \(tag\): expected token<TAB>tag, found no tab/),
      expect.stringMatching(/^bad\.tsv:7 column 10 \(tag\): unknown tag "B-METAFORA"/),
      expect.stringMatching(/^bad\.tsv:9 column 1 \(token\): empty token \(the tag "I-METAPHOR" has no token\)/),
    ]);
    expect(await db.annotation.count({ where: { project: { slug } } })).toBe(0);

    // an annotator's tags: in, and back out byte for byte
    const mine = lines.map((l, i) => (i === 0 ? `${l.split("\t")[0]}\tB-METAPHOR` : i === 1 ? `${l.split("\t")[0]}\tI-METAPHOR` : l)).join("\n");
    const file = path.join(dir, "a.tsv");
    writeFileSync(file, mine);
    // a member's tags (a name that is not one would be the project's placeholder rater: issue 27, point 7)
    await addMembersByEmail(db, (await db.project.findUniqueOrThrow({ where: { slug } })).id, ["a@annotators.test"]);
    expect((await tropos("import", file, "--project", slug, "--format", "conll", "--annotator", "a@annotators.test")).code).toBe(0);
    const back = await tropos("export", "--project", slug, "--what", "tags", "--format", "conll", "--annotator", "a@annotators.test");
    expect([back.code, back.stdout]).toEqual([0, mine]);
    // the adjudicated tags: the decided sentences only
    const s2 = await db.segment.findFirstOrThrow({ where: { project: { slug }, externalId: "conll:meta4xnli_dev_first3:en:s2" }, select: { id: true, projectId: true, text: true } });
    const decided = s2.text.split(" ").map((t) => (t === "model" ? "B-METAPHOR" : "O"));
    await db.adjudication.create({ data: { projectId: s2.projectId, segmentId: s2.id, itemKey: "-:-", field: "metaphor", value: decided, rationale: "" } });
    mkdirSync(path.join(dir, "out"), { recursive: true });
    const outFile = path.join(dir, "out", "adjudicated.tsv");
    const adj = await tropos("export", "--project", slug, "--what", "tags", "--format", "conll", "--adjudicated", "--out", outFile);
    expect(adj.code).toBe(0);
    expect(readFileSync(outFile, "utf8")).toBe(s2.text.split(" ").map((t, i) => `${t}\t${decided[i]}\n`).join("") + "\n");
    // refusals: both sources, an unknown annotator, a source for another export
    expect((await tropos("export", "--project", slug, "--what", "tags", "--format", "conll", "--adjudicated", "--annotator", "a@annotators.test")).code).toBe(2);
    const nobody = await tropos("export", "--project", slug, "--what", "tags", "--format", "conll", "--annotator", "nobody@annotators.test");
    expect([nobody.code, nobody.stderr.trim()]).toEqual([1, "tropos export: No annotator nobody@annotators.test has metaphor tags in this project."]);
    expect((await tropos("export", "--project", slug, "--what", "annotations", "--format", "csv", "--adjudicated")).code).toBe(2);
  }, 120_000);
});
