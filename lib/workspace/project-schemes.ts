/**
 * The schemes a project actually uses: those whose item view has something to annotate under
 * the project's configuration (scheme-view.ts). A MetaHOPE-only project has no MMTE parts on,
 * so assigning MMTE there would hand annotators empty item pages.
 */
import type { TSchemeConfig } from "@/lib/schemes/scheme-config";
import { schemeView, viewIsEmpty, WORKSPACE_SCHEMES, type TWorkspaceScheme } from "./scheme-view";

export function projectSchemes(config: TSchemeConfig): TWorkspaceScheme[] {
  return WORKSPACE_SCHEMES.filter((s) => !viewIsEmpty(schemeView(config, s)));
}
