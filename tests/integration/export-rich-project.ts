// A project with every kind of data an export or backup must carry: corpus, alignments, MMTE
// annotations (scalar, label, structured ALIGNMENT, METAHOPE_ERRORS), versions and history,
// assignments with status, error spans (one soft-deleted), post-edits, adjudications, gold references,
// two scheme versions (one stored by a manager) and an annotation saved under the second, an
// annotator group, and the quality-control tables (gold checks, qualification, adaptive redundancy,
// drift alerts and their notification). Its error spans, post-edits and per-part assignments are written as an earlier
// release did: the backup carries those tables as they are; the exports move the project first.
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { MMTE_METAHOPE_PRESET } from "@/lib/schemes/presets/preset-of-parts";
import { loadImport } from "@/lib/db/import/load-import";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { makeProject, makeUser } from "./fixtures";

export async function makeRichProject(db: Db, pool: Pool) {
  const [ann1, ann2, adj, mgr] = [await makeUser(db, { tag: "ann1" }), await makeUser(db, { tag: "ann2" }), await makeUser(db, { tag: "adj" }), await makeUser(db, { tag: "mgr" })];
  const project = await makeProject(db, [
    { userId: ann1.id, roles: ["ANNOTATOR"] },
    { userId: ann2.id, roles: ["ANNOTATOR"] },
    { userId: adj.id, roles: ["ADJUDICATOR"] },
    { userId: mgr.id, roles: ["MANAGER"] },
  ]);
  // two scheme versions (the MMTE preset as shipped, then every built-in field, stored by a manager),
  // before the corpus: an import into a project with no stored version stores its parts' preset as
  // version 1 (lib/db/import/load-import.ts), and backups must carry a version a manager stored
  await db.projectScheme.createMany({
    data: [
      { projectId: project.id, version: 1, definition: MMTE_PRESET, note: "from mmte.json" },
      { projectId: project.id, version: 2, definition: MMTE_METAHOPE_PRESET, createdById: mgr.id },
    ],
  });
  await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: "demo-doc-1-s1" }, include: { mrws: true, translations: { include: { system: true } } } });
  const [t1, t2] = seg.translations.sort((a, b) => a.system.name.localeCompare(b.system.name));
  const m1 = seg.mrws[0];
  const base = { projectId: project.id, segmentId: seg.id };
  await db.assignment.createMany({
    data: [
      { ...base, annotatorId: ann1.id, status: "DONE", position: 0, timeSpentMs: 61_000, startedAt: new Date("2026-01-02T10:00:00Z"), completedAt: new Date("2026-01-02T10:01:01Z") },
      { ...base, annotatorId: ann2.id, status: "IN_PROGRESS", position: 3 },
    ],
  });
  // an annotator group in the project's language (issue 19), with one member
  const group = await db.annotatorGroup.create({ data: { projectId: project.id, name: "zh-1", language: "zh", split: "TEST", documents: ["demo-doc-1"] } });
  await db.annotatorGroupMember.create({ data: { groupId: group.id, projectId: project.id, userId: ann1.id } });
  const anns = [
    { annotatorId: ann1.id, translationId: t1.id, mrwId: null, field: "FLUENCY", value: 4, version: 2, schemeVersion: 2 },
    { annotatorId: ann2.id, translationId: t1.id, mrwId: null, field: "FLUENCY", value: 3, version: 1 },
    { annotatorId: ann1.id, translationId: t1.id, mrwId: m1.id, field: "EQUIVALENCE", value: "FULL", version: 1 },
    { annotatorId: ann1.id, translationId: t2.id, mrwId: m1.id, field: "ALIGNMENT", value: { spans: [{ start: 2, end: 4 }], pattern: "DIRECT" }, version: 1 },
    { annotatorId: ann2.id, translationId: t2.id, mrwId: null, field: "METAHOPE_ERRORS", value: { reviewed: true }, version: 1 },
    // a free-text value (a MetaHOPE workbook's note): a formula the tabular exports must neutralise.
    // Not a made-up field: a re-import checks every line against the presets (issue 14)
    { annotatorId: ann2.id, translationId: t2.id, mrwId: null, field: "METAHOPE_COMMENT", value: '=HYPERLINK("http://evil")', version: 1 },
  ];
  for (const a of anns) {
    const row = await db.annotation.create({ data: { ...base, ...a, itemKey: `${a.translationId ?? "-"}:${a.mrwId ?? "-"}` } });
    await db.history.create({ data: { projectId: project.id, userId: a.annotatorId, entity: "ANNOTATION", entityId: row.id, version: a.version, newValue: a.value } });
  }
  await db.errorSpan.createMany({
    data: [
      { projectId: project.id, annotatorId: ann1.id, translationId: t1.id, mrwId: m1.id, category: "IMP", severity: "MAJOR", start: 1, end: 3, comment: "=cmd|' /C calc'!A0" },
      { projectId: project.id, annotatorId: ann1.id, translationId: t1.id, mrwId: null, category: "PRF", severity: "MINOR", start: 0, end: 0, deletedAt: new Date("2026-01-03T00:00:00Z"), version: 2 },
    ],
  });
  const pe = await db.postEdit.create({ data: { ...base, annotatorId: ann1.id, kind: "FIGURATIVE", language: "zh", text: "经济增长两年后，地区经济已经后劲不足。", baseTranslationId: t1.id } });
  await db.adjudication.createMany({
    data: [
      { ...base, translationId: t1.id, itemKey: `${t1.id}:-`, field: "FLUENCY", value: 4, rationale: "majority", adjudicatorId: adj.id },
      { ...base, translationId: t1.id, mrwId: m1.id, itemKey: `${t1.id}:${m1.id}`, field: "EQUIVALENCE", value: "FULL", automatic: true },
    ],
  });
  await db.goldReference.createMany({
    data: [
      { ...base, language: "zh", kind: "FIGURATIVE", text: pe.text, sourcePostEditId: pe.id, approvedById: mgr.id },
      { ...base, language: "zh", kind: "LITERAL", text: t2.text, sourceTranslationId: t2.id, approvedById: adj.id },
    ],
  });
  // a model endpoint and two suggestions (one failed) from a job: backups carry them, not the job
  const endpoint = await db.modelEndpoint.create({ data: { projectId: project.id, name: "local", baseUrl: "http://127.0.0.1:11434/v1", model: "qwen2.5:7b", apiKeyEnv: "LAB_MODEL_KEY", pricePer1kTokens: 0.002 } });
  const job = await db.job.create({ data: { projectId: project.id, kind: "suggest", status: "done", input: { endpointId: endpoint.id, endpointName: "local", field: "EQUIVALENCE" } } });
  const suggestion = { ...base, endpointId: endpoint.id, jobId: job.id, translationId: t1.id, mrwId: m1.id, itemKey: `${t1.id}:${m1.id}`, field: "EQUIVALENCE", model: "qwen2.5:7b", promptVersion: "mmte-appendix-d-equivalence@0123456789ab", promptText: "[]" };
  await db.suggestion.createMany({
    data: [
      { ...suggestion, value: "FULL", status: "ok", rawReply: '{"value":"FULL","explanation":"same"}', params: { temperature: 0 }, tokensIn: 410, tokensOut: 12, latencyMs: 900 },
      { ...suggestion, translationId: t2.id, itemKey: `${t2.id}:${m1.id}`, status: "failed", failure: "timed out (after retries)", attempts: 4 },
    ],
  });
  // an annotator's decision on the suggestion shown in the workspace
  const shownSuggestion = await db.suggestion.findFirstOrThrow({ where: { projectId: project.id, status: "ok" }, select: { id: true } });
  await db.suggestionDecision.create({ data: { projectId: project.id, suggestionId: shownSuggestion.id, annotatorId: ann1.id, decision: "edited", value: "PARTIAL" } });
  // an imported automatic metric (issue 19): backups carry it with its translation
  await db.metricScore.create({ data: { projectId: project.id, translationId: t1.id, metric: "COMET", value: 0.8125, source: "comet.tsv" } });
  // quality control (issue 31): gold-check settings, a qualification item and a hidden check (on
  // segments nobody annotated here, so the exports, which leave gold items out, do not change), an
  // attempt whose answers name their item, MRW and translation by id, a check's answer, an
  // adaptive-redundancy rule, drift settings, a flag naming the items that moved it, a notification
  const [qSeg, cSeg] = await db.segment.findMany({
    where: { projectId: project.id, id: { not: seg.id }, mrws: { some: {} }, translations: { some: {} } },
    orderBy: { externalId: "asc" },
    take: 2,
    include: { mrws: true, translations: true },
  });
  const [qt, qm, ct] = [qSeg.translations[0], qSeg.mrws[0], cSeg.translations[0]];
  await db.goldCheckConfig.create({ data: { projectId: project.id, passMark: 0.75, checkShare: 0.1 } });
  await db.goldItem.createMany({
    data: [
      { projectId: project.id, segmentId: qSeg.id, role: "QUALIFICATION" },
      { projectId: project.id, segmentId: cSeg.id, role: "CHECK" },
    ],
  });
  await db.qualificationAttempt.create({
    data: {
      projectId: project.id,
      annotatorId: ann2.id,
      attempt: 1,
      passed: false,
      passMark: 0.75,
      scores: { EQUIVALENCE: { correct: 0, total: 1, share: 0 } },
      answers: [
        { segmentId: qSeg.id, externalId: qSeg.externalId, field: "EQUIVALENCE", itemKey: `${qt.id}:${qm.id}`, given: "FULL", gold: "PARTIAL", correct: false, rationale: "the image is half kept" },
        { segmentId: qSeg.id, externalId: qSeg.externalId, field: "METAHOPE_ERRORS", itemKey: `${qt.id}:-`, given: [{ start: 0, end: 2, label: "IMP", mrwId: qm.id }], gold: [], correct: false, rationale: null },
      ],
    },
  });
  await db.goldCheckAnswer.createMany({
    data: [
      { projectId: project.id, annotatorId: ann1.id, segmentId: cSeg.id, field: "FLUENCY", itemKey: `${ct.id}:-`, correct: true },
      { projectId: project.id, annotatorId: ann1.id, segmentId: cSeg.id, field: "METAPHORICAL", itemKey: "", correct: false },
    ],
  });
  await db.adaptiveRedundancyRule.create({ data: { projectId: project.id, field: "FLUENCY", k: 2, max: 4, threshold: 1 } });
  await db.driftSetting.create({ data: { projectId: project.id, window: 30, pendingSubmissions: 3, checkedAt: new Date("2026-01-04T00:00:00Z") } });
  await db.driftFlag.create({
    data: { projectId: project.id, field: "FLUENCY", annotator: ann2.email, detail: { value: 0.2, lower: 0.5, upper: 0.9, statistic: "alpha", items: 30, units: 30, moved: [seg.id, qSeg.id] } },
  });
  await db.notification.create({
    data: { projectId: project.id, userId: mgr.id, kind: "drift", title: `Drift: ${ann2.email} on FLUENCY`, body: "below the panel's interval", href: `/projects/${project.slug}/dashboard#drift` },
  });
  return { project, users: { ann1, ann2, adj, mgr } };
}

export async function collect(lines: AsyncIterable<string>): Promise<string> {
  let s = "";
  for await (const l of lines) s += l;
  return s;
}
