// Saving a project's scheme configuration (Settings → the parts of MMTE and MetaHOPE, and the
// presentation switches). The switches are stored (Project.schemeConfig); the parts are not: a
// form that switches a part on or off records the version in force with that part's fields
// removed or added as the next scheme version (storePresetOfPartsVersion, read from the fields the
// version has, a variant's included), in the same transaction: the version in force is the one
// place that says which fields annotators see, and the saves that follow record it.
import type { Db } from "@/lib/db/client";
import { storePresetOfPartsVersion } from "@/lib/db/projects/project-schemes";
import { projectSettingsOf, type TSchemeConfig } from "@/lib/schemes/scheme-config";

/** Stores `config`'s settings and records its parts; `schemeVersion` is the scheme version it recorded, null when the parts did not change (or the scheme has none of the presets' fields). */
export async function updateSchemeConfig(db: Db, projectId: string, config: TSchemeConfig, actorId: string): Promise<{ schemeVersion: number | null }> {
  return db.$transaction(async (tx) => {
    // one configuration or scheme change per project at a time (setProjectScheme takes the same lock)
    await tx.$queryRawUnsafe(`SELECT 1 FROM "Project" WHERE id = $1 FOR UPDATE`, projectId);
    await tx.project.update({ where: { id: projectId }, data: { schemeConfig: projectSettingsOf(config) } });
    const schemeVersion = await storePresetOfPartsVersion(tx, projectId, config, { actorId, note: "parts changed in Settings" });
    await tx.auditLog.create({ data: { projectId, userId: actorId, action: "scheme-config", detail: { ...config, schemeVersion } } });
    return { schemeVersion };
  });
}
