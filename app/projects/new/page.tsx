import { forbidden } from "next/navigation";
import { requireUser } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { findProjectsForUser } from "@/lib/db/projects/projects";
import { mayCreateProjects } from "@/lib/db/projects/creators";
import { NewProjectWizard } from "@/components/project/new-project-wizard";

export const dynamic = "force-dynamic";

/**
 * The new-project wizard. Site admins, and accounts a site admin gave the project creator right
 * (issue 29 point 3); others get this segment's 403 page, which says so. The projects whose scheme
 * may be copied are those the caller manages (every project, for a site admin).
 */
export default async function NewProjectPage() {
  const user = await requireUser("/projects/new");
  const db = getDb();
  if (!(await mayCreateProjects(db, user))) forbidden();
  const projects = await findProjectsForUser(db, user);
  const copyable = projects.filter((p) => user.isAdmin || p.roles.includes("MANAGER")).map((p) => ({ slug: p.slug, name: p.name }));
  return (
    <div>
      <h1 className="text-2xl font-semibold">New project</h1>
      <p className="text-sm text-slate-600">Name, languages, annotation scheme and members; then import a corpus.</p>
      <NewProjectWizard currentUserEmail={user.email} isAdmin={user.isAdmin} copyable={copyable} />
    </div>
  );
}
