// Whether a scheme's workflow.readDocumentFirst closes an item until the annotator has read the
// whole document (MetaHOPE's guideline: annotators read the news document before annotating its
// sentences). It closes every item of the project: an item is one assignment for the whole scheme,
// so a project that runs MMTE and MetaHOPE together reads each document first.
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

export function documentGateApplies(workflow: TSchemeDefinition["workflow"] | undefined): boolean {
  return Boolean(workflow?.readDocumentFirst);
}

/** What the item page and API say about the gate: null when it does not apply to this item. */
export type TDocumentGate = { documentId: string; read: boolean } | null;
