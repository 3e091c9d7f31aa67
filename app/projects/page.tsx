import Link from "next/link";
import { requireUser } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { findProjectsForUser } from "@/lib/db/projects";
import { mayCreateProjects } from "@/lib/db/project-creators";

export const dynamic = "force-dynamic";

export default async function ProjectsPage() {
  const user = await requireUser("/projects");
  const [projects, canCreate] = await Promise.all([findProjectsForUser(getDb(), user), mayCreateProjects(getDb(), user)]);
  // the projects whose reports the caller may read (a site admin reads every project's)
  const comparable = projects.filter((p) => user.isAdmin || p.roles.some((r) => r === "MANAGER" || r === "ADJUDICATOR"));
  return (
    <div>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Your projects</h1>
        {/* creating projects is for site admins and project creators (app/projects/new/page.tsx) */}
        <div className="flex items-center gap-3">
        {user.isAdmin && (
          <Link href="/admin/users" className="text-sm text-indigo-700 underline">
            Users
          </Link>
        )}
        {canCreate && (
          <Link href="/projects/new" className="rounded bg-indigo-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
            New project
          </Link>
        )}
        </div>
      </div>
      {projects.length === 0 ? (
        <p className="mt-4 text-slate-600">You are not a member of any project yet. A project manager can add you.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="project-list">
          {projects.map((p) => (
            <li key={p.id}>
              <Link href={`/projects/${p.slug}`}
                className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-400">
                <div className="font-medium text-indigo-800">{p.name}</div>
                <div className="mt-1 text-sm text-slate-600">
                  {p.sourceLang} → {p.targetLangs.join(", ")} · {p.documents} documents · {p.segments} segments
                </div>
                <div className="mt-2 flex gap-1">
                  {p.roles.map((r) => (
                    <span key={r} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{r.toLowerCase()}</span>
                  ))}
                  {p.roles.length === 0 && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">admin view</span>}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {comparable.length > 1 && (
        <form method="get" action="/study" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-sm" aria-label="Compare projects" data-testid="compare-projects">
          <p className="font-medium">Compare projects</p>
          <p className="text-xs text-slate-600">One study kept in several projects (one per language pair): their MMTE table 3 and the pairs side by side.</p>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {comparable.map((p) => (
              <label key={p.slug} className="inline-flex items-center gap-1">
                <input type="checkbox" name="projects" value={p.slug} />
                <span>{p.name} ({p.sourceLang} → {p.targetLangs.join(", ")})</span>
              </label>
            ))}
          </div>
          <button type="submit" className="mt-2 rounded border border-slate-300 bg-white px-3 py-1 hover:border-indigo-400">Compare</button>
        </form>
      )}
    </div>
  );
}
