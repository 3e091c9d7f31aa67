// Loads one item for one annotator: the segment with its whole document (MetaHOPE asks annotators
// to read it), MRWs, translations in the annotator's order, the project's imported alignments as
// a starting point, and ONLY the caller's own annotations, error spans and post-edits. Every
// query is bounded by the authorised project and the caller's assignment; an item that is not
// assigned to the caller is "not found". In blind mode system names are dropped here, on the
// server, so they never reach the browser. Model suggestions (lib/db/suggestion-decisions.ts) come
// along only when the project shows them to annotators, for the slots of the caller's view;
// otherwise the payload has none. Translations are those of the caller's target language
// (lib/db/annotator-language.ts), which the item's `project.targetLang` names.
import type { Db } from "@/lib/db/client";
import type { TWorkspaceScheme } from "@/lib/workspace/scheme-view";
import { AppError } from "@/lib/errors";
import type { TSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TSpan } from "@/lib/schemes/fields";
import { annotatorTranslations } from "@/lib/workspace/annotator-translations";
import { queueNav } from "@/lib/workspace/queue-nav";
import { schemeView } from "@/lib/workspace/scheme-view";
import type { TWorkspaceItem } from "@/lib/workspace/item-types";
import { toItemErrorSpan } from "@/lib/db/workspace-error-spans";
import { storedEditKind, storedPattern } from "@/lib/schemes/presets/built-in-codes";
import { getSchemeInForce } from "@/lib/db/project-schemes";
import { viewDefinition } from "@/lib/workspace/view-definition";
import { builtInItemSuggestions } from "@/lib/db/suggestion-decisions";
import { fieldSlots } from "@/lib/workspace/workspace-model";
import { getAnnotatorLanguage } from "@/lib/db/annotator-language";

export interface TGetItemOptions {
  project: { id: string; slug: string; sourceLang: string; targetLang: string };
  config: TSchemeConfig;
  annotatorId: string;
  /** Segment id, or its external id (stable across databases, used in links and tests). */
  segmentKey: string;
  scheme: TWorkspaceScheme;
}

export async function getWorkspaceItem(db: Db, opts: TGetItemOptions): Promise<TWorkspaceItem> {
  const projectId = opts.project.id;
  const [assignment, language] = await Promise.all([db.assignment.findFirst({
    where: { projectId, annotatorId: opts.annotatorId, scheme: opts.scheme, segment: { OR: [{ id: opts.segmentKey }, { externalId: opts.segmentKey }] } },
    select: {
      status: true,
      timeSpentMs: true,
      position: true,
      segment: {
        select: { id: true, externalId: true, text: true, metaphorical: true, split: true, index: true, document: { select: { id: true, title: true } } },
      },
    },
  }), getAnnotatorLanguage(db, { projectId, userId: opts.annotatorId })]);
  if (!assignment) throw new AppError("NOT_FOUND", "This item is not in your queue for this scheme.");
  const seg = assignment.segment;
  const [docSegments, mrws, translations, annotations, errorSpans, postEdits, queue, inForce] = await Promise.all([
    db.segment.findMany({ where: { projectId, documentId: seg.document.id }, orderBy: { index: "asc" }, select: { id: true, index: true, text: true } }),
    db.mrw.findMany({
      where: { projectId, segmentId: seg.id },
      orderBy: [{ start: "asc" }, { externalId: "asc" }],
      select: { id: true, token: true, spans: true, start: true, end: true, metaphorical: true, active: true, pos: true, gloss: true },
    }),
    db.translation.findMany({
      // only the caller's target language (their group's): another group's language never reaches them
      where: { segmentId: seg.id, language },
      orderBy: { system: { name: "asc" } },
      select: { id: true, text: true, language: true, system: { select: { name: true } }, alignments: { select: { mrwId: true, pattern: true, spans: true } } },
    }),
    db.annotation.findMany({
      where: { projectId, annotatorId: opts.annotatorId, segmentId: seg.id },
      select: { translationId: true, mrwId: true, field: true, value: true, version: true, updatedAt: true },
    }),
    db.errorSpan.findMany({ where: { projectId, annotatorId: opts.annotatorId, deletedAt: null, translation: { segmentId: seg.id } } }),
    db.postEdit.findMany({
      where: { projectId, annotatorId: opts.annotatorId, segmentId: seg.id },
      select: { kind: true, text: true, baseTranslationId: true, version: true },
    }),
    db.assignment.findMany({
      where: { projectId, annotatorId: opts.annotatorId, scheme: opts.scheme },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { segmentId: true, status: true },
    }),
    getSchemeInForce(db, projectId),
  ]);
  const view = schemeView(opts.config, opts.scheme);

  const blind = opts.config.blindSystemNames;
  const { ordered, shown } = annotatorTranslations(translations, { blind, shuffle: opts.config.shuffleItems, annotatorId: opts.annotatorId, segmentId: seg.id });
  const prefill: TWorkspaceItem["prefill"] = {};
  for (const t of ordered) for (const a of t.alignments) prefill[`${t.id}:${a.mrwId}`] = { pattern: storedPattern(a.pattern), spans: a.spans as unknown as TSpan[] };

  const item: TWorkspaceItem = {
    project: { slug: opts.project.slug, sourceLang: opts.project.sourceLang, targetLang: language },
    scheme: opts.scheme,
    view,
    definition: viewDefinition(inForce, view),
    blind,
    segment: { id: seg.id, externalId: seg.externalId, text: seg.text, metaphorical: seg.metaphorical, split: seg.split, index: seg.index },
    document: { id: seg.document.id, title: seg.document.title, segments: docSegments },
    mrws: mrws.map((m) => ({ ...m, spans: m.spans as unknown as TSpan[] })),
    translations: shown,
    prefill,
    annotations: annotations.map((a) => ({ ...a, updatedAt: a.updatedAt.toISOString() })),
    errorSpans: errorSpans.map(toItemErrorSpan),
    postEdits: postEdits.map((p) => ({ ...p, kind: storedEditKind(p.kind) })),
    assignment: { status: assignment.status, timeSpentMs: assignment.timeSpentMs },
    nav: queueNav(queue, seg.id),
  };
  if (!opts.config.showSuggestions) return item;
  // the units and fields the caller's workspace walks, EQUIVALENCE's label set by each MRW's flag
  const slots = fieldSlots(item).flatMap((slot) =>
    slot.translationId === null ? [] : [{ field: slot.field, translationId: slot.translationId, mrwId: slot.mrwId, metaphorical: item.mrws.find((m) => m.id === slot.mrwId)?.metaphorical }],
  );
  const suggestions = await builtInItemSuggestions(db, { projectId, annotatorId: opts.annotatorId, segmentId: seg.id, definition: item.definition, slots });
  return { ...item, suggestions };
}
