// "The guidelines changed since your last visit" on the real database (lib/db/workspace/scheme-seen.ts).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition, type TSchemeDefinitionInput } from "@/lib/schemes/language/scheme-definition";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { guidelinesNews, markSchemeSeen } from "@/lib/db/workspace/scheme-seen";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

const INPUT: TSchemeDefinitionInput = JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8"));

let db: Db;
beforeAll(async () => ({ db } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("guidelines news", () => {
  it("a first visit records the version without news; a new version shows what changed until marked read", async () => {
    const ann = await makeUser(db, { tag: "ann" });
    const project = await makeProject(db, [{ userId: ann.id, roles: ["ANNOTATOR"] }]);
    // a project without a stored scheme runs its preset: never any news
    expect(await guidelinesNews(db, project.id, ann.id)).toBeNull();
    await setProjectScheme(db, project.id, ZSchemeDefinition.parse(INPUT), { actorId: null });
    expect(await guidelinesNews(db, project.id, ann.id)).toBeNull();
    expect((await db.schemeSeen.findUniqueOrThrow({ where: { userId_projectId: { userId: ann.id, projectId: project.id } } })).version).toBe(1);

    const v2 = structuredClone(INPUT) as TSchemeDefinitionInput & { fields: Record<string, unknown>[] };
    v2.guidelines = "## Task\nRead the whole paragraph first.";
    v2.fields.push({ id: "register", scope: "segment", kind: "boolean", label: "Formal register" });
    await setProjectScheme(db, project.id, ZSchemeDefinition.parse(v2), { actorId: null, note: "Pilot feedback: read the paragraph" });
    const news = await guidelinesNews(db, project.id, ann.id);
    expect(news).toEqual({
      from: 1,
      to: 2,
      notes: ["Pilot feedback: read the paragraph"],
      summary: ["Task guidelines changed", 'New field "register" (Formal register)'],
      texts: [{ key: "task", where: "Task guidelines", before: INPUT.guidelines, after: "## Task\nRead the whole paragraph first." }],
    });
    // still news on the next visit, until read
    expect((await guidelinesNews(db, project.id, ann.id))?.to).toBe(2);
    await markSchemeSeen(db, project.id, ann.id, 2);
    expect(await guidelinesNews(db, project.id, ann.id)).toBeNull();
    // a stale tab marking version 1 read does not bring the news back
    expect((await markSchemeSeen(db, project.id, ann.id, 1)).version).toBe(2);
    expect(await guidelinesNews(db, project.id, ann.id)).toBeNull();
  });
});
