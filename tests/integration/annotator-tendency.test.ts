// The adjudication page's annotator tendencies (lib/db/adjudication/annotator-tendency.ts) on real PostgreSQL:
// the worked example of lib/adjudication/annotator-tendency.test.ts (figures computed by hand there)
// imported as a JSONL file into a project on its scheme, read through the report pipeline's cache;
// a second read with nothing changed computes nothing, a save changes the figures.
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { getAnnotatorTendency } from "@/lib/db/adjudication/annotator-tendency";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { versionMemoStats } from "@/lib/reports/version-memo";
import { TENDENCY_SCHEME as SCHEME, tendencySpan as span } from "@/lib/adjudication/fixtures/tendency-scheme";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail, makeProject } from "./fixtures";

const email = (r: string) => `tend-${r}@annotators.test`;
const J = (o: unknown) => JSON.stringify(o);
const value = (r: string, seg: string, field: string, v: unknown) => J({ type: "annotation", annotator: email(r), segmentId: seg, system: "sys", field, value: v });

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("annotator tendency on the adjudication page", () => {
  it("equals the hand-computed example, is kept while nothing changes, and follows a change", async () => {
    const project = await makeProject(db, [], { targetLang: "fr" });
    await setProjectScheme(db, project.id, SCHEME, { actorId: null });
    await addMembersByEmail(db, project.id, ["a", "b", "c"].map(email));
    const corpus = [
      J({ type: "document", externalId: "d", language: "en" }),
      ...["u1", "u2", "u3"].flatMap((s, i) => [
        J({ type: "segment", documentId: "d", externalId: s, index: i, text: `Sentence ${i + 1}.`, language: "en", metaphorical: false }),
        J({ type: "translation", segmentId: s, system: "sys", language: "fr", text: `Phrase ${i + 1}.` }),
      ]),
    ];
    const values = [
      value("a", "u1", "q", 5), value("b", "u1", "q", 3), value("c", "u1", "q", 4),
      value("a", "u2", "q", 2), value("b", "u2", "q", 2), value("a", "u3", "q", 4),
      value("a", "u1", "err", [span("major")]), value("b", "u1", "err", []),
      value("a", "u2", "err", [span("minor"), span("minor")]), value("b", "u2", "err", [span("major")]), value("c", "u2", "err", []),
      value("c", "u3", "err", [span("major")]),
    ];
    for (const [name, lines] of [["corpus.jsonl", corpus], ["values.jsonl", values]] as const) {
      const result = parseJsonl(name, lines.join("\n"));
      expect(result.errors, name).toEqual([]);
      await loadImport(pool, { projectId: project.id, fileName: name, result });
    }
    const runtime = { version: 1, definition: SCHEME };
    const read = () => getAnnotatorTendency(pool, project.id, runtime, ["a", "b", "c"].map(email));
    const first = await read();
    expect(first.map((r) => [r.annotator, r.scales, r.penalties.map((p) => [p.meanDifference, p.units, p.total])])).toEqual([
      [email("a"), { meanDifference: 0.75, units: 2 }, [[2.25, 2, 7]]],
      [email("b"), { meanDifference: -0.75, units: 2 }, [[-0.5, 2, 5]]],
      [email("c"), { meanDifference: 0, units: 1 }, [[-3.5, 1, 5]]],
    ]);
    // nothing changed: served as computed
    const before = versionMemoStats();
    expect(await read()).toEqual(first);
    expect(versionMemoStats().computed).toBe(before.computed);
    // c rates u1 a 1 instead of 4: u1's mean moves; c now 1 − 4 = −3 on u1
    const c = await db.user.findUniqueOrThrow({ where: { email: email("c") } });
    await db.annotation.updateMany({ where: { projectId: project.id, annotatorId: c.id, field: "q" }, data: { value: 1, version: { increment: 1 } } });
    const after = await read();
    expect(after.find((r) => r.annotator === email("c"))?.scales).toEqual({ meanDifference: -3, units: 1 });
  });
});
