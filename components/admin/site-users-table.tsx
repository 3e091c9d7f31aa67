"use client";
// The site admin's list of accounts with the project creator right as a checkbox (saved at once,
// with the answer next to it; the server refuses anyone but a site admin).
import { useState, useTransition } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { setProjectCreatorAction } from "@/app/admin/users/actions";
import type { TSiteUserRow } from "@/lib/db/projects/creators";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";

export function SiteUsersTable({ users: initial }: { users: TSiteUserRow[] }) {
  const [users, setUsers] = useState(initial);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();

  function toggle(u: TSiteUserRow, on: boolean) {
    start(async () => {
      const res = await setProjectCreatorAction({ userId: u.id, on });
      if (!res.ok) return setMessage({ ok: false, text: res.message });
      setUsers((all) => all.map((x) => (x.id === u.id ? { ...x, projectCreator: res.data.projectCreator } : x)));
      setMessage({ ok: true, text: `${res.data.email} ${res.data.projectCreator ? "may now create projects" : "may no longer create projects"}.` });
    });
  }

  const columns: ColumnDef<TSiteUserRow, unknown>[] = [
    { accessorKey: "email", header: "Email" },
    { accessorKey: "name", header: "Name", cell: ({ row }) => row.original.name ?? "" },
    { accessorKey: "projects", header: "Projects" },
    { id: "admin", header: "Site admin", accessorFn: (u) => (u.isAdmin ? "yes" : ""), cell: ({ row }) => (row.original.isAdmin ? "yes" : "") },
    {
      id: "creator",
      header: "Project creator",
      accessorFn: (u) => u.projectCreator,
      cell: ({ row }) => {
        const u = row.original;
        if (u.isAdmin) return <span className="text-xs text-slate-500">(as site admin)</span>;
        // a placeholder rater an import made is no login (lib/import/imported-annotator.ts)
        if (isImportedAnnotatorEmail(u.email)) return <span className="text-xs text-slate-500">(imported rater, no login)</span>;
        return (
          <label className="inline-flex items-center gap-1">
            <input type="checkbox" checked={u.projectCreator} disabled={pending} onChange={(e) => toggle(u, e.target.checked)} aria-label={`${u.email} may create projects`} />
            <span className="text-xs">may create projects</span>
          </label>
        );
      },
    },
  ];
  return (
    <div className="space-y-2">
      {message && (
        <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-green-800" : "text-red-700"}`} data-testid="users-message">
          {message.text}
        </p>
      )}
      <DataTable data={users} columns={columns} testId="site-users" caption="Accounts" />
    </div>
  );
}
