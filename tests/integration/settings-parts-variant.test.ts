// The Settings form's MMTE/MetaHOPE parts, read from the fields a scheme version has (issue 28,
// "one platform": no branch on which preset a scheme is): a variant of a preset (its own guideline
// wording, one more label) switches a part off and on and keeps its text, its labels and its
// values; a scheme with none of the presets' fields has no parts to switch (the form hides them).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { getProjectScheme, listProjectSchemeVersions, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { updateSchemeConfig } from "@/lib/db/projects/update-scheme-config";
import { sortedJson } from "@/lib/schemes/canonical-value";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { withPartsOf } from "@/lib/schemes/scheme-config-for-definition";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, ZSchemeConfig } from "@/lib/schemes/scheme-config";
import { readFileSync } from "node:fs";

let db: Db;
beforeAll(async () => ({ db } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** A project whose scheme is `def`, with one segment and translation and an annotator's value of `field`. */
async function projectWith(def: TSchemeDefinition, value: { field: string; value: unknown; perTranslation: boolean }) {
  const project = await makeProject(db);
  await setProjectScheme(db, project.id, def, { actorId: null });
  const annotator = await makeUser(db, { tag: "ann" });
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
  const seg = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: "s", index: 0, text: "Time is a thief.", language: "en" } });
  const sys = await db.mtSystem.create({ data: { projectId: project.id, name: "GPT" } });
  const tr = await db.translation.create({ data: { segmentId: seg.id, systemId: sys.id, language: "zh", text: "时间是小偷。" } });
  await db.annotation.create({
    data: { projectId: project.id, annotatorId: annotator.id, segmentId: seg.id, translationId: value.perTranslation ? tr.id : null, itemKey: value.perTranslation ? `${tr.id}:-` : "-:-", field: value.field, value: value.value as object, version: 1, schemeVersion: 1 },
  });
  return project;
}

const inForce = async (projectId: string) => (await getProjectScheme(db, projectId))!.definition;
const ids = (d: TSchemeDefinition) => d.fields.map((f) => f.id);

describe("the Settings parts of a variant of a preset", () => {
  it("a MetaHOPE variant switches its post-edit off and on: its guideline text, name and extra category stay, the post-edit value is kept and valid again", async () => {
    const manager = await makeUser(db, { tag: "mgr" });
    const ownText = "Our lab's MetaHOPE: mark every error, then write the reference.";
    const variant = ZSchemeDefinition.parse({
      ...structuredClone(METAHOPE_PRESET),
      name: "Lab MetaHOPE",
      guidelines: ownText,
      fields: METAHOPE_PRESET.fields.map((f) => (f.id === "METAHOPE_ERRORS" && f.kind === "spans" ? { ...f, labels: [...f.labels, { value: "CUL", label: "Cultural" }] } : f)),
    });
    const project = await projectWith(variant, { field: "METAHOPE_POSTEDIT", value: "时间是个小偷。", perTranslation: false });
    // the form shows the parts the version has
    const shown = withPartsOf(METAHOPE_SCHEME_CONFIG, variant);
    expect([shown.alignment, shown.metahopeErrors, shown.metahopePostEdit, shown.mmteQuality]).toEqual([true, true, true, false]);

    // off: the post-edit field leaves the definition; everything else of the lead's stays
    const off = { ...shown, metahopePostEdit: false };
    expect(await updateSchemeConfig(db, project.id, off, manager.id)).toEqual({ schemeVersion: 2 });
    const v2 = await inForce(project.id);
    expect(ids(v2)).toEqual(["ALIGNMENT", "METAHOPE_ERRORS"]);
    expect([v2.guidelines, v2.name, v2.analyses]).toEqual([ownText, "Lab MetaHOPE", variant.analyses]);
    expect(v2.fields.find((f) => f.id === "METAHOPE_ERRORS")).toEqual(variant.fields.find((f) => f.id === "METAHOPE_ERRORS"));
    expect(withPartsOf(off, v2).metahopePostEdit).toBe(false);
    // the value stays stored under the field's name
    expect(await db.annotation.findMany({ where: { projectId: project.id }, select: { field: true, value: true } })).toEqual([{ field: "METAHOPE_POSTEDIT", value: "时间是个小偷。" }]);

    // on again: the variant as it was
    expect(await updateSchemeConfig(db, project.id, shown, manager.id)).toEqual({ schemeVersion: 3 });
    const v3 = await inForce(project.id);
    expect(sortedJson(v3)).toBe(sortedJson(variant));
    expect(validateSchemeValue(v3.fields.find((f) => f.id === "METAHOPE_POSTEDIT")!, "时间是个小偷。").ok).toBe(true);
    // the same parts again: no version
    expect(await updateSchemeConfig(db, project.id, shown, manager.id)).toEqual({ schemeVersion: null });
  });

  it("an MMTE variant's own Emotion label comes back with the part, so its stored values stay valid", async () => {
    const manager = await makeUser(db, { tag: "mgr" });
    const variant = ZSchemeDefinition.parse({
      ...structuredClone(MMTE_PRESET),
      guidelines: "Ours.",
      fields: MMTE_PRESET.fields.map((f) => (f.id === "EMOTION" && f.kind === "choice" ? { ...f, options: [...(f.options ?? []), { value: "MIXED", label: "Mixed", key: "5" }] } : f)),
    });
    const project = await projectWith(variant, { field: "EMOTION", value: "MIXED", perTranslation: true });
    const shown = withPartsOf(DEFAULT_SCHEME_CONFIG, variant);
    expect(await updateSchemeConfig(db, project.id, ZSchemeConfig.parse({ ...shown, mmteMrw: { ...shown.mmteMrw, emotion: false } }), manager.id)).toEqual({ schemeVersion: 2 });
    expect(ids(await inForce(project.id))).not.toContain("EMOTION");
    expect(await updateSchemeConfig(db, project.id, shown, manager.id)).toEqual({ schemeVersion: 3 });
    const emotion = (await inForce(project.id)).fields.find((f) => f.id === "EMOTION")!;
    expect(emotion).toEqual(variant.fields.find((f) => f.id === "EMOTION"));
    expect(validateSchemeValue(emotion, "MIXED").ok).toBe(true);
    expect((await inForce(project.id)).guidelines).toBe("Ours.");
  });

  it("a scheme with none of the presets' fields shows every part off (the form hides them) and the parts store nothing over it", async () => {
    const manager = await makeUser(db, { tag: "mgr" });
    const own = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
    const project = await projectWith(own, { field: own.fields[0].id, value: "x", perTranslation: false });
    const shown = withPartsOf(DEFAULT_SCHEME_CONFIG, own);
    expect([shown.mmteQuality, shown.mmteMrw, shown.alignment, shown.metahopeErrors, shown.metahopePostEdit, shown.postEdit]).toEqual([
      false, { equivalence: false, emotion: false, authenticity: false, targetWords: false }, false, false, false, { figurative: false, literal: false },
    ]);
    expect(await updateSchemeConfig(db, project.id, { ...DEFAULT_SCHEME_CONFIG, alignment: true }, manager.id)).toEqual({ schemeVersion: null });
    expect((await listProjectSchemeVersions(db, project.id)).map((v) => v.version)).toEqual([1]);
  });
});
