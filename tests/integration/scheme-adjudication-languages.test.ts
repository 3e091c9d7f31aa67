// A study over two target languages on the MMTE preset (the scheme runtime, issue 28) is adjudicated
// one language pair at a time, as the built-in adjudication was (issue 19 point 1): each queue row
// names its translation's language, and an item's page shows the translations of one language with
// their units (the source's own units in every language), the others one link away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { loadImport } from "@/lib/db/import/load-import";
import { createProject } from "@/lib/db/projects/create-project";
import { getAdjudicationQueue } from "@/lib/db/adjudication/adjudication";
import { getSchemeAdjudicationPageData } from "@/lib/db/adjudication/scheme-decisions";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { parseJsonl } from "@/lib/import/parse-jsonl";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const J = (o: unknown) => JSON.stringify(o);

describe("scheme adjudication of a study over two target languages", () => {
  it("names each row's language and shows an item one language at a time", async () => {
    const slug = `adj-langs-${Math.random().toString(36).slice(2, 8)}`;
    const { project } = await createProject(db, { slug, name: slug, sourceLang: "en", targetLang: "zh,it", scheme: "mmte" }, { actorId: null, via: "cli", inviteMissing: false });
    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("the MMTE preset runs as a scheme");
    const lines = [J({ type: "document", externalId: "d", language: "en" })];
    for (let i = 0; i < 2; i++) {
      lines.push(J({ type: "segment", documentId: "d", externalId: `s${i}`, index: i, text: `Prices skyrocketed after storm ${i}.`, language: "en", metaphorical: true }));
      lines.push(J({ type: "mrw", segmentId: `s${i}`, externalId: "m1", spans: [{ start: 7, end: 18 }], token: "skyrocketed", pos: "VERB", active: true, metaphorical: true }));
      for (const [lang, text] of [["zh", `价格飞涨${i}。`], ["it", `I prezzi sono saliti ${i}.`]]) {
        lines.push(J({ type: "translation", segmentId: `s${i}`, system: "mt-alpha", language: lang, text }));
        // two raters per language who disagree on fluency, and agree on the MRW's equivalence
        for (const [r, v] of [[1, 1], [2, 5]] as const) {
          lines.push(J({ type: "annotation", annotator: `${lang}-r${r}@lab.org`, segmentId: `s${i}`, system: "mt-alpha", language: lang, field: "FLUENCY", value: v }));
          lines.push(J({ type: "annotation", annotator: `${lang}-r${r}@lab.org`, segmentId: `s${i}`, system: "mt-alpha", language: lang, mrwId: "m1", field: "EQUIVALENCE", value: "FULL" }));
        }
      }
    }
    await loadImport(pool, { projectId: project.id, fileName: "study.jsonl", result: parseJsonl("study.jsonl", lines.join("\n") + "\n") });

    const queue = await getAdjudicationQueue(db, project.id, {});
    expect(queue.rows.map((r) => [r.field, r.language]).sort()).toEqual([
      ["FLUENCY", "it"],
      ["FLUENCY", "it"],
      ["FLUENCY", "zh"],
      ["FLUENCY", "zh"],
    ]);

    const segment = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: "s0" }, select: { id: true } });
    const translations = await db.translation.findMany({ where: { segmentId: segment.id }, select: { id: true, language: true } });
    const idsOf = (lang: string) => translations.filter((t) => t.language === lang).map((t) => t.id);
    for (const [asked, shown] of [[undefined, "zh"], ["it", "it"], ["zh", "zh"], ["fr", "zh"]] as const) {
      const page = await getSchemeAdjudicationPageData(db, project.id, segment.id, runtime, asked);
      expect([page.language, page.languages], String(asked)).toEqual([shown, ["zh", "it"]]);
      expect(page.segment.translations.map((t) => t.id)).toEqual(idsOf(shown));
      // the language's units only: fluency and equivalence of its one translation (the gold post-edits
      // nobody wrote are open to write, with no value)
      expect(page.units.filter((u) => u.values.length > 0).map((u) => [u.field, u.translationId, u.language]).sort()).toEqual([
        ["EQUIVALENCE", idsOf(shown)[0], shown],
        ["FLUENCY", idsOf(shown)[0], shown],
      ]);
      // and only the annotators of that language (placeholder raters of the import)
      expect(page.annotators.map((a) => a.email.split("@")[0]).sort()).toEqual([`${shown}-r1-lab.org`, `${shown}-r2-lab.org`]);
    }
  });
});
