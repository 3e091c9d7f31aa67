import Link from "next/link";
import { requireUser } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { countProjectsForUser, findProjectsForUser } from "@/lib/db/projects/projects";
import { mayCreateProjects } from "@/lib/db/projects/creators";

export const dynamic = "force-dynamic";

/** Projects per page of the list (issue 29 point 5: the list had no paging or search). */
const PER_PAGE = 48;

export default async function ProjectsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("/projects");
  const sp = await searchParams;
  const search = (Array.isArray(sp.q) ? sp.q[0] : sp.q)?.trim().slice(0, 200) ?? "";
  const asked = Number(Array.isArray(sp.page) ? sp.page[0] : sp.page);
  const db = getDb();
  const [total, canCreate] = await Promise.all([countProjectsForUser(db, user, search), mayCreateProjects(db, user)]);
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  const projects = await findProjectsForUser(db, user, { search, skip: (page - 1) * PER_PAGE, take: PER_PAGE });
  const href = (p: number) => `/projects?${new URLSearchParams({ ...(search ? { q: search } : {}), ...(p > 1 ? { page: String(p) } : {}) }).toString()}`;
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
      {(total > PER_PAGE || search) && (
        <form method="get" role="search" aria-label="Search projects" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
          <input type="search" name="q" defaultValue={search} placeholder="name or slug" aria-label="Search projects by name or slug" className="w-72 rounded border border-slate-300 px-2 py-1" />
          <button type="submit" className="rounded bg-slate-800 px-3 py-1 text-white">Search</button>
          {search && <Link href="/projects" className="text-indigo-700 underline">Clear</Link>}
          <span className="text-slate-600" data-testid="project-range">
            {total === 0 ? "No project" : `${(page - 1) * PER_PAGE + 1}–${Math.min(total, page * PER_PAGE)} of ${total}`}
          </span>
          {page > 1 && <Link href={href(page - 1)} className="text-indigo-700 underline">Previous</Link>}
          {page < pages && <Link href={href(page + 1)} className="text-indigo-700 underline">Next</Link>}
        </form>
      )}
      {projects.length === 0 ? (
        <p className="mt-4 text-slate-600">{search ? `No project of yours matches “${search}”.` : "You are not a member of any project yet. A project manager can add you."}</p>
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
