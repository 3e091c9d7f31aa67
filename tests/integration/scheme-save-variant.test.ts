// Saving under a variant of the MMTE and MetaHOPE presets (the scheme runtime, lib/db/workspace/save-value.ts):
// a field with alternatives by the MRW's metaphoricity (MMTE's EQUIVALENCE: FULL…ERROR on a
// metaphorical word, LITERAL/METAPHORICAL/ERROR on a literal one) takes only the labels of the
// alternative that applies to the MRW, and a span of an error list or an alignment that runs past
// the end of its translation is refused with a 400 naming the field, nothing stored. Model
// suggestions are offered under the same rule (lib/db/models/suggestion-decisions.ts itemSuggestions).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { MMTE_METAHOPE_PRESET } from "@/lib/schemes/presets/preset-of-parts";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";

let db: Db;
let pool: Pool;
let projectId: string;
let annotator: string;
let seg: { id: string; translationId: string; metaphor: string; literal: string };
const TRANSLATION = "Le temps est un voleur.";
const config = ZSchemeConfig.parse({ showSuggestions: true });

beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  annotator = (await makeUser(db, { tag: "ann" })).id;
  const project = await makeProject(db, [{ userId: annotator, roles: ["ANNOTATOR"] }], { targetLang: "fr" });
  projectId = project.id;
  const system = await db.mtSystem.create({ data: { projectId, name: "sys-a" } });
  const doc = await db.document.create({ data: { projectId, externalId: "d1", language: "en" } });
  const s = await db.segment.create({ data: { projectId, documentId: doc.id, externalId: "s0", index: 0, text: "Time is a thief in the house.", language: "en" } });
  const t = await db.translation.create({ data: { segmentId: s.id, systemId: system.id, text: TRANSLATION, language: "fr" } });
  const thief = await db.mrw.create({ data: { projectId, segmentId: s.id, externalId: "m0", token: "thief", start: 10, end: 15, spans: [{ start: 10, end: 15 }], metaphorical: true, pos: "NOUN" } });
  const house = await db.mrw.create({ data: { projectId, segmentId: s.id, externalId: "m1", token: "house", start: 23, end: 28, spans: [{ start: 23, end: 28 }], metaphorical: false, pos: "NOUN" } });
  seg = { id: s.id, translationId: t.id, metaphor: thief.id, literal: house.id };
  // every MMTE and MetaHOPE field, with the lab's own guideline wording: a variant, on the scheme runtime
  await setProjectScheme(db, projectId, { ...MMTE_METAHOPE_PRESET, workflow: { readDocumentFirst: false }, guidelines: `${MMTE_METAHOPE_PRESET.guidelines}\n\nOur lab reads the source twice.` }, { actorId: null });
  await createAssignments(db, { projectId, annotatorIds: [annotator], perItem: 1, shuffle: false });
});
afterAll(closeTestDatabase);

const save = async (input: Partial<TSaveAnnotationInput>) =>
  saveAnnotation(pool, {
    projectId,
    annotatorId: annotator,
    config,
    runtime: await getProjectRuntime(db, projectId),
    input: { segmentId: seg.id, translationId: seg.translationId, mrwId: null, value: null, baseVersion: 0, field: "EQUIVALENCE", ...input } as TSaveAnnotationInput,
  });
const stored = (field: string) => db.annotation.findMany({ where: { projectId, field }, select: { mrwId: true, value: true } });

describe("saving under a variant of the MMTE and MetaHOPE presets", () => {
  it("runs the scheme runtime", async () => {
    expect((await getProjectRuntime(db, projectId)).kind).toBe("scheme");
  });

  it("EQUIVALENCE takes the labels of the alternative for the MRW's metaphoricity only", async () => {
    // a literal word's label on a metaphorical word, and the other way round: refused, naming the field
    for (const [mrwId, value] of [[seg.metaphor, "LITERAL"], [seg.literal, "FULL"]] as const) {
      const e = await rejection(save({ mrwId, value }));
      expect(e.code, `${value}`).toBe("BAD_REQUEST");
      expect(e.detail).toMatchObject({ field: "value" });
    }
    expect(await stored("EQUIVALENCE")).toEqual([]);
    // each word's own labels (ERROR is in both sets)
    await save({ mrwId: seg.metaphor, value: "PART" });
    await save({ mrwId: seg.literal, value: "METAPHORICAL" });
    await save({ mrwId: seg.literal, value: "ERROR", baseVersion: 1 });
    expect((await stored("EQUIVALENCE")).sort((a, b) => String(a.value).localeCompare(String(b.value)))).toEqual([
      { mrwId: seg.literal, value: "ERROR" },
      { mrwId: seg.metaphor, value: "PART" },
    ]);
  });

  it("refuses an error span or an alignment span past the end of the translation, and stores a span that ends at it", async () => {
    const end = TRANSLATION.length;
    const errors = (start: number, stop: number) => [{ start, end: stop, label: "MIS", attributes: { severity: 6 } }];
    const e = await rejection(save({ field: "METAHOPE_ERRORS", value: errors(16, end + 5) }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.message).toContain(`runs past the end of the translation (length ${end})`);
    const a = await rejection(save({ field: "ALIGNMENT", mrwId: seg.metaphor, value: { pattern: "DIRECT", spans: [{ start: 16, end: 99 }] } }));
    expect(a.code).toBe("BAD_REQUEST");
    expect(await stored("METAHOPE_ERRORS")).toEqual([]);
    expect(await stored("ALIGNMENT")).toEqual([]);
    await save({ field: "METAHOPE_ERRORS", value: errors(16, end) });
    expect(await stored("METAHOPE_ERRORS")).toEqual([{ mrwId: null, value: errors(16, end) }]);
  });

  it("offers a model's suggestion only where its label fits the MRW", async () => {
    const endpoint = await db.modelEndpoint.create({ data: { projectId, name: "m", kind: "imported", model: "x" } });
    const common = { projectId, endpointId: endpoint.id, segmentId: seg.id, translationId: seg.translationId, field: "EQUIVALENCE", model: "x", status: "ok", promptVersion: "p", promptText: "" };
    await db.suggestion.createMany({
      data: [
        { ...common, mrwId: seg.metaphor, itemKey: `${seg.translationId}:${seg.metaphor}`, value: "LITERAL" },
        { ...common, mrwId: seg.literal, itemKey: `${seg.translationId}:${seg.literal}`, value: "LITERAL" },
      ],
    });
    const runtime = await getProjectRuntime(db, projectId);
    if (runtime.kind !== "scheme") throw new Error("a variant runs the scheme runtime");
    const item = await getSchemeWorkspaceItem(db, { project: { id: projectId, slug: "x", sourceLang: "en", targetLang: "fr" }, config, annotatorId: annotator, segmentKey: seg.id, runtime });
    expect((item.suggestions ?? []).map((s) => [s.itemKey, s.value])).toEqual([[`${seg.translationId}:${seg.literal}`, "LITERAL"]]);
  });
});
