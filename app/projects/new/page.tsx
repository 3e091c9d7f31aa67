import { requireAdminPage } from "@/lib/http/page-access";
import { NewProjectWizard } from "@/components/project/new-project-wizard";

export const dynamic = "force-dynamic";

/**
 * The new-project wizard. Site admins only, like `tropos project create`: a project is a site-level
 * resource (who may see it is decided by its members), so project managers cannot create more.
 */
export default async function NewProjectPage() {
  const user = await requireAdminPage("/projects/new");
  return (
    <div>
      <h1 className="text-2xl font-semibold">New project</h1>
      <p className="text-sm text-slate-600">Name, languages, annotation scheme and members; then import a corpus.</p>
      <NewProjectWizard currentUserEmail={user.email} />
    </div>
  );
}
