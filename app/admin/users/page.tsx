import { requireAdminPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { listSiteUsers } from "@/lib/db/projects/creators";
import { SiteUsersTable } from "@/components/admin/site-users-table";

export const dynamic = "force-dynamic";

// Site admins: every account, and who may create projects without being a site admin.
export default async function AdminUsersPage() {
  await requireAdminPage("/admin/users");
  const users = await listSiteUsers(getDb());
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold">Users</h1>
      <p className="text-sm text-slate-600">
        Site administrators see and manage every project. A <strong>project creator</strong> may create projects (the <em>New project</em> wizard) and manages
        the ones they create, without seeing anyone else&apos;s. Accounts are made by invitations, single sign-on or <code>npm run user:create</code>.
      </p>
      <SiteUsersTable users={users} />
    </div>
  );
}
