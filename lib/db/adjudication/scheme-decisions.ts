// Adjudication of a project that runs its own scheme (lib/schemes/scheme-runtime.ts): the
// disagreement queue over every field of the stored definition, one item's values per field and
// unit side by side, the check of a decision (field, anchor, value with the item's lists, as a
// save is checked) and the unanimous units automatic acceptance takes. Decisions are Adjudication
// rows keyed like the annotations (storage segment, item key, field), so the write guard
// (lib/db/workspace/item-write-guard.ts, the save statement) refuses an annotator's save of a decided value.
// lib/db/adjudication/adjudication.ts picks these functions for such a project; the built-in ones are unchanged.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { schemeDisagreementQueue, schemeUnits, unitKey, type TSchemeUnit, type TSchemeValueRow } from "@/lib/adjudication/scheme-units";
import { optionLists, schemeFieldIds } from "@/lib/import/scheme-line-check";
import { anchorItemKey } from "@/lib/schemes/language/value-anchor";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { alternativesForMrw, spanPastTranslation } from "@/lib/schemes/language/item-value-checks";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { goldEditFields } from "@/lib/adjudication/gold-fields";
import { projectTargetLangs } from "@/lib/projects/target-languages";

type TSchemeRuntimeOwn = Extract<TSchemeRuntime, { kind: "scheme" }>;

export interface TSchemeQueueOptions {
  split?: "PILOT" | "TEST";
  fields?: string[];
  systems?: string[];
  threshold?: number;
  includeResolved?: boolean;
  limit?: number;
  offset?: number;
  /** only units of these segments (a search, lib/db/adjudication/adjudication.ts segmentsMatching); null: all */
  matching?: ReadonlySet<string> | null;
}

export type TSchemeQueueRow = Omit<TSchemeUnit, "values"> & {
  segmentExternalId: string;
  segmentText: string;
  mrwToken: string | null;
  values: (TSchemeUnit["values"][number] & { email: string })[];
};

/** The definition's fields a filter names (all of them without a filter; unknown names match nothing). */
function wantedFields(runtime: TSchemeRuntimeOwn, fields?: string[]): string[] {
  const ids = schemeFieldIds(runtime.definition);
  return fields?.length ? ids.filter((id) => fields.includes(id)) : ids;
}

/** Every unit of the project with at least `minValues` values, in corpus order. */
async function projectUnits(db: Db, projectId: string, runtime: TSchemeRuntimeOwn, opts: TSchemeQueueOptions & { minValues?: number }): Promise<TSchemeUnit[]> {
  const fields = wantedFields(runtime, opts.fields);
  if (!fields.length) return [];
  const [rows, decisions, order] = await Promise.all([
    db.$queryRawUnsafe<TSchemeValueRow[]>(
      `SELECT a."segmentId", a."translationId", a."mrwId", a."itemKey", a.field, a."annotatorId", a.value, sys.name AS system, t.language AS language
       FROM "Annotation" a JOIN "Segment" s ON s.id = a."segmentId"
       LEFT JOIN "Translation" t ON t.id = a."translationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
       WHERE a."projectId" = $1 AND a.field = ANY($2::text[])
         AND ($3::text IS NULL OR s.split::text = $3::text)
         AND ($4::text[] IS NULL OR sys.name = ANY($4::text[]))`,
      projectId,
      fields,
      opts.split ?? null,
      opts.systems?.length ? opts.systems : null,
    ),
    db.adjudication.findMany({ where: { projectId, field: { in: fields } }, select: { segmentId: true, itemKey: true, field: true, automatic: true } }),
    segmentOrder(db, projectId),
  ]);
  return schemeUnits(runtime.definition, rows, decisions, order, { minValues: opts.minValues });
}

async function segmentOrder(db: Db, projectId: string): Promise<Map<string, number>> {
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT s.id FROM "Segment" s JOIN "Document" d ON d.id = s."documentId" WHERE s."projectId" = $1 ORDER BY d."position", d."externalId", s."index"`,
    projectId,
  );
  return new Map(rows.map((r, i) => [r.id, i]));
}

export async function getSchemeAdjudicationQueue(db: Db, projectId: string, runtime: TSchemeRuntimeOwn, opts: TSchemeQueueOptions = {}) {
  const units = await projectUnits(db, projectId, runtime, opts);
  const queue = schemeDisagreementQueue(runtime.definition, units, { threshold: opts.threshold }).filter((u) => (opts.includeResolved || u.adjudication === "open") && (!opts.matching || opts.matching.has(u.segmentId)));
  const shown = queue.slice(opts.offset ?? 0, (opts.offset ?? 0) + (opts.limit ?? 1000));
  const [segments, mrws, users] = await Promise.all([
    db.segment.findMany({ where: { projectId, id: { in: [...new Set(shown.map((u) => u.segmentId))] } }, select: { id: true, externalId: true, text: true } }),
    db.mrw.findMany({ where: { projectId, id: { in: [...new Set(shown.flatMap((u) => (u.mrwId ? [u.mrwId] : [])))] } }, select: { id: true, token: true } }),
    db.user.findMany({ where: { id: { in: [...new Set(shown.flatMap((u) => u.values.map((v) => v.annotatorId)))] } }, select: { id: true, email: true } }),
  ]);
  const seg = new Map(segments.map((s) => [s.id, s]));
  const tok = new Map(mrws.map((m) => [m.id, m.token]));
  const email = new Map(users.map((u) => [u.id, u.email]));
  const rows: TSchemeQueueRow[] = shown.map((u) => ({
    ...u,
    segmentExternalId: seg.get(u.segmentId)?.externalId ?? u.segmentId,
    segmentText: seg.get(u.segmentId)?.text ?? "",
    mrwToken: u.mrwId ? (tok.get(u.mrwId) ?? null) : null,
    values: u.values.map((v) => ({ ...v, email: email.get(v.annotatorId) ?? v.annotatorId })),
  }));
  return {
    rows,
    total: queue.length,
    units: units.length,
    unanimousOpen: units.filter((u) => u.unanimous && u.adjudication === "open").length,
    automatic: units.filter((u) => u.adjudication === "automatic").length,
    decided: units.filter((u) => u.adjudication === "decided").length,
  };
}

/** The rows automatic acceptance stores: every open unanimous unit (of the fields and split asked for). */
export async function unanimousSchemeDecisions(db: Db, projectId: string, runtime: TSchemeRuntimeOwn, opts: { split?: "PILOT" | "TEST"; fields?: string[] }) {
  const units = await projectUnits(db, projectId, runtime, opts);
  return units
    .filter((u) => u.unanimous && u.adjudication === "open")
    .map((u) => ({ segmentId: u.segmentId, translationId: u.translationId, mrwId: u.mrwId, itemKey: u.itemKey, field: u.field, value: u.values[0].value, annotators: u.values.length }));
}

export interface TSchemeDecisionInput {
  projectId: string;
  segmentId: string;
  translationId?: string | null;
  mrwId?: string | null;
  role?: string | null;
  field: string;
  value: unknown;
}

export interface TDecisionPlan {
  /** where the decision is stored (a document value: the document's first segment) */
  segmentId: string;
  translationId: string | null;
  mrwId: string | null;
  itemKey: string;
  field: string;
  value: unknown;
}

/** A decision checked against the stored definition: the field, its anchor, the value with the item's lists (400 naming the field). */
export async function planSchemeDecision(tx: Prisma.TransactionClient, runtime: TSchemeRuntimeOwn, input: TSchemeDecisionInput): Promise<TDecisionPlan> {
  const alternatives = runtime.definition.fields.filter((f) => f.id === input.field);
  if (!alternatives.length) {
    throw new AppError("BAD_REQUEST", `Unknown field "${input.field}": the scheme "${runtime.definition.id}" (version ${runtime.version}) has ${schemeFieldIds(runtime.definition).join(", ")}.`, { field: "field" });
  }
  const segment = await tx.segment.findFirst({ where: { id: input.segmentId, projectId: input.projectId }, select: { id: true, documentId: true, text: true, texts: true, lists: true } });
  if (!segment) throw new AppError("NOT_FOUND", "Segment not found in this project.");
  const translation = input.translationId ? await tx.translation.findFirst({ where: { id: input.translationId, segmentId: segment.id }, select: { text: true } }) : null;
  if (input.translationId && !translation) throw new AppError("NOT_FOUND", "Translation not found for this segment.");
  const mrw = input.mrwId ? await tx.mrw.findFirst({ where: { id: input.mrwId, segmentId: segment.id, projectId: input.projectId }, select: { metaphorical: true } }) : null;
  if (input.mrwId && !mrw) throw new AppError("NOT_FOUND", "MRW not found for this segment.");
  const anchor = anchorItemKey(input.field, alternatives[0].scope, input);
  if (!anchor.ok) throw new AppError("BAD_REQUEST", anchor.message.replace("the save needs", "the decision needs"), { field: anchor.field });
  const texts = (segment.texts ?? {}) as Record<string, unknown>;
  if (input.role && !(input.role in texts)) throw new AppError("NOT_FOUND", `This item has no ${input.role} text.`, { field: "role" });
  const item = { lists: optionLists(segment.lists as Record<string, unknown> | null) };
  // checked as a save is (lib/db/workspace/save-value.ts): the alternatives that apply to the MRW, spans within the translation
  const results = alternativesForMrw(alternatives, mrw?.metaphorical).map((f) => validateSchemeValue(f, input.value, item));
  if (!results.some((r) => r.ok)) throw new AppError("BAD_REQUEST", results.map((r) => (r.ok ? "" : r.message)).join("; "), { field: "value" });
  const past = translation ? spanPastTranslation(alternatives[0].kind, input.value, translation.text.length) : null;
  if (past) throw new AppError("BAD_REQUEST", `${alternatives[0].label}: ${past}`, { field: "value" });
  // a tags field over whitespace tokens: one tag per token of the source or role text (the value
  // check cannot count them without the text)
  const tags = alternatives.find((f) => f.kind === "tags");
  if (tags?.kind === "tags" && tags.tokens === "whitespace" && Array.isArray(input.value) && !input.translationId) {
    const text = input.role ? texts[input.role] : segment.text;
    const n = typeof text === "string" ? (text.match(/\S+/g) ?? []).length : null;
    if (n !== null && n !== input.value.length) throw new AppError("BAD_REQUEST", `${input.field}: ${input.value.length} tags for ${n} tokens`, { field: "value" });
  }
  let segmentId = segment.id;
  if (anchor.onDocument) {
    const first = await tx.segment.findFirst({ where: { documentId: segment.documentId }, orderBy: [{ index: "asc" }, { id: "asc" }], select: { id: true } });
    segmentId = first?.id ?? segment.id;
  }
  return { segmentId, translationId: input.translationId ?? null, mrwId: input.mrwId ?? null, itemKey: anchor.itemKey, field: input.field, value: input.value };
}

/**
 * Everything the adjudication page of a project with its own scheme shows for one segment: its
 * translations in one target language (`language`, else the project's first that the segment has;
 * a study over several languages is adjudicated one pair at a time, as the built-in page was) with
 * their units, and the units not about a translation (the source, its MRWs, role texts, the document).
 */
export async function getSchemeAdjudicationPageData(db: Db, projectId: string, segmentId: string, runtime: TSchemeRuntimeOwn, language?: string) {
  const segment = await db.segment.findFirst({
    where: { id: segmentId, projectId },
    select: {
      id: true, externalId: true, text: true, language: true, texts: true, lists: true, documentId: true,
      document: { select: { externalId: true, title: true } },
      mrws: { orderBy: [{ start: "asc" }, { id: "asc" }], select: { id: true, token: true, start: true, end: true } },
      translations: { orderBy: { system: { name: "asc" } }, select: { id: true, text: true, language: true, system: { select: { name: true } } } },
    },
  });
  if (!segment) throw new AppError("NOT_FOUND", "Segment not found in this project.");
  const first = await db.segment.findFirst({ where: { documentId: segment.documentId }, orderBy: [{ index: "asc" }, { id: "asc" }], select: { id: true } });
  const fields = schemeFieldIds(runtime.definition);
  // the segment's own values, and the document's (stored on its first segment)
  const where = { projectId, field: { in: fields }, OR: [{ segmentId }, { segmentId: first?.id ?? segmentId, itemKey: "document" }] };
  const [annotations, adjudications, annotatorRows] = await Promise.all([
    db.annotation.findMany({ where, select: { segmentId: true, translationId: true, mrwId: true, itemKey: true, field: true, annotatorId: true, value: true } }),
    db.adjudication.findMany({ where, include: { adjudicator: { select: { email: true } } } }),
    // numbering follows the project-wide order, so "Annotator 2" is the same person on every item
    db.$queryRawUnsafe<{ id: string; email: string }[]>(
      `SELECT DISTINCT u.id, u.email FROM "Annotation" a JOIN "User" u ON u.id = a."annotatorId" WHERE a."projectId" = $1 ORDER BY u.email`,
      projectId,
    ),
  ]);
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { targetLang: true, targetLangs: true } });
  const present = new Set(segment.translations.map((t) => t.language));
  const languages = projectTargetLangs(project).filter((l) => present.has(l));
  for (const l of [...present].sort()) if (!languages.includes(l)) languages.push(l);
  const shown = language && languages.includes(language) ? language : (languages[0] ?? project.targetLang);
  // the other languages' translations and their values are not on this page (a link switches to them)
  const elsewhere = new Set(segment.translations.filter((t) => t.language !== shown).map((t) => t.id));
  const system = new Map(segment.translations.map((t) => [t.id, t.system.name]));
  const rows: TSchemeValueRow[] = annotations
    .filter((a) => !a.translationId || !elsewhere.has(a.translationId))
    .map((a) => ({ ...a, system: a.translationId ? (system.get(a.translationId) ?? null) : null, language: a.translationId ? shown : null }));
  const order = new Map([[first?.id ?? segmentId, 0], [segmentId, 1]]);
  const units = schemeUnits(runtime.definition, rows, adjudications, order, { minValues: 1 });
  // gold edit fields (lib/adjudication/gold-fields.ts): their decision is the segment's gold
  // reference, so a segment nobody post-edited still gets one to write (from a system output or
  // from scratch), as the built-in view's gold editor offers
  const gold = goldEditFields(runtime.definition);
  for (const g of gold) {
    const f = runtime.definition.fields.find((x) => x.id === g.field);
    if (f?.scope !== "segment" || units.some((u) => u.field === g.field)) continue;
    const itemKey = "-:-";
    const decided = adjudications.find((a) => a.segmentId === segmentId && a.itemKey === itemKey && a.field === g.field);
    units.push({ segmentId, translationId: null, mrwId: null, itemKey, role: null, field: g.field, system: null, language: null, values: [], unanimous: false, spread: 0, strength: 0, adjudication: decided ? (decided.automatic ? "automatic" : "decided") : "open" });
  }
  // a stored GoldReference of a kind comes first in the gold export and the paper tables
  // (lib/reports/analyses/paper/paper-data.ts): shown beside the field, so the adjudicator knows
  const storedGold = gold.length
    ? await db.goldReference.findMany({ where: { projectId, segmentId, kind: { in: gold.map((g) => g.kind) }, ...(languages.length > 1 ? { language: shown } : {}) }, orderBy: [{ language: "asc" }, { kind: "asc" }], select: { kind: true, language: true, text: true, version: true } })
    : [];
  // decisions of the units shown (another language's are on its own page)
  const decided = adjudications.filter((a) => !a.translationId || !elsewhere.has(a.translationId));
  const decisionByKey = new Map(decided.map((a) => [unitKey(a), a]));
  const history = await db.history.findMany({
    where: { projectId, entity: "ADJUDICATION", entityId: { in: decided.map((a) => a.id) } },
    include: { user: { select: { email: true } } },
    orderBy: { createdAt: "desc" },
  });
  const involved = new Set(rows.map((a) => a.annotatorId));
  return {
    scheme: { name: runtime.definition.name, version: runtime.version, fields: runtime.definition.fields.filter((f, i, all) => all.findIndex((x) => x.id === f.id) === i) },
    /** the target language shown, and every one the segment has translations in (a link each) */
    language: shown,
    languages,
    segment: { ...segment, translations: segment.translations.filter((t) => t.language === shown), texts: (segment.texts ?? {}) as Record<string, string>, lists: (segment.lists ?? {}) as Record<string, unknown> },
    units: units.map((u) => {
      const d = decisionByKey.get(unitKey(u));
      return { ...u, decision: d ? { id: d.id, value: d.value as unknown, rationale: d.rationale, automatic: d.automatic, version: d.version, by: d.adjudicator?.email ?? null, updatedAt: d.updatedAt.toISOString() } : null };
    }),
    annotators: annotatorRows.map((a, i) => ({ ...a, number: i + 1 })).filter((a) => involved.has(a.id)),
    gold: { fields: gold, stored: storedGold, languages: projectTargetLangs(project) },
    history: history.map((h) => ({ id: h.id, entityId: h.entityId, version: h.version, newValue: h.newValue as unknown, by: h.user?.email ?? null, at: h.createdAt.toISOString() })),
  };
}
export type TSchemeAdjudicationPageData = Awaited<ReturnType<typeof getSchemeAdjudicationPageData>>;
