// `--what post-edits` under the one runtime (issue 28): the post-edits are values of the stored
// scheme's edit fields (MMTE's figurative and literal, MetaHOPE's reference, a lab's own edit
// field), not PostEdit rows, and the export lists them as it listed those: scheme, kind, the output
// each started from (the closest translation, as the workspace shows its diff against) and the
// edit rate against it. Before this the export read the PostEdit table only and was empty for
// every project on the one runtime (e2e/as-run.spec.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeUser } from "./fixtures";
import { createProject } from "@/lib/db/projects/create-project";
import { importFile } from "@/lib/db/import/import-file";
import { exportFile } from "@/lib/db/export/stream";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { postEditFields } from "@/lib/db/export/post-edits";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const J = (o: unknown) => JSON.stringify(o);
const A = "市场经受住了风暴。";
const B = "它挺过了这场风暴。";
const CORPUS = [
  J({ type: "document", externalId: "d1", language: "en", title: "Markets" }),
  J({ type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "The markets weathered the storm.", language: "en", metaphorical: true }),
  J({ type: "segment", documentId: "d1", externalId: "s2", index: 1, text: "Prices fell.", language: "en", metaphorical: false }),
  J({ type: "mrw", segmentId: "s1", externalId: "m1", spans: [{ start: 12, end: 21 }], token: "weathered", pos: "VERB", active: true, metaphorical: true }),
  J({ type: "translation", segmentId: "s1", system: "A", language: "zh", text: A }),
  J({ type: "translation", segmentId: "s1", system: "B", language: "zh", text: B }),
  J({ type: "translation", segmentId: "s2", system: "A", language: "zh", text: "价格下跌了。" }),
  J({ type: "translation", segmentId: "s2", system: "B", language: "zh", text: "价格跌了。" }),
].join("\n");

async function postEditRows(projectId: string, slug: string) {
  let text = "";
  for await (const line of exportFile(pool, db, { id: projectId, slug }, "post-edits", "json").lines) text += line;
  return JSON.parse(text) as Record<string, unknown>[];
}

describe("post-edits export on the one runtime", () => {
  it("names the presets' edit fields as MMTE's and MetaHOPE's kinds, a lab's own by its variant and scheme name", () => {
    expect(postEditFields(MMTE_PRESET)).toEqual([
      { field: "POSTEDIT_FIGURATIVE", kind: "FIGURATIVE", scheme: "MMTE", base: "any-translation" },
      { field: "POSTEDIT_LITERAL", kind: "LITERAL", scheme: "MMTE", base: "any-translation" },
    ]);
    const own = {
      ...MMTE_PRESET,
      name: "Lab study",
      fields: [
        { id: "fix", scope: "translation", kind: "edit", label: "Fix", maxLength: 5000, required: false },
        { id: "ref", scope: "segment", kind: "edit", label: "Reference", variant: "reference", base: "empty", maxLength: 5000, required: false },
      ],
    } as unknown as typeof MMTE_PRESET;
    expect(postEditFields(own)).toEqual([
      { field: "fix", kind: "fix", scheme: "Lab study", base: "translation" },
      { field: "ref", kind: "REFERENCE", scheme: "Lab study", base: "none" },
    ]);
  });

  it("exports the edit fields' values with the output each started from and its edit rate; blank ones are left out", async () => {
    const [ann1, ann2] = [await makeUser(db, { tag: "pe1" }), await makeUser(db, { tag: "pe2" })];
    const slug = `pe-${Math.random().toString(36).slice(2, 8)}`;
    const { project } = await createProject(
      db,
      { slug, name: slug, sourceLang: "en", targetLang: "zh", scheme: "both", parts: ["metahope-post-edit"], members: [ann1, ann2].map((a) => ({ email: a.email, role: "ANNOTATOR" as const })) },
      { actorId: null, via: "cli", inviteMissing: false },
    );
    expect((await importFile(pool, { project: { id: project.id, sourceLang: "en", targetLang: "zh" }, fileName: "c.jsonl", content: Buffer.from(CORPUS), options: { format: "jsonl" }, dryRun: false })).errors).toEqual([]);
    const runtime = await getProjectRuntime(db, project.id);
    expect(runtime.kind).toBe("scheme");
    const segs = await db.segment.findMany({ where: { projectId: project.id }, orderBy: { index: "asc" } });
    const value = (annotatorId: string, segmentId: string, field: string, text: string, version = 1) =>
      db.annotation.create({ data: { projectId: project.id, annotatorId, segmentId, itemKey: "-:-", field, value: text, version } });
    // B with its end rewritten: 3 of the 12 characters of the post-edit are new (风暴。 → 风暴的考验。)
    await value(ann2.id, segs[0].id, "METAHOPE_POSTEDIT", "它挺过了这场风暴的考验。", 2);
    await value(ann1.id, segs[0].id, "POSTEDIT_FIGURATIVE", A);
    await value(ann1.id, segs[0].id, "POSTEDIT_LITERAL", "市场挺过了风暴。");
    // a post-edit emptied again is no post-edit
    await value(ann1.id, segs[1].id, "POSTEDIT_LITERAL", "  ");

    const rows = await postEditRows(project.id, slug);
    expect(rows.map((r) => [r.segment, r.annotator, r.scheme, r.kind, r.text, r.language, r.base_system, r.base_translation, r.edit_rate, r.version])).toEqual([
      ["s1", ann1.email, "MMTE", "figurative", A, "zh", "A", A, 0, 1],
      // closer to A (经受住 → 挺过: 2 substitutions, 1 deletion over 8 characters) than to B (4 edits)
      ["s1", ann1.email, "MMTE", "literal", "市场挺过了风暴。", "zh", "A", A, 0.375, 1],
      ["s1", ann2.email, "MetaHOPE", "reference", "它挺过了这场风暴的考验。", "zh", "B", B, 0.25, 2],
    ]);
  });
});
