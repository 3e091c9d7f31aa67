import Link from "next/link";
import { requireProjectPage } from "@/lib/http/page-access";
import { ImportForm } from "@/components/import/import-form";
import { ExportLinks } from "@/components/import/export-links";
import { maxUploadMb } from "@/app/api/projects/[slug]/import/upload-limit";

export const dynamic = "force-dynamic";

export default async function ImportPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  await requireProjectPage(slug, "project.manage", `/projects/${slug}/import`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-medium">Import</h2>
        <Link href={`/projects/${slug}/settings`} className="text-sm text-indigo-700 underline">Settings: splits, assignments, active MRWs</Link>
      </div>
      <ImportForm slug={slug} maxUploadMb={maxUploadMb()} />
      <ExportLinks slug={slug} />
    </div>
  );
}
