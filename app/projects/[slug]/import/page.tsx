import Link from "next/link";
import { requireProjectPage } from "@/lib/http/page-access";
import { ImportForm } from "@/components/import/import-form";
import { ExportLinks } from "@/components/import/export-links";
import { maxUploadMb } from "@/app/api/projects/[slug]/import/upload-limit";
import { ANY_EXPORT_PERMISSION, EXPORT_PERMISSION } from "@/lib/authz/export-permission";
import { accessGrants } from "@/lib/authz/permissions";
import type { TExportWhat } from "@/lib/db/export/stream";
import { getDb } from "@/lib/db/client";
import { getProjectRuntimeAt } from "@/lib/db/projects/project-schemes";
import { hasMmteTargetWords } from "@/lib/schemes/presets/preset-field-roles";

export const dynamic = "force-dynamic";

// Managers import and export everything; adjudicators come here for the gold references and the
// adjudicated labels they produce, and see only those exports (the export route checks again).
export default async function ImportPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, ANY_EXPORT_PERMISSION, `/projects/${slug}/import`);
  const may = (p: Parameters<typeof accessGrants>[2]) => accessGrants(access.roles, access.user.isAdmin, p);
  const canImport = may("project.manage");
  // the Meta4XNLI interpretation TSV only where the scheme has the NLI label it writes back (lib/db/export/stream.ts nliLines)
  const runtime = await getProjectRuntimeAt(getDb(), access.project.id, access.project.schemeVersion);
  const hasNli = runtime.definition.fields.some((f) => f.gold?.from === "item" && f.gold.key === "gold_label");
  // the post-edits table where the scheme has an edit field, MMTE's target words where it has that field
  const only: Partial<Record<TExportWhat, boolean>> = {
    nli: hasNli,
    "post-edits": runtime.definition.fields.some((f) => f.kind === "edit"),
    "target-words": hasMmteTargetWords(runtime.definition),
  };
  const exportable = (Object.keys(EXPORT_PERMISSION) as TExportWhat[]).filter((w) => may(EXPORT_PERMISSION[w]) && only[w] !== false);
  // gold references come from post-edits (issue 29 point 9: a scheme without an edit field exported
  // a bare header, with no word why)
  const hasEdits = runtime.definition.fields.some((f) => f.kind === "edit");
  const notes: Partial<Record<TExportWhat, string>> = hasEdits
    ? {}
    : { gold: "This project's scheme has no post-edit field, so it has no gold references: the file holds only its header. The adjudicated labels are the final values of its fields." };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-medium">{canImport ? "Import" : "Export"}</h2>
        {canImport && <Link href={`/projects/${slug}/settings`} className="text-sm text-indigo-700 underline">Settings: splits, assignments, active MRWs</Link>}
      </div>
      {canImport && <ImportForm slug={slug} maxUploadMb={maxUploadMb()} />}
      <ExportLinks slug={slug} exportable={exportable} notes={notes} />
    </div>
  );
}
