import Link from "next/link";
import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { getProjectScheme, listProjectSchemeVersions } from "@/lib/db/projects/project-schemes";
import { SchemeEditorWithSave } from "@/components/schemes/scheme-editor-with-save";
import { SCHEME_STARTING_POINTS } from "@/components/schemes/scheme-starting-points";

export const dynamic = "force-dynamic";

// Settings → Scheme (managers): the project's scheme in the scheme language, its versions, an
// editor with inline errors and a live preview of the workspace.
export default async function SchemeSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "project.manage", `/projects/${slug}/settings/scheme`);
  const db = getDb();
  const [current, versions] = await Promise.all([getProjectScheme(db, access.project.id), listProjectSchemeVersions(db, access.project.id)]);
  const initial = current ? JSON.stringify(current.definition, null, 2) : SCHEME_STARTING_POINTS[0].text;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-medium">Scheme</h2>
        <Link href={`/projects/${slug}/settings`} className="text-sm text-indigo-700 underline">Back to settings</Link>
      </div>
      <p className="text-sm text-slate-600" data-testid="scheme-current">
        {current
          ? `Version ${current.version} of "${current.definition.name}" (${current.definition.fields.length} fields), saved ${current.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`
          : "This project runs its built-in scheme (MMTE and/or MetaHOPE, chosen in Settings); no scheme has been saved here yet. Start from a preset, the example or a file."}{" "}
        The reference of the language is in lib/schemes/README.md; every save is a new version.
      </p>
      <SchemeEditorWithSave slug={slug} initialText={initial} projectVersion={current?.version ?? null} />
      {versions.length > 0 && (
        <section>
          <h3 className="mb-1 text-sm font-medium">Versions</h3>
          <ul className="space-y-0.5 text-xs text-slate-700" data-testid="scheme-versions">
            {versions.map((v) => (
              <li key={v.version}>
                <span className="font-mono">v{v.version}</span> · {v.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC{v.createdBy ? ` · ${v.createdBy}` : ""}{v.note ? ` · ${v.note}` : ""}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
