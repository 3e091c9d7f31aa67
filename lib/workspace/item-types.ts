/**
 * The item payload the server gives the workspace: one segment with its
 * document context, MRWs and translations, and ONLY the caller's own values.
 * Plain JSON (it crosses the server→client boundary as props and as the GET
 * item API response). In blind mode `systemName` is null: the name never
 * reaches the browser.
 */
import type { TSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TSpan } from "@/lib/schemes/span";
import type { TMetahopeCategory, TMetahopeSeverity, TRealisationPattern } from "@/lib/schemes/metahope";
import type { TWorkspaceScheme } from "./scheme-view";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TEditKind } from "@/lib/schemes/edit-kinds";

export interface TItemMrw {
  id: string;
  token: string;
  spans: TSpan[];
  start: number;
  end: number;
  metaphorical: boolean;
  active: boolean;
  pos: string;
  gloss: string | null;
}

export interface TItemTranslation {
  id: string;
  /** "Translation A" in blind mode, else the system name. */
  label: string;
  systemName: string | null;
  text: string;
  language: string;
}

export interface TItemAnnotation {
  translationId: string | null;
  mrwId: string | null;
  field: string;
  value: unknown;
  version: number;
  updatedAt: string;
}

export interface TItemErrorSpan {
  id: string;
  translationId: string;
  mrwId: string | null;
  /** null while a draft: the annotator marked the span but has not chosen it yet (see isDraftSpan). */
  category: TMetahopeCategory | null;
  severity: TMetahopeSeverity | null;
  start: number;
  end: number;
  comment: string | null;
  version: number;
}

export interface TItemPostEdit {
  /** MMTE's FIGURATIVE and LITERAL, MetaHOPE's REFERENCE (lib/schemes/presets/built-in-codes.ts) */
  kind: TEditKind;
  text: string;
  baseTranslationId: string | null;
  version: number;
}

/**
 * A model's suggestion for one value of this item (issue 15 point 4), sent only when the project
 * shows suggestions to annotators (`showSuggestions`): per translation or (translation, MRW) and
 * field the latest successful one whose value the field accepts there (EQUIVALENCE by the MRW's
 * metaphoricity), with the caller's own decision on it. Scale and choice fields only: the
 * MMTE quality Likerts, EQUIVALENCE, EMOTION, AUTHENTICITY.
 */
export interface TItemSuggestion {
  id: string;
  field: string;
  translationId: string;
  mrwId: string | null;
  value: unknown;
  /** the model id that answered, and the project's name of its endpoint */
  model: string;
  endpoint: string;
  decision: { decision: "accepted" | "edited" | "rejected"; value: unknown } | null;
}

export interface TWorkspaceItem {
  project: { slug: string; sourceLang: string; targetLang: string };
  scheme: TWorkspaceScheme;
  view: TSchemeConfig;
  /**
   * The project's scheme in force (its stored preset), narrowed to the fields this view shows:
   * the workspace reads kinds, labels, values, keys and guidelines from it (built-in-fields.ts).
   */
  definition: TSchemeDefinition;
  blind: boolean;
  segment: { id: string; externalId: string; text: string; metaphorical: boolean; split: string | null; index: number };
  document: { id: string; title: string | null; segments: { id: string; index: number; text: string }[] };
  mrws: TItemMrw[];
  translations: TItemTranslation[];
  /** Project-level (imported) alignments keyed `${translationId}:${mrwId}`, offered as a starting point. */
  prefill: Record<string, { pattern: TRealisationPattern; spans: TSpan[] }>;
  annotations: TItemAnnotation[];
  errorSpans: TItemErrorSpan[];
  postEdits: TItemPostEdit[];
  /** model suggestions (only when the project shows them to annotators; otherwise absent) */
  suggestions?: TItemSuggestion[];
  assignment: { status: "TODO" | "IN_PROGRESS" | "DONE" | "SKIPPED"; timeSpentMs: number };
  /** Where the item sits in the caller's queue for this scheme; `done` counts submitted items ("Item 4 of 25 · 3 done"). */
  nav: { position: number; total: number; done: number; nextSegmentId: string | null; prevSegmentId: string | null };
}
