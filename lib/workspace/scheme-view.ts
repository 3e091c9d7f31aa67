/**
 * Which parts of a project's scheme configuration an item page shows. The
 * page is opened for one scheme (an assignment is per annotator × segment ×
 * scheme): MMTE owns quality, the per-MRW labels and target words and its
 * post-edits; MetaHOPE owns alignment, error spans and its post-edit. The view is the intersection of
 * that scheme's parts with what the project switched on, so a MetaHOPE-only
 * project never shows MMTE labels and the other way round.
 */
import type { TSchemeConfig } from "@/lib/schemes/scheme-config";
import { enabledFieldNames } from "@/lib/schemes/scheme-config";

export const WORKSPACE_SCHEMES = ["MMTE", "METAHOPE"] as const;
export type TWorkspaceScheme = (typeof WORKSPACE_SCHEMES)[number];

export function schemeView(config: TSchemeConfig, scheme: TWorkspaceScheme): TSchemeConfig {
  const mmte = scheme === "MMTE";
  const view: TSchemeConfig = {
    ...config,
    mmteQuality: mmte && config.mmteQuality,
    mmteMrw: {
      equivalence: mmte && config.mmteMrw.equivalence,
      emotion: mmte && config.mmteMrw.emotion,
      authenticity: mmte && config.mmteMrw.authenticity,
      targetWords: mmte && config.mmteMrw.targetWords,
    },
    postEdit: { figurative: mmte && config.postEdit.figurative, literal: mmte && config.postEdit.literal },
    alignment: !mmte && config.alignment,
    metahopeErrors: !mmte && config.metahopeErrors,
    metahopePostEdit: !mmte && config.metahopePostEdit,
  };
  // A configured required list names fields of both schemes; keep only the ones this view shows.
  if (config.required !== undefined) {
    const on = new Set(enabledFieldNames({ ...view, required: undefined }));
    view.required = config.required.filter((f) => on.has(f));
  }
  return view;
}

/** Whether the view has anything to annotate (an empty view means the scheme is off in this project). */
export function viewIsEmpty(view: TSchemeConfig): boolean {
  return enabledFieldNames({ ...view, required: undefined }).length === 0;
}
