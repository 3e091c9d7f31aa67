/**
 * Values a field refuses while they are half done (a span without its severity, an alignment whose
 * pattern needs words not marked yet), kept in this browser beside the saved values so that a
 * reload does not lose them — the scheme workspace's counterpart of the built-in workspace's
 * draft spans (ErrorSpan rows with category/severity null). They are never sent: the server
 * holds only valid values, so a draft never reaches a report, an export or agreement, and the
 * item stays incomplete while one is shown (the workspace blocks submit). Unlike the built-in
 * drafts they live in the browser that made them (localStorage), not on the server: another
 * device does not see them (lib/workspace/README.md says what server storage would take).
 * Pure: the storage is passed in.
 */

export interface TDraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** One item's drafts of one annotator in one project. */
export const draftsKey = (userId: string, slug: string, segmentId: string) => `tropos.drafts.v1.${userId}.${slug}.${segmentId}`;

/** The drafts kept for an item, by value key; only keys of the item's slots (`known`), anything unreadable dropped. */
export function readDrafts(storage: TDraftStorage, key: string, known: ReadonlySet<string>): Record<string, unknown> {
  const raw = storage.getItem(key);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([k, v]) => known.has(k) && v !== null && v !== undefined));
  } catch {
    return {};
  }
}

/** Keep the item's drafts (none: the entry is removed). */
export function writeDrafts(storage: TDraftStorage, key: string, drafts: Readonly<Record<string, unknown>>): void {
  if (Object.keys(drafts).length === 0) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(drafts));
}
