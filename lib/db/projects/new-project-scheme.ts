// Resolves the wizard's scheme choice (lib/projects/new-project-scheme.ts) into what createProject
// takes: a built-in preset, or a definition stored as the new project's version 1.
import type { Db } from "@/lib/db/client";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { getProjectScheme } from "@/lib/db/projects/project-schemes";
import { findShippedPreset } from "@/lib/schemes/presets/shipped-presets";
import { formatSchemeError, parseSchemeText } from "@/lib/schemes/language/parse-scheme-text";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemePreset } from "@/lib/schemes/presets/parts-choice";
import type { TNewProjectSchemeSource } from "@/lib/projects/new-project-scheme";

export interface TResolvedScheme {
  /** the built-in preset, or "mmte" as createProject's placeholder when a definition is given */
  preset: TSchemePreset;
  definition?: { scheme: TSchemeDefinition; note: string };
}

export async function resolveNewProjectScheme(db: Db, user: CurrentUser, source: TNewProjectSchemeSource): Promise<TResolvedScheme> {
  switch (source.kind) {
    case "preset":
      return { preset: source.preset };
    case "data-preset": {
      const scheme = findShippedPreset(source.id);
      if (!scheme) throw new AppError("BAD_REQUEST", `No preset ${source.id}.`, { field: "scheme" });
      return { preset: "mmte", definition: { scheme, note: `preset ${source.id}` } };
    }
    case "file": {
      const parsed = parseSchemeText(source.fileName, source.text);
      if (!parsed.ok) {
        const shown = parsed.errors.slice(0, 5).map((e) => formatSchemeError(source.fileName, e));
        const more = parsed.errors.length > shown.length ? ` (and ${parsed.errors.length - shown.length} more)` : "";
        throw new AppError("BAD_REQUEST", `The scheme file is not valid: ${shown.join("; ")}${more}.`, { field: "scheme" });
      }
      return { preset: "mmte", definition: { scheme: parsed.scheme, note: `from ${source.fileName}` } };
    }
    case "copy": {
      // only a project the caller manages (or any, for a site admin); another project is "not found",
      // so the wizard reveals nothing about projects the caller cannot see
      const project = await db.project.findFirst({
        where: { slug: source.slug, ...(user.isAdmin ? {} : { members: { some: { userId: user.id, role: "MANAGER" } } }) },
        select: { id: true, slug: true },
      });
      const current = project ? await getProjectScheme(db, project.id) : null;
      if (!project || !current) throw new AppError("NOT_FOUND", `No project ${source.slug} that you manage to copy the scheme of.`, { field: "scheme" });
      return { preset: "mmte", definition: { scheme: current.definition, note: `copied from ${project.slug} (version ${current.version})` } };
    }
  }
}
