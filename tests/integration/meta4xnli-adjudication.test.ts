// Issue 16 point 5 on PostgreSQL: token-by-token adjudication of the meta4xnli `metaphor` tags.
// The queue ranks a sentence by the share of its tokens the annotators disagree on; the item page
// shows each annotator's tags aligned per token (and the corpus's), the disputed tokens marked, and
// a final row; a decision is the field's value, checked as BIO over the sentence's tokens (an I-
// after O, or one tag too few, is refused naming the field).
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile } from "@/lib/db/import/import-file";
import { getAdjudicationQueue, saveAdjudication } from "@/lib/db/adjudication/adjudication";
import { getSchemeAdjudicationPageData } from "@/lib/db/adjudication/scheme-decisions";
import { SchemeItemView } from "@/components/adjudication/scheme-item-view";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";

const EN = readFileSync("tests/fixtures/meta4xnli/en/meta4xnli_dev_first3.tsv", "utf8");
const blocks = EN.split("\n\n").filter((b) => b.trim());
/** The fixture with one sentence's tags changed by `edit` (token index → tag). */
const variant = (sentence: number, edit: Record<number, string>) =>
  blocks
    .map((b, s) =>
      b
        .split("\n")
        .map((l, i) => (s === sentence && edit[i] ? `${l.split("\t")[0]}\t${edit[i]}` : l))
        .join("\n"),
    )
    .join("\n\n") + "\n\n";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("token-by-token adjudication of tags", () => {
  it("ranks by the share of disputed tokens, aligns the annotators' tags per token, and stores a checked decision", async () => {
    const adjudicator = (await makeUser(db, { tag: "adj" })).id;
    const project = await makeProject(db, [{ userId: adjudicator, roles: ["ADJUDICATOR"] }]);
    await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
    const p = { id: project.id, sourceLang: "en", targetLang: "es" };
    const imp = (name: string, text: string, annotator?: string) => importFile(pool, { project: p, fileName: name, content: Buffer.from(text), options: { format: "conll", annotator }, dryRun: false });
    expect((await imp("en/meta4xnli_dev_first3.tsv", EN)).ok).toBe(true);
    // a: the corpus tags; b: sentence 1 with two more tokens tagged (0 and 1 as one chunk), sentence 2 with one more
    expect((await imp("a.tsv", EN, "a@annotators.test")).ok).toBe(true);
    const b = variant(0, { 0: "B-METAPHOR", 1: "I-METAPHOR" }).split("\n\n");
    const b2 = variant(1, { 3: "B-METAPHOR" }).split("\n\n");
    expect((await imp("b.tsv", [b[0], b2[1], b[2]].join("\n\n") + "\n\n", "b@annotators.test")).ok).toBe(true);

    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const seg = async (n: number) => db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: `conll:meta4xnli_dev_first3:en:s${n}` }, select: { id: true, text: true } });
    const [s1, s2] = [await seg(1), await seg(2)];
    const n1 = s1.text.split(" ").length;
    const n2 = s2.text.split(" ").length;

    // the queue: strength = disputed tokens / tokens; sentence 1 (2 of n1) before sentence 2 (1 of n2)
    const q = await getAdjudicationQueue(db, project.id, { fields: ["metaphor"] });
    expect(q.rows.map((r) => [r.segmentId, r.spread, r.strength])).toEqual([
      [s1.id, 2, 2 / n1],
      [s2.id, 1, 1 / n2],
    ]);

    // a decision: checked as BIO over the sentence's tokens
    const tags = Array.from({ length: n1 }, () => "O");
    const decide = (value: unknown) => saveAdjudication(db, { projectId: project.id, adjudicatorId: adjudicator, segmentId: s1.id, field: "metaphor", value, rationale: "token 1 is literal", baseVersion: 0 });
    const orphanI = tags.slice();
    orphanI[1] = "I-METAPHOR";
    expect((await rejection(decide(orphanI))).message).toMatch(/^metaphor: token 2: "I-METAPHOR" follows "O"/);
    expect((await rejection(decide(tags.slice(1)))).message).toBe(`metaphor: ${n1 - 1} tags for ${n1} tokens`);
    const final = tags.slice();
    const ties = s1.text.split(" ").indexOf("ties");
    final[ties] = "B-METAPHOR";
    final[0] = "B-METAPHOR";
    const saved = await decide(final);
    expect(saved.version).toBe(1);

    // the item page: a grid per token, the disputed ones marked, each annotator's row and the corpus's, the final row as decided
    const page = await getSchemeAdjudicationPageData(db, project.id, s1.id, runtime);
    const router = { back() {}, forward() {}, refresh() {}, push() {}, replace() {}, prefetch() {}, hmrRefresh() {} } as unknown as AppRouterInstance;
    const html = renderToStaticMarkup(createElement(AppRouterContext.Provider, { value: router }, createElement(SchemeItemView, { slug: project.slug, data: JSON.parse(JSON.stringify(page)) })));
    expect(html).toContain('data-testid="tags-decision"');
    expect(html).toContain(`2 of ${n1} tokens disagree.`);
    expect(html.match(/data-disagree="true"/g)).toHaveLength(2);
    expect(html.match(/<tr data-row="[^"]+"/g)).toEqual(['<tr data-row="' + page.annotators[0].id + '"', '<tr data-row="' + page.annotators[1].id + '"', '<tr data-row="corpus"', '<tr data-row="final"']);
    const finalTags = [...html.matchAll(/data-final="(\d+)" data-tag="([^"]+)"/g)].map((m) => m[2]);
    expect(finalTags).toEqual(final);
  });
});
