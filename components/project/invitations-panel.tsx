"use client";
// Invitations on the members page: invite an email with one role (the link is shown once, here,
// and printed to the server log), and the project's invitations with their status; pending ones
// can be revoked.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { createInvitationAction, revokeInvitationAction } from "@/app/projects/[slug]/members/actions";
import { CopyLink } from "@/components/project/copy-link";

type Role = "MANAGER" | "ANNOTATOR" | "ADJUDICATOR";
const ROLES: Role[] = ["ANNOTATOR", "ADJUDICATOR", "MANAGER"];

export interface InvitationRow {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  invitedBy: string | null;
  status: "pending" | "accepted" | "revoked" | "expired";
}

const STATUS_STYLE: Record<InvitationRow["status"], string> = {
  pending: "bg-amber-100 text-amber-800",
  accepted: "bg-green-100 text-green-800",
  revoked: "bg-slate-100 text-slate-600",
  expired: "bg-slate-100 text-slate-600",
};

export function InvitationsPanel({ slug, invitations }: { slug: string; invitations: InvitationRow[] }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<{ email: string; role: Role; url: string; expiresAt: string } | null>(null);

  function onInvite(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    start(async () => {
      const res = await createInvitationAction({ slug, email: String(data.get("email") ?? ""), role: String(data.get("role") ?? "ANNOTATOR") });
      if (!res.ok) {
        setError(res.message);
        setLink(null);
        return;
      }
      setError(null);
      setLink(res.data);
      form.reset();
      router.refresh();
    });
  }

  function revoke(id: string) {
    start(async () => {
      const res = await revokeInvitationAction({ slug, invitationId: id });
      setError(res.ok ? null : res.message);
      router.refresh();
    });
  }

  return (
    <section className="mt-8" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="text-lg font-medium">Invitations</h2>
      <p className="text-sm text-slate-600">
        Invite someone by email with one role. They get a link that works once for 7 days: without an account they set their name and
        password; with one they sign in and accept. Tropos sends no mail: the link is shown here once and printed to the server log.
      </p>
      <form onSubmit={onInvite} noValidate className="mt-3 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <div>
          <label htmlFor="invite-email" className="block text-sm font-medium">Invite by email</label>
          <input id="invite-email" name="email" type="email" required className="mt-1 w-72 rounded border border-slate-300 px-3 py-1.5" />
        </div>
        <div>
          <label htmlFor="invite-role" className="block text-sm font-medium">Role</label>
          <select id="invite-role" name="role" defaultValue="ANNOTATOR" className="mt-1 rounded border border-slate-300 px-3 py-1.5">
            {ROLES.map((r) => <option key={r} value={r}>{r.toLowerCase()}</option>)}
          </select>
        </div>
        <button type="submit" disabled={pending} className="rounded bg-indigo-600 px-4 py-1.5 text-white hover:bg-indigo-700 disabled:opacity-60">
          Create invitation link
        </button>
      </form>
      {error && <p role="alert" className="mt-2 rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="invite-error">{error}</p>}
      {link && (
        <div role="status" className="mt-3 rounded-lg border border-green-200 bg-green-50 p-4" data-testid="invite-created">
          <p className="mb-2 text-sm text-green-900">
            Invitation for {link.email} as {link.role.toLowerCase()} (valid until {link.expiresAt.slice(0, 16).replace("T", " ")} UTC). Copy the link
            now: it is not shown again.
          </p>
          <CopyLink label={`Invitation link for ${link.email}`} url={link.url} />
        </div>
      )}
      {invitations.length > 0 && (
        <table className="mt-4 min-w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="invitations-table">
          <thead className="bg-slate-100 text-left text-xs uppercase text-slate-600">
            <tr>
              <th className="px-3 py-2">Email</th>
              <th className="px-3 py-2">Role</th>
              <th className="px-3 py-2">Status</th>
              <th className="px-3 py-2">Expires</th>
              <th className="px-3 py-2">Invited by</th>
              <th className="px-3 py-2"><span className="sr-only">Revoke</span></th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((i) => (
              <tr key={i.id} className="border-t border-slate-100">
                <td className="px-3 py-2">{i.email}</td>
                <td className="px-3 py-2">{i.role.toLowerCase()}</td>
                <td className="px-3 py-2"><span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLE[i.status]}`}>{i.status}</span></td>
                <td className="px-3 py-2 text-slate-600">{i.expiresAt.slice(0, 10)}</td>
                <td className="px-3 py-2 text-slate-600">{i.invitedBy ?? "–"}</td>
                <td className="px-3 py-2 text-right">
                  {i.status === "pending" && (
                    <button type="button" disabled={pending} onClick={() => revoke(i.id)} className="text-red-700 underline"
                      aria-label={`Revoke the invitation of ${i.email} (${i.role.toLowerCase()})`}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
