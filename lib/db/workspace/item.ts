// Loads one item of a project that runs its own scheme, for one annotator: the scheme version in
// force, the segment with its document context (bounded: CONTEXT_WHOLE_DOCUMENT), its versions
// in other languages (lib/db/workspace/parallel-versions.ts), texts by role, lists (without any field's item
// gold), active MRWs (none, and no metaphorical flag, where the scheme's item gold may have made
// them: lib/workspace/withheld-gold.ts), translations in the annotator's order (blind labels as the built-in runtime
// gives them, lib/workspace/annotator-translations.ts) and ONLY the caller's own values, the
// document-scope ones included (stored on the document's first segment, item key "document").
// Every query is bounded by the authorised project and the caller's assignment of the item; an item
// without one is "not found". Model suggestions (lib/db/models/suggestion-decisions.ts) come along only
// when the project shows them to annotators; otherwise the payload has none.
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { TSpan } from "@/lib/schemes/span";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { optionsInAnnotatorOrder } from "@/lib/workspace/options-in-annotator-order";
import { DOCUMENT_ITEM_KEY } from "@/lib/schemes/language/value-anchor";
import type { TProjectSettings } from "@/lib/schemes/scheme-config";
import { itemSuggestions } from "@/lib/db/models/suggestion-decisions";
import { itemArrayLists } from "@/lib/workspace/scheme-item-values";
import { annotatorTranslations } from "@/lib/workspace/annotator-translations";
import { queueNav } from "@/lib/workspace/queue-nav";
import { withheldGold } from "@/lib/workspace/withheld-gold";
import { getParallelVersions } from "@/lib/db/workspace/parallel-versions";
import { parallelKeyOf } from "@/lib/import/parallel-pairs";

/** A document of at most this many sentences is sent whole as the item's context. */
export const CONTEXT_WHOLE_DOCUMENT = 40;
/** Else this many sentences before and after the item. */
export const CONTEXT_WINDOW = 5;
import type { TSchemeWorkspaceItem } from "@/lib/workspace/scheme-item-types";
import type { TImportedAlignment } from "@/lib/workspace/alignment-prefill";
import { getAnnotatorLanguage } from "@/lib/db/workspace/annotator-language";
import { qualificationGate } from "@/lib/db/gold-checks/qualification";

export interface TGetSchemeItemOptions {
  project: { id: string; slug: string; sourceLang: string; targetLang: string };
  /** blind system names and translation shuffling, as the project is configured */
  config: Pick<TProjectSettings, "blindSystemNames" | "shuffleItems"> & Partial<Pick<TProjectSettings, "showSuggestions">>;
  annotatorId: string;
  /** Segment id, or its external id (stable across databases, used in links and tests). */
  segmentKey: string;
  runtime: Extract<TSchemeRuntime, { kind: "scheme" }>;
}

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export async function getSchemeWorkspaceItem(db: Db, opts: TGetSchemeItemOptions): Promise<TSchemeWorkspaceItem> {
  const projectId = opts.project.id;
  const assignment = await db.assignment.findFirst({
    where: { projectId, annotatorId: opts.annotatorId, segment: { OR: [{ id: opts.segmentKey }, { externalId: opts.segmentKey }] } },
    select: {
      status: true,
      timeSpentMs: true,
      segment: {
        select: { id: true, externalId: true, text: true, language: true, metaphorical: true, split: true, index: true, texts: true, lists: true, document: { select: { id: true, title: true } } },
      },
    },
  });
  if (!assignment) throw new AppError("NOT_FOUND", "This item is not in your queue.");
  const seg = assignment.segment;
  // before the qualification is passed, only its items open, and the navigation stays among them
  const gate = await qualificationGate(db, projectId, opts.annotatorId);
  if (gate && !gate.has(seg.id)) throw new AppError("QUALIFICATION_REQUIRED", "Pass the qualification items of this project first: the main queue opens after them.");
  // bounded context: a whole document up to CONTEXT_WHOLE_DOCUMENT sentences, else a window
  const docWhere = { projectId, documentId: seg.document.id, language: seg.language };
  // language: the caller's target language (their group's); another group's never reaches them
  const [total, first, language] = await Promise.all([
    db.segment.count({ where: docWhere }),
    db.segment.findFirst({ where: { projectId, documentId: seg.document.id }, orderBy: [{ index: "asc" }, { id: "asc" }], select: { id: true } }),
    getAnnotatorLanguage(db, { projectId, userId: opts.annotatorId }),
  ]);
  const windowed = total > CONTEXT_WHOLE_DOCUMENT;
  const docSegments = await db.segment.findMany({
    where: windowed ? { ...docWhere, index: { gte: seg.index - CONTEXT_WINDOW, lte: seg.index + CONTEXT_WINDOW } } : docWhere,
    orderBy: { index: "asc" },
    select: { id: true, index: true, text: true },
  });
  const documentFirst = first?.id ?? seg.id;
  const withheld = withheldGold(opts.runtime.definition);
  const [mrws, translations, annotations, queue, parallel] = await Promise.all([
    withheld.mrws ? [] : db.mrw.findMany({
      where: { projectId, segmentId: seg.id, active: true },
      orderBy: [{ start: "asc" }, { externalId: "asc" }],
      select: { id: true, token: true, spans: true, start: true, end: true, metaphorical: true, active: true, pos: true, gloss: true },
    }),
    db.translation.findMany({
      where: { segmentId: seg.id, language },
      orderBy: { system: { name: "asc" } },
      // the project's imported alignments: the alignment fields' pre-fill (lib/workspace/alignment-prefill.ts)
      select: { id: true, text: true, language: true, system: { select: { name: true } }, alignments: { select: { mrwId: true, pattern: true, spans: true } } },
    }),
    db.annotation.findMany({
      where: {
        projectId,
        annotatorId: opts.annotatorId,
        OR: [{ segmentId: seg.id, NOT: { itemKey: DOCUMENT_ITEM_KEY } }, { segmentId: documentFirst, itemKey: DOCUMENT_ITEM_KEY }],
      },
      orderBy: [{ field: "asc" }, { itemKey: "asc" }],
      select: { field: true, itemKey: true, translationId: true, mrwId: true, value: true, version: true, updatedAt: true },
    }),
    db.assignment.findMany({
      where: { projectId, annotatorId: opts.annotatorId, ...(gate ? { segmentId: { in: [...gate] } } : {}) },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { segmentId: true, status: true },
    }),
    getParallelVersions(db, { projectId, annotatorId: opts.annotatorId, segmentId: seg.id, key: parallelKeyOf(seg.lists) }),
  ]);

  const { version } = opts.runtime;
  // fields that shuffle their options show them in this annotator's own order (keys follow it)
  const ordered = optionsInAnnotatorOrder(
    opts.runtime.definition,
    Object.fromEntries(Object.entries(asObject(seg.lists)).filter(([k]) => !withheld.listKeys.has(k))),
    { annotatorId: opts.annotatorId, segmentId: seg.id },
  );
  const { definition, lists } = ordered;
  const texts = Object.fromEntries(Object.entries(asObject(seg.texts)).filter((e): e is [string, string] => typeof e[1] === "string"));
  const blind = opts.config.blindSystemNames;
  const { shown } = annotatorTranslations(translations, { blind, shuffle: opts.config.shuffleItems, annotatorId: opts.annotatorId, segmentId: seg.id });
  // by item key "<translation>:<mrw>", for the MRWs shown (none where they are withheld as gold)
  const shownMrws = new Set(mrws.map((m) => m.id));
  const prefill: Record<string, TImportedAlignment> = {};
  for (const t of translations) {
    for (const a of t.alignments) if (shownMrws.has(a.mrwId)) prefill[`${t.id}:${a.mrwId}`] = { pattern: a.pattern, spans: a.spans as unknown as TImportedAlignment["spans"] };
  }
  const suggestions = opts.config.showSuggestions
    ? await itemSuggestions(db, { projectId, annotatorId: opts.annotatorId, segmentId: seg.id, documentFirstId: documentFirst, definition, lists: itemArrayLists(lists), mrws })
    : undefined;

  return {
    runtime: "scheme",
    project: { slug: opts.project.slug, sourceLang: opts.project.sourceLang, targetLang: language },
    scheme: { definition, version },
    blind,
    segment: { id: seg.id, externalId: seg.externalId, text: seg.text, language: seg.language, metaphorical: withheld.metaphorical ? null : seg.metaphorical, split: seg.split, index: seg.index },
    document: { id: seg.document.id, title: seg.document.title, segments: docSegments, total },
    parallel,
    texts,
    lists,
    mrws: mrws.map((m) => ({ ...m, spans: m.spans as unknown as TSpan[] })),
    translations: shown,
    prefill,
    annotations: annotations.map((a) => ({ ...a, updatedAt: a.updatedAt.toISOString() })),
    ...(suggestions ? { suggestions } : {}),
    assignment: { status: assignment.status, timeSpentMs: assignment.timeSpentMs },
    nav: queueNav(queue, seg.id),
  };
}
