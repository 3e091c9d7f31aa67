// Which items a scheme's workflow.readDocumentFirst closes until the annotator has read the whole
// document (MetaHOPE's guideline: annotators read the news document before annotating its
// sentences). Under the built-in runtime the setting is MetaHOPE's, so it closes the METAHOPE
// items only (a project running both keeps MMTE items open); under the scheme runtime it closes
// every item of the project.
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TWorkspaceScheme } from "./scheme-view";

export type TItemScheme = TWorkspaceScheme | "SCHEME";

export function documentGateApplies(workflow: TSchemeDefinition["workflow"] | undefined, scheme: TItemScheme): boolean {
  if (!workflow?.readDocumentFirst) return false;
  return scheme === "METAHOPE" || scheme === "SCHEME";
}

/** What the item page and API say about the gate: null when it does not apply to this item. */
export type TDocumentGate = { documentId: string; read: boolean } | null;
