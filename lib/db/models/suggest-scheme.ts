// The scheme whose field a model is asked to fill: the project's stored scheme in force, or the
// built-in preset its configuration switches on (lib/db/projects/project-schemes.ts). The prompt is built
// from that field's definition, so a new scheme version with other guidelines or options gives
// a new prompt version (lib/models/prompt-templates.ts).
import type { Db } from "@/lib/db/client";
import { getProjectScheme } from "@/lib/db/projects/project-schemes";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_METAHOPE_PRESET, presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { parseSchemeConfig } from "@/lib/schemes/scheme-config";

export async function getSuggestScheme(db: Db, projectId: string): Promise<TSchemeDefinition> {
  const stored = await getProjectScheme(db, projectId);
  if (stored) return stored.definition;
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { schemeConfig: true } });
  const config = parseSchemeConfig(project.schemeConfig);
  // a configuration that no longer parses: every built-in field, as the orphan check does
  return config.ok ? presetOfParts(config.config) : MMTE_METAHOPE_PRESET;
}
