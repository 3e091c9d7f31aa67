"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { setMemberRolesAction } from "@/app/projects/[slug]/members/actions";

type Role = "MANAGER" | "ANNOTATOR" | "ADJUDICATOR";
const ROLES: Role[] = ["MANAGER", "ADJUDICATOR", "ANNOTATOR"];

export interface MemberRow {
  userId: string;
  email: string;
  name: string | null;
  roles: Role[];
}

export function MembersEditor({ slug, members }: { slug: string; members: MemberRow[] }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);

  function save(email: string, roles: Role[]) {
    start(async () => {
      const res = await setMemberRolesAction({ slug, email, roles });
      if (res.ok) {
        setMessage({ kind: "ok", text: roles.length ? `Saved roles of ${res.data.email}.` : `Removed ${res.data.email}.` });
        router.refresh();
      } else setMessage({ kind: "error", text: res.message });
    });
  }

  function onAdd(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const roles = ROLES.filter((r) => form.get(`new-${r}`) === "on");
    save(String(form.get("email") ?? ""), roles.length ? roles : ["ANNOTATOR"]);
    e.currentTarget.reset();
  }

  return (
    <div className="mt-4 space-y-6">
      {message && (
        <p role={message.kind === "error" ? "alert" : "status"} data-testid="form-message"
          className={`rounded px-3 py-2 text-sm ${message.kind === "error" ? "bg-red-50 text-red-700" : "bg-green-50 text-green-800"}`}>
          {message.text}
        </p>
      )}
      <table className="min-w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="members-table">
        <thead className="bg-slate-100 text-left text-xs uppercase text-slate-600">
          <tr>
            <th className="px-3 py-2">Member</th>
            {ROLES.map((r) => <th key={r} className="px-3 py-2">{r.toLowerCase()}</th>)}
            <th className="px-3 py-2"><span className="sr-only">Remove</span></th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.userId} className="border-t border-slate-100">
              <td className="px-3 py-2">{m.email}{m.name ? <span className="text-slate-500"> · {m.name}</span> : null}</td>
              {ROLES.map((r) => (
                <td key={r} className="px-3 py-2">
                  <input type="checkbox" aria-label={`${r.toLowerCase()} role for ${m.email}`} checked={m.roles.includes(r)} disabled={pending}
                    onChange={(e) => save(m.email, e.target.checked ? [...m.roles, r] : m.roles.filter((x) => x !== r))} />
                </td>
              ))}
              <td className="px-3 py-2 text-right">
                <button type="button" disabled={pending} onClick={() => save(m.email, [])} className="text-red-700 underline">Remove</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form onSubmit={onAdd} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <div>
          <label htmlFor="new-email" className="block text-sm font-medium">Add member by email</label>
          <input id="new-email" name="email" type="email" required className="mt-1 w-72 rounded border border-slate-300 px-3 py-1.5" />
        </div>
        {ROLES.map((r) => (
          <label key={r} className="flex items-center gap-1 text-sm">
            <input type="checkbox" name={`new-${r}`} defaultChecked={r === "ANNOTATOR"} /> {r.toLowerCase()}
          </label>
        ))}
        <button type="submit" disabled={pending} className="rounded bg-indigo-600 px-4 py-1.5 text-white hover:bg-indigo-700">Add</button>
      </form>
    </div>
  );
}
