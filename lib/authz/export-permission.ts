// Which permission each export needs. Adjudicators produce the gold references and the adjudicated
// labels (also as the Meta4XNLI interpretation TSV, "nli"), so exporting them is their job ("adjudication.export"); everyone's raw annotations, error
// lists, agreement and score tables and the full dump stay with managers ("project.export").
import type { TExportWhat } from "@/lib/db/export/stream";
import { PERMISSIONS, type Permission } from "@/lib/authz/permissions";

export const EXPORT_PERMISSION = {
  gold: "adjudication.export",
  adjudicated: "adjudication.export",
  annotations: "project.export",
  errors: "project.export",
  agreement: "project.export",
  scores: "project.export",
  suggestions: "project.export",
  "suggestion-decisions": "project.export",
  "model-agreement": "project.export",
  tags: "project.export",
  // the corpus's pairs with the adjudicated inference labels: what adjudication produces
  nli: "adjudication.export",
  // every annotator's post-edits and MMTE target words, as the annotations export
  "post-edits": "project.export",
  "target-words": "project.export",
  project: "project.export",
  backup: "project.export",
  // who qualified and each annotator's accuracy on hidden checks: the lead's, as the other exports
  "gold-checks": "project.export",
} as const satisfies Record<TExportWhat, Permission>;

/**
 * The permission every export needs before its kind is even read: the export route checks it first
 * and then the kind's own permission. It must be granted to every role that may export anything,
 * i.e. "project.export"'s roles are a subset of its roles (export-permission.test.ts checks that).
 */
export const ANY_EXPORT_PERMISSION = "adjudication.export" satisfies Permission;

export function exportPermission(what: TExportWhat): Permission {
  return EXPORT_PERMISSION[what];
}

/** true when every role granted `narrow` is also granted `wide` */
export function permissionImplies(narrow: Permission, wide: Permission): boolean {
  const wideRoles: readonly string[] = PERMISSIONS[wide];
  return PERMISSIONS[narrow].every((r) => wideRoles.includes(r));
}
