// Meta4XNLI interpretation pairs into a project made from the meta4xnli preset: 500 rows of
// test_met.tsv become 250 EN/ES pair documents whose items carry premise and hypothesis by role
// and the gold label and metaphor role as item lists; an inference label saves against the
// hypothesis role.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { META4XNLI_PRESET } from "@/lib/schemes/presets/meta4xnli";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile } from "@/lib/db/import/import-file";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("Meta4XNLI interpretation into a meta4xnli project", () => {
  it("imports test_met.tsv as 500 items in 250 pairs and takes an inference label by role", async () => {
    const ann = await makeUser(db, { tag: "ann" });
    const project = await makeProject(db, [{ userId: ann.id, roles: ["ANNOTATOR"] }]);
    await setProjectScheme(db, project.id, META4XNLI_PRESET, { actorId: null });
    const outcome = await importFile(pool, {
      project: { id: project.id, sourceLang: "es", targetLang: "en" },
      fileName: "test_met.tsv",
      content: readFileSync("data/meta4xnli/interpretation/splits/test_met.tsv"),
      options: { format: "auto" },
      dryRun: false,
    });
    expect([outcome.ok, outcome.format, outcome.counts.documents, outcome.counts.segments]).toEqual([true, "meta4xnli-nli", 250, 500]);
    const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id, language: "en" }, orderBy: { externalId: "asc" }, select: { id: true, text: true, texts: true, lists: true } });
    expect(seg.texts).toEqual({ premise: seg.text, hypothesis: expect.any(String) });
    expect(seg.lists).toMatchObject({ relevance: "relevant" });

    await createAssignments(db, { projectId: project.id, annotatorIds: [ann.id], perItem: 1, shuffle: false });
    const runtime = await getProjectRuntime(db, project.id);
    const r = await saveAnnotation(pool, {
      projectId: project.id,
      annotatorId: ann.id,
      config: DEFAULT_SCHEME_CONFIG,
      runtime,
      input: { segmentId: seg.id, role: "hypothesis", field: "inference", value: "entailment", baseVersion: 0 } as TSaveAnnotationInput,
    });
    expect(r.version).toBe(1);
  });
});
