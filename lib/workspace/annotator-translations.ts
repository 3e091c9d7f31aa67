/**
 * The translations of an item as one annotator sees them, shared by both runtimes' item payloads
 * (lib/db/workspace-item.ts, lib/db/workspace/item.ts): shuffled per annotator and item
 * when the project asks for it (stable across visits, lib/workspace/blind-order.ts), and in blind
 * mode labelled "Translation A, B, …" with the system name dropped here, on the server.
 */
import { blindLabel, stableShuffle } from "./blind-order";
import type { TItemTranslation } from "./item-types";

export interface TTranslationRow {
  id: string;
  text: string;
  language: string;
  system: { name: string };
}

/** `ordered`: the rows in the annotator's order (for data keyed by them); `shown`: what reaches the browser. */
export function annotatorTranslations<T extends TTranslationRow>(
  rows: readonly T[],
  opts: { blind: boolean; shuffle: boolean; annotatorId: string; segmentId: string },
): { ordered: T[]; shown: TItemTranslation[] } {
  const ordered = opts.shuffle ? stableShuffle(rows, `${opts.annotatorId}:${opts.segmentId}`) : rows.slice();
  const shown = ordered.map((t, i) => ({
    id: t.id,
    label: opts.blind ? `Translation ${blindLabel(i)}` : t.system.name,
    systemName: opts.blind ? null : t.system.name,
    text: t.text,
    language: t.language,
  }));
  return { ordered, shown };
}
