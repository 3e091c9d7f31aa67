// Adjudication decisions: the disagreement queue, one item's values side by side, saving a
// decision (optimistic concurrency + History), and the automatic acceptance of unanimous units
// (rows with automatic = true, adjudicatorId = null; undone by deleting only those rows, and a
// manual decision overrides one). Every query is scoped to the authorised project id; a segment,
// translation or MRW of another project is NOT_FOUND. A project that runs its own scheme takes its
// units, checks and decision keys from lib/db/adjudication-scheme.ts; the rest (concurrency,
// History, automatic rows and their undo) is shared.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { getReportData } from "@/lib/db/report-data-cache";
import { checkAdjudicationValue } from "@/lib/db/adjudication-value";
import { AppError } from "@/lib/errors";
import { projectTargetLangs } from "@/lib/projects/target-languages";
import { builtInScope, CATEGORY_PENALTY_FIELDS } from "@/lib/schemes/presets/built-in-value-check";
import type { Prisma } from "@/lib/generated/prisma/client";
import { annotatorBias, type TAnnotatorBias } from "@/lib/reports/annotator-bias";
import { disagreementQueue, findUnits, type TDisagreementUnit } from "@/lib/reports/disagreements";
import type { TSplitName } from "@/lib/reports/report-input";
import { getProjectRuntime } from "@/lib/db/project-schemes";
import { getSchemeAdjudicationQueue, planSchemeDecision, unanimousSchemeDecisions, type TDecisionPlan } from "@/lib/db/adjudication-scheme";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";

export const itemKeyOf = (translationId: string | null | undefined, mrwId: string | null | undefined) => `${translationId ?? "-"}:${mrwId ?? "-"}`;

export interface TQueueRow extends TDisagreementUnit {
  segmentExternalId: string;
  /** the source sentence, so the queue reads as sentences rather than ids */
  segmentText: string;
  mrwToken: string | null;
  values: (TDisagreementUnit["values"][number] & { email: string })[];
}

export interface TQueueOptions {
  split?: TSplitName;
  fields?: string[];
  systems?: string[];
  threshold?: number;
  /** include units already decided or accepted (default: open only) */
  includeResolved?: boolean;
  limit?: number;
  /** rows to pass over before the shown ones (a page of the queue, issue 29 point 5) */
  offset?: number;
  /** only units of sentences whose text or id contains this (case-insensitive) */
  search?: string;
}

/** The project's segments whose text or id contains `search` (case-insensitive); null for no search. */
export async function segmentsMatching(db: Db, projectId: string, search: string | undefined): Promise<ReadonlySet<string> | null> {
  const q = search?.trim();
  if (!q) return null;
  const rows = await db.segment.findMany({ where: { projectId, OR: [{ text: { contains: q, mode: "insensitive" } }, { externalId: { contains: q, mode: "insensitive" } }] }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

export async function getAdjudicationQueue(db: Db, projectId: string, opts: TQueueOptions = {}) {
  const runtime = await getProjectRuntime(db, projectId);
  const matching = await segmentsMatching(db, projectId, opts.search);
  if (runtime.kind === "scheme") return getSchemeAdjudicationQueue(db, projectId, runtime, { ...opts, matching });
  const data = await getReportData(db, projectId, { withTranslationText: false });
  const units = findUnits(data, opts);
  const queue = disagreementQueue(units, { threshold: opts.threshold }).filter((u) => (opts.includeResolved || u.adjudication === "open") && (!matching || matching.has(u.segmentId)));
  const ext = new Map(data.segments.map((s) => [s.id, s.externalId]));
  const tok = new Map(data.mrws.map((m) => [m.id, m.token]));
  const email = new Map(data.annotators.map((a) => [a.id, a.email]));
  const shown = queue.slice(opts.offset ?? 0, (opts.offset ?? 0) + (opts.limit ?? 1000));
  // the report data carries no sentence texts (they are large and reports never need them): read
  // just the shown rows' sentences
  const texts = new Map(
    (await db.segment.findMany({ where: { projectId, id: { in: [...new Set(shown.map((u) => u.segmentId))] } }, select: { id: true, text: true } })).map((s) => [s.id, s.text]),
  );
  const rows: TQueueRow[] = shown.map((u) => ({
    ...u,
    segmentExternalId: ext.get(u.segmentId) ?? u.segmentId,
    segmentText: texts.get(u.segmentId) ?? "",
    mrwToken: u.mrwId ? (tok.get(u.mrwId) ?? null) : null,
    values: u.values.map((v) => ({ ...v, email: email.get(v.annotatorId) ?? v.annotatorId })),
  }));
  const unanimousOpen = units.filter((u) => u.unanimous && u.adjudication === "open").length;
  const automatic = units.filter((u) => u.adjudication === "automatic").length;
  const decided = units.filter((u) => u.adjudication === "decided").length;
  return { rows, total: queue.length, units: units.length, unanimousOpen, automatic, decided };
}

export interface TSaveAdjudicationInput {
  projectId: string;
  adjudicatorId: string;
  segmentId: string;
  translationId?: string | null;
  mrwId?: string | null;
  /** the item text a role-scope field of the project's own scheme is anchored to */
  role?: string | null;
  field: string;
  value: unknown;
  rationale: string;
  /** the version the adjudicator started from; 0 = no decision yet */
  baseVersion: number;
}

/** Resolves the segment/translation/MRW within the project, or NOT_FOUND. */
async function resolveItem(tx: Prisma.TransactionClient, projectId: string, segmentId: string, translationId?: string | null, mrwId?: string | null) {
  const segment = await tx.segment.findFirst({ where: { id: segmentId, projectId }, select: { id: true } });
  if (!segment) throw new AppError("NOT_FOUND", "Segment not found in this project.");
  let translation: { id: string; text: string } | null = null;
  if (translationId) {
    translation = await tx.translation.findFirst({ where: { id: translationId, segmentId }, select: { id: true, text: true } });
    if (!translation) throw new AppError("NOT_FOUND", "Translation not found for this segment.");
  }
  let mrw: { id: string; metaphorical: boolean } | null = null;
  if (mrwId) {
    mrw = await tx.mrw.findFirst({ where: { id: mrwId, segmentId, projectId }, select: { id: true, metaphorical: true } });
    if (!mrw) throw new AppError("NOT_FOUND", "MRW not found for this segment.");
  }
  return { translation, mrw };
}

const snapshot = (a: { value: unknown; rationale: string; automatic: boolean; adjudicatorId: string | null }) => ({
  value: a.value,
  rationale: a.rationale,
  automatic: a.automatic,
  adjudicatorId: a.adjudicatorId,
});

/**
 * Two adjudicators deciding a new item at the same moment both find no row to lock; the unique
 * key (segment, item, field) lets only one insert through. The other gets CONFLICT with the
 * winner's decision, exactly as for a stale version, instead of a database error.
 */
export async function saveAdjudication(db: Db, input: TSaveAdjudicationInput) {
  const runtime = await getProjectRuntime(db, input.projectId);
  // where the decision goes, known once its checks pass (a document value is stored on the first segment)
  const at = { segmentId: input.segmentId, itemKey: itemKeyOf(input.translationId ?? undefined, input.mrwId ?? undefined) };
  try {
    return await saveAdjudicationOnce(db, input, runtime, at);
  } catch (e) {
    if ((e as { code?: string }).code !== "P2002") throw e;
    const existing = await db.adjudication.findUnique({ where: { segmentId_itemKey_field: { segmentId: at.segmentId, itemKey: at.itemKey, field: input.field } } });
    throw new AppError("CONFLICT", "Someone else decided this item at the same moment; review their value before saving yours.", {
      current: existing ? { value: existing.value, rationale: existing.rationale, version: existing.version, automatic: existing.automatic, updatedAt: existing.updatedAt } : null,
    });
  }
}

/** A built-in field's decision: the field registry's scope and value checks. */
async function planBuiltInDecision(tx: Prisma.TransactionClient, input: TSaveAdjudicationInput): Promise<TDecisionPlan> {
  if (input.role) throw new AppError("BAD_REQUEST", `Invalid role: ${input.field} is not anchored to an item text.`, { field: "role" });
  const { translation, mrw } = await resolveItem(tx, input.projectId, input.segmentId, input.translationId, input.mrwId);
  const field = input.field;
  // the item must match the field's scope (the preset's field): per translation, or per translation × MRW
  const presetScope = builtInScope(field);
  const scope = CATEGORY_PENALTY_FIELDS.has(field) ? "translation-or-mrw" : presetScope === "mrw-translation" ? "mrw" : presetScope;
  if ((scope === "translation" || scope === "mrw" || scope === "translation-or-mrw") && !translation) {
    throw new AppError("BAD_REQUEST", `Invalid translationId: ${field} is decided per translation.`, { field: "translationId" });
  }
  if (scope === "translation" && mrw) throw new AppError("BAD_REQUEST", `Invalid mrwId: ${field} is decided per translation, not per MRW.`, { field: "mrwId" });
  if (scope === "mrw" && !mrw) throw new AppError("BAD_REQUEST", `Invalid mrwId: ${field} is decided per MRW of a translation.`, { field: "mrwId" });
  const value = checkAdjudicationValue(field, input.value, { sourceMetaphorical: mrw?.metaphorical, translationText: translation?.text });
  return { segmentId: input.segmentId, translationId: translation?.id ?? null, mrwId: mrw?.id ?? null, itemKey: itemKeyOf(translation?.id, mrw?.id), field, value };
}

async function saveAdjudicationOnce(db: Db, input: TSaveAdjudicationInput, runtime: TSchemeRuntime, at: { segmentId: string; itemKey: string }) {
  return db.$transaction(async (tx) => {
    const plan = runtime.kind === "scheme" ? await planSchemeDecision(tx, runtime, input) : await planBuiltInDecision(tx, input);
    const { itemKey, field, value } = plan;
    at.segmentId = plan.segmentId;
    at.itemKey = itemKey;
    // lock the row (if any) so two adjudicators saving at once cannot both pass the version check
    const current = (
      await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Adjudication" WHERE "segmentId" = ${plan.segmentId} AND "itemKey" = ${itemKey} AND field = ${field} FOR UPDATE`
    )[0];
    const existing = current ? await tx.adjudication.findUniqueOrThrow({ where: { id: current.id } }) : null;
    const currentVersion = existing?.version ?? 0;
    if (currentVersion !== input.baseVersion) {
      throw new AppError("CONFLICT", "Someone else changed this decision; review their value before saving yours.", {
        current: existing ? { value: existing.value, rationale: existing.rationale, version: existing.version, automatic: existing.automatic, updatedAt: existing.updatedAt } : null,
      });
    }
    const data = { value: value as Prisma.InputJsonValue, rationale: input.rationale, adjudicatorId: input.adjudicatorId, automatic: false };
    const saved = existing
      ? await tx.adjudication.update({ where: { id: existing.id }, data: { ...data, version: { increment: 1 } } })
      : await tx.adjudication.create({
          data: { ...data, projectId: input.projectId, segmentId: plan.segmentId, translationId: plan.translationId, mrwId: plan.mrwId, itemKey, field },
        });
    await tx.history.create({
      data: {
        projectId: input.projectId,
        userId: input.adjudicatorId,
        entity: "ADJUDICATION",
        entityId: saved.id,
        version: saved.version,
        oldValue: existing ? (snapshot(existing) as Prisma.InputJsonValue) : undefined,
        newValue: snapshot(saved) as Prisma.InputJsonValue,
      },
    });
    return { id: saved.id, version: saved.version, updatedAt: saved.updatedAt };
  });
}

/** Records every open unanimous unit as accepted automatically. Returns how many were accepted. */
export async function acceptUnanimous(db: Db, opts: { projectId: string; actorId: string; split?: TSplitName; fields?: string[] }) {
  const runtime = await getProjectRuntime(db, opts.projectId);
  const todo =
    runtime.kind === "scheme"
      ? await unanimousSchemeDecisions(db, opts.projectId, runtime, { split: opts.split, fields: opts.fields })
      : findUnits(await getReportData(db, opts.projectId, { withTranslationText: false }), { split: opts.split, fields: opts.fields })
          .filter((u) => u.unanimous && u.adjudication === "open")
          .map((u) => ({ segmentId: u.segmentId, translationId: u.translationId, mrwId: u.mrwId, itemKey: itemKeyOf(u.translationId, u.mrwId), field: u.field, value: u.values[0].value, annotators: u.values.length }));
  if (todo.length === 0) return { accepted: 0 };
  const rows = todo.map((u) => ({
    id: randomUUID(),
    projectId: opts.projectId,
    segmentId: u.segmentId,
    translationId: u.translationId,
    mrwId: u.mrwId,
    itemKey: u.itemKey,
    field: u.field,
    value: u.value as Prisma.InputJsonValue,
    rationale: `Accepted automatically: all ${u.annotators} annotators agree.`,
    automatic: true,
    adjudicatorId: null,
  }));
  await db.$transaction(async (tx) => {
    // skipDuplicates: a decision saved meanwhile wins over the automatic one
    await tx.adjudication.createMany({ data: rows, skipDuplicates: true });
    const stored = await tx.adjudication.findMany({ where: { id: { in: rows.map((r) => r.id) } }, select: { id: true, value: true, rationale: true } });
    await tx.history.createMany({
      data: stored.map((s) => ({
        projectId: opts.projectId,
        userId: opts.actorId,
        entity: "ADJUDICATION" as const,
        entityId: s.id,
        version: 1,
        newValue: { value: s.value, rationale: s.rationale, automatic: true, adjudicatorId: null } as Prisma.InputJsonValue,
      })),
    });
  });
  return { accepted: rows.length };
}

/** Undoes automatic acceptance: deletes the automatic rows only (manual decisions stay), with History. */
export async function undoAutomaticAcceptance(db: Db, opts: { projectId: string; actorId: string; fields?: string[] }) {
  return db.$transaction(async (tx) => {
    // Lock the project's automatic rows first: two undos at once would otherwise both read them and
    // both write version n+1 to History (refused by its unique key). The second waits, then reads
    // the rows as the first left them: gone.
    await tx.$queryRaw`SELECT id FROM "Adjudication" WHERE "projectId" = ${opts.projectId} AND automatic FOR UPDATE`;
    const where = { projectId: opts.projectId, automatic: true, ...(opts.fields?.length ? { field: { in: opts.fields } } : {}) };
    const rows = await tx.adjudication.findMany({ where, select: { id: true, value: true, rationale: true, version: true } });
    if (rows.length === 0) return { undone: 0 };
    await tx.history.createMany({
      data: rows.map((r) => ({
        projectId: opts.projectId,
        userId: opts.actorId,
        entity: "ADJUDICATION" as const,
        entityId: r.id,
        version: r.version + 1,
        oldValue: { value: r.value, rationale: r.rationale, automatic: true, adjudicatorId: null } as Prisma.InputJsonValue,
      })),
    });
    await tx.adjudication.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    return { undone: rows.length };
  });
}

/**
 * Everything the adjudication page shows for one segment: its translations in one target language
 * (`language`, else the project's first that the segment has; a study over several languages is
 * adjudicated one pair at a time), with the values, post-edits and gold references of that language.
 */
export async function getAdjudicationItem(db: Db, projectId: string, segmentId: string, language?: string) {
  const found = await db.segment.findFirst({
    where: { id: segmentId, projectId },
    include: {
      document: { select: { externalId: true, title: true } },
      mrws: { orderBy: [{ start: "asc" }, { id: "asc" }] },
      translations: { include: { system: { select: { name: true } } }, orderBy: [{ system: { name: "asc" } }, { language: "asc" }] },
      project: { select: { targetLang: true, targetLangs: true } },
    },
  });
  if (!found) throw new AppError("NOT_FOUND", "Segment not found in this project.");
  const { project, ...rest } = found;
  const present = new Set(found.translations.map((t) => t.language));
  const languages = projectTargetLangs(project).filter((l) => present.has(l));
  const shown = language && languages.includes(language) ? language : (languages[0] ?? project.targetLang);
  const segment = { ...rest, translations: found.translations.filter((t) => t.language === shown) };
  const inLanguage = new Set(segment.translations.map((t) => t.id));
  const [annotations, errorSpans, postEdits, adjudications, gold, alignments] = await Promise.all([
    db.annotation.findMany({ where: { projectId, segmentId }, select: { annotatorId: true, translationId: true, mrwId: true, field: true, value: true, updatedAt: true } }),
    // drafts (category or severity not chosen yet) are unfinished work, not a judgement to compare
    db.errorSpan
      .findMany({ where: { projectId, translation: { segmentId }, deletedAt: null, category: { not: null }, severity: { not: null } }, select: { id: true, annotatorId: true, translationId: true, mrwId: true, category: true, severity: true, start: true, end: true, comment: true } })
      .then((rows) => rows.flatMap((r) => (r.category && r.severity ? [{ ...r, category: r.category, severity: r.severity }] : []))),
    db.postEdit.findMany({ where: { projectId, segmentId }, select: { id: true, annotatorId: true, kind: true, language: true, text: true, baseTranslationId: true, updatedAt: true } }),
    db.adjudication.findMany({ where: { projectId, segmentId }, include: { adjudicator: { select: { email: true } } } }),
    db.goldReference.findMany({ where: { projectId, segmentId }, include: { approvedBy: { select: { email: true } } } }),
    db.alignment.findMany({ where: { translation: { segmentId }, mrw: { projectId } }, select: { mrwId: true, translationId: true, spans: true, pattern: true } }),
  ]);
  const history = await db.history.findMany({
    where: { projectId, entity: { in: ["ADJUDICATION", "GOLD_REFERENCE"] }, entityId: { in: [...adjudications.map((a) => a.id), ...gold.map((g) => g.id)] } },
    include: { user: { select: { email: true } } },
    orderBy: { createdAt: "desc" },
  });
  const mine = <T extends { translationId: string | null }>(r: T) => r.translationId === null || inLanguage.has(r.translationId);
  return {
    segment,
    language: shown,
    languages,
    annotations: annotations.filter(mine),
    errorSpans: errorSpans.filter(mine),
    postEdits: postEdits.filter((p) => p.language === shown),
    adjudications: adjudications.filter(mine),
    gold: gold.filter((g) => g.language === shown),
    alignments: alignments.filter(mine),
    history,
  };
}

/** Each annotator's severity bias over the whole project (see lib/reports/annotator-bias.ts). */
export async function getAnnotatorBias(db: Db, projectId: string): Promise<(TAnnotatorBias & { email: string })[]> {
  const data = await getReportData(db, projectId, { withTranslationText: false });
  const units = findUnits(data);
  return annotatorBias(units, data.annotators.map((a) => a.id)).map((b) => ({ ...b, email: data.annotators.find((a) => a.id === b.annotatorId)?.email ?? b.annotatorId }));
}

/** The adjudication page of one segment: its data, its units (disagreeing or not) and the annotators' bias. */
export async function getAdjudicationPageData(db: Db, projectId: string, segmentId: string, language?: string) {
  const item = await getAdjudicationItem(db, projectId, segmentId, language);
  const data = await getReportData(db, projectId, { withTranslationText: false });
  const all = findUnits(data);
  const shownTranslations = new Set(item.segment.translations.map((t) => t.id));
  const units = all.filter((u) => u.segmentId === segmentId && (u.translationId === null || shownTranslations.has(u.translationId)));
  const bias = annotatorBias(all, data.annotators.map((a) => a.id));
  const adjByKey = new Map(item.adjudications.map((a) => [`${a.translationId ?? "-"}|${a.mrwId ?? "-"}|${a.field}`, a]));
  const involved = new Set<string>([...item.annotations.map((a) => a.annotatorId), ...item.errorSpans.map((e) => e.annotatorId), ...item.postEdits.map((p) => p.annotatorId), ...units.flatMap((u) => u.values.map((v) => v.annotatorId))]);
  // numbering follows the project-wide order, so "Annotator 2" is the same person on every item
  const annotators = data.annotators.map((a, i) => ({ ...a, number: i + 1 })).filter((a) => involved.has(a.id));
  return {
    item,
    units: units.map((u) => {
      const a = adjByKey.get(`${u.translationId ?? "-"}|${u.mrwId ?? "-"}|${u.field}`);
      return { ...u, decision: a ? { id: a.id, value: a.value, rationale: a.rationale, automatic: a.automatic, version: a.version, by: a.adjudicator?.email ?? null, updatedAt: a.updatedAt.toISOString() } : null };
    }),
    annotators,
    bias: bias.filter((b) => involved.has(b.annotatorId)),
  };
}
export type TAdjudicationPageData = Awaited<ReturnType<typeof getAdjudicationPageData>>;
