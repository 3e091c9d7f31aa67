/**
 * Lists the named analysis `papers.agreement-export` in the stored scheme versions that the
 * release before it gave the papers' agreement export (lib/reports/analyses/paper/papers-agreement-export.ts).
 * That release chose the export by comparing a version with the MMTE/MetaHOPE presets as shipped;
 * now the export is data a scheme lists, and the presets list it. A version that is such a preset
 * (lib/schemes/presets/preset-of-parts.ts withPapersAgreementExportListed) gets the name added to
 * its `analyses` in place, nothing else of it changed, so `tropos export --what agreement` gives a
 * project of a database made by the previous release the same rows as before. A version of a
 * lead's own (a variant included) is left alone: its export was, and stays, the generic report's.
 *
 * Every version of every project, not the latest only: a version is what its annotations were made
 * under, and the same version must read the same everywhere. Run by `npm run db:migrate`, `npm run
 * demo` and the server's start (move-every-project-log.ts), after the move onto the one runtime.
 * Idempotent: a version listing the name is not touched.
 */
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { withPapersAgreementExportListed } from "@/lib/schemes/presets/preset-of-parts";
import { forgetParsedSchemeVersions } from "@/lib/db/projects/project-schemes";

export interface TListedPapersAgreementExport {
  /** projects (by slug) and the versions of each that now list the export */
  listed: { slug: string; versions: number[] }[];
}

export async function listPapersAgreementExport(db: Db): Promise<TListedPapersAgreementExport> {
  // only versions that do not list it yet (the jsonb test keeps a database of this release from being read whole)
  const rows = await db.$queryRawUnsafe<{ id: string; slug: string; version: number; definition: unknown }[]>(
    `SELECT s.id, p.slug, s.version, s.definition FROM "ProjectScheme" s JOIN "Project" p ON p.id = s."projectId"
     WHERE NOT (COALESCE(s.definition->'analyses', '[]'::jsonb) @> '["papers.agreement-export"]'::jsonb) ORDER BY p.slug, s.version`,
  );
  const bySlug = new Map<string, number[]>();
  for (const r of rows) {
    const parsed = ZSchemeDefinition.safeParse(r.definition);
    if (!parsed.success) continue;
    const next = withPapersAgreementExportListed(parsed.data);
    if (!next) continue;
    await db.$executeRawUnsafe(`UPDATE "ProjectScheme" SET definition = jsonb_set(definition, '{analyses}', $2::jsonb, true) WHERE id = $1`, r.id, JSON.stringify(next.analyses));
    bySlug.set(r.slug, [...(bySlug.get(r.slug) ?? []), r.version]);
  }
  if (bySlug.size > 0) forgetParsedSchemeVersions();
  return { listed: [...bySlug].map(([slug, versions]) => ({ slug, versions })) };
}
