/**
 * The item payload of the scheme runtime's workspace (a project that runs its own scheme,
 * lib/schemes/scheme-runtime.ts): the scheme version in force, one segment with its document
 * context, texts by role, lists, MRWs and translations, and ONLY the caller's own values. Plain
 * JSON (server → client props and the GET item API). Blind mode drops system names on the server
 * (systemName null), and the item lists never carry a field's gold (`gold: { from: "item" }`).
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TItemMrw, TItemTranslation } from "./item-types";
import type { TQueueNav } from "./queue-nav";
import type { TImportedAlignment } from "./alignment-prefill";

export interface TSchemeItemAnnotation {
  field: string;
  /** the value's item key (lib/schemes/language/value-anchor.ts): "-:-", "<t>:-", "role:premise", "document", … */
  itemKey: string;
  translationId: string | null;
  mrwId: string | null;
  value: unknown;
  version: number;
  updatedAt: string;
}

/**
 * A model's suggestion for one value of this item (issue 15 point 4), sent only when the project
 * shows suggestions to annotators (scheme configuration `showSuggestions`): the latest successful
 * one per field and item key, and the caller's own decision on it.
 */
export interface TSchemeItemSuggestion {
  id: string;
  field: string;
  itemKey: string;
  value: unknown;
  /** the model id that answered, and the project's name of its endpoint */
  model: string;
  endpoint: string;
  decision: { decision: "accepted" | "edited" | "rejected"; value: unknown } | null;
}

/**
 * Another language's version of the item (lib/db/workspace/parallel-versions.ts): its corpus text, the
 * caller's assignment status there (null: not in their queue) and the caller's own values there.
 */
export interface TParallelVersion {
  id: string;
  externalId: string;
  language: string;
  text: string;
  texts: Record<string, string>;
  status: "TODO" | "IN_PROGRESS" | "DONE" | "SKIPPED" | null;
  values: { field: string; itemKey: string; value: unknown }[];
}

export interface TSchemeWorkspaceItem {
  runtime: "scheme";
  project: { slug: string; sourceLang: string; targetLang: string };
  scheme: { definition: TSchemeDefinition; version: number };
  blind: boolean;
  /** `metaphorical` is null when withheld as derived from gold (lib/workspace/withheld-gold.ts) */
  segment: { id: string; externalId: string; text: string; language: string; metaphorical: boolean | null; split: string | null; index: number };
  /**
   * The document around the item: its segments in the item's language, all of them up to
   * CONTEXT_WHOLE_DOCUMENT, else the CONTEXT_WINDOW before and after the item (a CoNLL file is one
   * "document" of thousands of unrelated sentences); `total` counts them all.
   */
  document: { id: string; title: string | null; segments: { id: string; index: number; text: string }[]; total: number };
  /** the item's versions in other languages, shown side by side (sentence-parallel, no word alignment) */
  parallel: TParallelVersion[];
  /** item texts by role (Segment.texts), e.g. { premise: "…" } */
  texts: Record<string, string>;
  /** item lists (Segment.lists) without the keys any field takes its gold from */
  lists: Record<string, unknown>;
  /** the segment's active MRWs, in text order; none when they are withheld as derived from gold */
  mrws: TItemMrw[];
  translations: TItemTranslation[];
  /** the project's imported alignments by item key ("<translation>:<mrw>"): the alignment fields' starting point (alignment-prefill.ts) */
  prefill?: Record<string, TImportedAlignment>;
  /** the caller's own values of this item, document-scope ones (stored on the document's first segment) included */
  annotations: TSchemeItemAnnotation[];
  /** model suggestions (only when the project shows them to annotators; otherwise absent) */
  suggestions?: TSchemeItemSuggestion[];
  assignment: { status: "TODO" | "IN_PROGRESS" | "DONE" | "SKIPPED"; timeSpentMs: number };
  /** over the caller's SCHEME queue in this project */
  nav: TQueueNav;
}
