// Adjudication of a project that runs its own scheme (lib/db/adjudication/scheme-decisions.ts through
// lib/db/adjudication/adjudication.ts): the queue lists disagreements on any field of the stored definition;
// a decision is checked like a save (400 naming the field) and stored as an Adjudication row with
// History; the annotators' save of a decided value is refused; unanimous units are accepted
// automatically per field, and the undo removes only those rows.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile } from "@/lib/db/import/import-file";
import { acceptUnanimous, getAdjudicationQueue, saveAdjudication, undoAutomaticAcceptance } from "@/lib/db/adjudication/adjudication";
import { getSchemeAdjudicationPageData } from "@/lib/db/adjudication/scheme-decisions";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SchemeItemView } from "@/components/adjudication/scheme-item-view";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail, makeProject, makeUser, rejection } from "./fixtures";

const IDIOM = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
const A = "idiom-a@annotators.test";
const B = "idiom-b@annotators.test";

let db: Db;
let pool: Pool;
let projectId: string;
let adjudicator: string;
let seg: Record<string, { id: string; tr: Record<string, string> }>;
let users: Record<string, string>;


beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  adjudicator = (await makeUser(db, { tag: "adj" })).id;
  // the idiom corpus is English into French
  const project = await makeProject(db, [{ userId: adjudicator, roles: ["ADJUDICATOR"] }], { targetLang: "fr" });
  projectId = project.id;
  await setProjectScheme(db, projectId, IDIOM, { actorId: null });
  await addMembersByEmail(db, projectId, [A, B]);
  for (const f of ["corpus.jsonl", "annotations.jsonl"]) {
    const out = await importFile(pool, { project: { id: projectId, sourceLang: "en", targetLang: "fr" }, fileName: f, content: readFileSync(`tests/fixtures/idiom-judgement/${f}`), options: { format: "auto" }, dryRun: false });
    expect(out.errors, f).toEqual([]);
  }
  const segments = await db.segment.findMany({ where: { projectId }, include: { translations: { include: { system: true } } } });
  seg = Object.fromEntries(segments.map((s) => [s.externalId, { id: s.id, tr: Object.fromEntries(s.translations.map((t) => [t.system.name, t.id])) }]));
  users = Object.fromEntries((await db.user.findMany({ where: { email: { in: [A, B] } } })).map((u) => [u.email, u.id]));
});
afterAll(closeTestDatabase);

const decide = (over: Partial<Parameters<typeof saveAdjudication>[1]>) =>
  saveAdjudication(db, { projectId, adjudicatorId: adjudicator, segmentId: seg.s2.id, translationId: seg.s2.tr["sys-b"], field: "meaning", value: "literal", rationale: "", baseVersion: 0, ...over });

describe("the disagreement queue of a project that runs its own scheme", () => {
  it("lists disagreements on the scheme's fields: meaning where A and B differ, not transparency where they agree", async () => {
    const q = await getAdjudicationQueue(db, projectId);
    const keys = q.rows.map((r) => `${r.segmentExternalId}/${r.system ?? "-"}/${r.field}`);
    expect(keys).toContain("s2/sys-b/meaning");
    expect(keys.filter((k) => k.endsWith("/meaning"))).toEqual(["s2/sys-b/meaning"]);
    expect(keys).not.toContain("s2/-/transparency"); // both gave 3
    expect(keys).toEqual(expect.arrayContaining(["s1/-/transparency", "s3/-/transparency", "s1/sys-a/cues", "s1/sys-b/fluency"]));
    const meaning = q.rows.find((r) => r.field === "meaning")!;
    expect(meaning.values.map((v) => [v.email, v.value]).sort()).toEqual([[A, "literal"], [B, "lost"]]);
    expect(meaning.strength).toBe(0.5);
    // a field filter takes the scheme's field ids; a threshold applies to scales (transparency 2 vs 3, 4 vs 5)
    const onlyMeaning = await getAdjudicationQueue(db, projectId, { fields: ["meaning"] });
    expect(onlyMeaning.rows.map((r) => r.field)).toEqual(["meaning"]);
    const bigSpread = await getAdjudicationQueue(db, projectId, { fields: ["transparency"], threshold: 1 });
    expect(bigSpread.rows).toEqual([]);
  });

  it("refuses an invalid decision naming the field, stores a valid one with History, and the queue sees it decided", async () => {
    const bad = await rejection(decide({ value: "maybe" }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toBe(`meaning: "maybe" is not one of kept, literal, lost`);
    const anchor = await rejection(decide({ translationId: null }));
    expect(anchor.code).toBe("BAD_REQUEST");
    expect(anchor.message).toContain("meaning is per translation");
    expect((await rejection(decide({ field: "FLUENCY", value: 3 }))).message).toContain(`Unknown field "FLUENCY"`);
    expect(await db.adjudication.count({ where: { projectId } })).toBe(0);

    const saved = await decide({ value: "literal", rationale: "The idiom is rendered word for word." });
    expect(saved.version).toBe(1);
    const row = await db.adjudication.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row).toMatchObject({ segmentId: seg.s2.id, translationId: seg.s2.tr["sys-b"], itemKey: `${seg.s2.tr["sys-b"]}:-`, field: "meaning", value: "literal", adjudicatorId: adjudicator, automatic: false });
    const history = await db.history.findMany({ where: { entity: "ADJUDICATION", entityId: saved.id } });
    expect(history).toHaveLength(1);
    expect(history[0].newValue).toMatchObject({ value: "literal", rationale: "The idiom is rendered word for word." });
    // a stale base version is a conflict
    expect((await rejection(decide({ value: "lost" }))).code).toBe("CONFLICT");

    const q = await getAdjudicationQueue(db, projectId, { fields: ["meaning"] });
    expect(q.rows).toEqual([]);
    expect(q.decided).toBe(1);
    const all = await getAdjudicationQueue(db, projectId, { fields: ["meaning"], includeResolved: true });
    expect(all.rows.map((r) => r.adjudication)).toEqual(["decided"]);
  });

  it("refuses an annotator's save of the decided value", async () => {
    // the import left the work submitted: reopen it, so only the decision stands in the way
    await db.assignment.updateMany({ where: { projectId, annotatorId: users[B], segmentId: seg.s2.id }, data: { status: "IN_PROGRESS", completedAt: null } });
    const current = await db.annotation.findFirstOrThrow({ where: { annotatorId: users[B], segmentId: seg.s2.id, field: "meaning", translationId: seg.s2.tr["sys-b"] } });
    const runtime = await getProjectRuntime(db, projectId);
    const e = await rejection(
      saveAnnotation(pool, { projectId, annotatorId: users[B], config: DEFAULT_SCHEME_CONFIG, runtime, input: { segmentId: seg.s2.id, translationId: seg.s2.tr["sys-b"], mrwId: null, field: "meaning", value: "kept", baseVersion: current.version } as never }),
    );
    expect(e.code).toBe("VALUE_DECIDED");
    expect(e.message).toContain("Decided by adjudication");
    // the undecided fields of the same item still save
    const other = await db.annotation.findFirstOrThrow({ where: { annotatorId: users[B], segmentId: seg.s2.id, field: "fluency", translationId: seg.s2.tr["sys-b"] } });
    const ok = await saveAnnotation(pool, { projectId, annotatorId: users[B], config: DEFAULT_SCHEME_CONFIG, runtime, input: { segmentId: seg.s2.id, translationId: seg.s2.tr["sys-b"], mrwId: null, field: "fluency", value: 55, baseVersion: other.version } as never });
    expect(ok.version).toBe(other.version + 1);
  });

  it("accepts unanimous units automatically per field, and the undo removes only those", async () => {
    const before = await getAdjudicationQueue(db, projectId);
    expect(before.unanimousOpen).toBeGreaterThan(0);
    const r = await acceptUnanimous(db, { projectId, actorId: adjudicator, fields: ["transparency"] });
    expect(r.accepted).toBe(1); // s2: both 3
    const auto = await db.adjudication.findFirstOrThrow({ where: { projectId, automatic: true } });
    expect(auto).toMatchObject({ segmentId: seg.s2.id, itemKey: "-:-", field: "transparency", value: 3, adjudicatorId: null });
    const all = await acceptUnanimous(db, { projectId, actorId: adjudicator });
    expect(all.accepted).toBe(before.unanimousOpen - 1);
    const undone = await undoAutomaticAcceptance(db, { projectId, actorId: adjudicator });
    expect(undone.undone).toBe(before.unanimousOpen);
    expect(await db.adjudication.count({ where: { projectId } })).toBe(1); // the manual decision stays
  });

  it("the item page shows every field's values per unit with the decision", async () => {
    const page = await getSchemeAdjudicationPageData(db, projectId, seg.s2.id, (await getProjectRuntime(db, projectId)) as never);
    expect(page.scheme.fields.map((f) => f.id)).toEqual(["transparency", "meaning", "cues", "fluency", "note"]);
    const meaning = page.units.find((u) => u.field === "meaning" && u.system === "sys-b")!;
    expect(meaning.values).toHaveLength(2);
    expect(meaning.decision).toMatchObject({ value: "literal", automatic: false, version: 1 });
    expect(page.units.find((u) => u.field === "transparency")!.unanimous).toBe(true);
    expect(page.annotators.map((a) => a.email)).toEqual([A, B]);
    // the page renders every field with option labels, the decision and an editor per unit
    const router = { back() {}, forward() {}, refresh() {}, push() {}, replace() {}, prefetch() {}, hmrRefresh() {} } as unknown as AppRouterInstance;
    const html = renderToStaticMarkup(createElement(AppRouterContext.Provider, { value: router }, createElement(SchemeItemView, { slug: "p", data: JSON.parse(JSON.stringify(page)) })));
    expect(html).toContain("Figurative meaning");
    expect(html).toContain("literalised"); // the label of "literal", not the stored value
    expect(html).toContain("Decided: <strong>literalised</strong>");
    // how strongly the unit is disputed, as the built-in view says it (one of two values differs: 50%)
    expect(html).toContain("disagreement 50%");
    expect(html).toContain('data-testid="scheme-decision-meaning"');
    expect(html).toContain("Annotator 2");
    expect(html).not.toContain(B); // identities hidden until shown
    // a segment of another project is not found
    const other = await makeProject(db);
    await expect(getSchemeAdjudicationPageData(db, other.id, seg.s2.id, (await getProjectRuntime(db, projectId)) as never)).rejects.toThrow(/not found/);
  });
});

describe("decisions on document and role values", () => {
  const SCHEME = ZSchemeDefinition.parse({
    id: "nli-doc",
    version: 1,
    name: "NLI with register",
    roles: [{ id: "premise", label: "Premise" }],
    fields: [
      { id: "register", scope: "document", kind: "choice", label: "Register", options: [{ value: "news" }, { value: "fiction" }] },
      { id: "premise-ok", scope: { role: "premise" }, kind: "boolean", label: "Premise fine" },
      { id: "pick", scope: "segment", kind: "choice", label: "Pick", optionsFrom: "candidates" },
    ],
  });
  let pid: string;
  let segs: { id: string }[];
  let ann: string;
  beforeAll(async () => {
    ann = (await makeUser(db, { tag: "nli" })).id;
    pid = (await makeProject(db, [{ userId: ann, roles: ["ANNOTATOR"] }])).id;
    await setProjectScheme(db, pid, SCHEME, { actorId: null });
    const doc = await db.document.create({ data: { projectId: pid, externalId: "d", language: "en" } });
    segs = [];
    for (const i of [0, 1]) segs.push(await db.segment.create({ data: { projectId: pid, documentId: doc.id, externalId: `n${i}`, index: i, text: `Hypothesis ${i}.`, language: "en", texts: { premise: `Premise ${i}.` }, lists: { candidates: ["a", "b"] } } }));
    await db.assignment.createMany({ data: segs.map((s) => ({ projectId: pid, annotatorId: ann, segmentId: s.id, status: "IN_PROGRESS" as const, position: 0 })) });
  });
  const save = async (input: Record<string, unknown>) =>
    saveAnnotation(pool, { projectId: pid, annotatorId: ann, config: DEFAULT_SCHEME_CONFIG, runtime: await getProjectRuntime(db, pid), input: { translationId: null, mrwId: null, baseVersion: 0, ...input } as never });
  const decideHere = (over: Record<string, unknown>) => saveAdjudication(db, { projectId: pid, adjudicatorId: adjudicator, segmentId: segs[1].id, field: "register", value: "news", rationale: "", baseVersion: 0, ...over });

  it("a document decision made from any segment is stored on the first and closes the document value", async () => {
    const saved = await decideHere({});
    const row = await db.adjudication.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row).toMatchObject({ segmentId: segs[0].id, itemKey: "document", field: "register" });
    const e = await rejection(save({ segmentId: segs[1].id, field: "register", value: "fiction" }));
    expect(e.code).toBe("VALUE_DECIDED");
  });

  it("a role decision needs the role, checks it against the item's texts, and the options of a list field come from the item", async () => {
    expect((await rejection(decideHere({ field: "premise-ok", value: true }))).message).toContain("needs role");
    expect((await rejection(decideHere({ field: "premise-ok", role: "hypothesis", value: true }))).message).toContain("premise text");
    const saved = await decideHere({ field: "premise-ok", role: "premise", value: true });
    expect((await db.adjudication.findUniqueOrThrow({ where: { id: saved.id } })).itemKey).toBe("role:premise");
    expect((await rejection(decideHere({ field: "pick", value: "c" }))).message).toContain("pick:");
    expect((await decideHere({ field: "pick", value: "b" })).version).toBe(1);
  });
});
