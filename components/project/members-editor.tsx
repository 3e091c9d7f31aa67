"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { setMemberRolesAction } from "@/app/projects/[slug]/members/actions";
import { removalConsequences, type TWork } from "@/lib/projects/member-removal";

type Role = "MANAGER" | "ANNOTATOR" | "ADJUDICATOR";
const ROLES: Role[] = ["MANAGER", "ADJUDICATOR", "ANNOTATOR"];

export interface MemberRow {
  userId: string;
  email: string;
  name: string | null;
  roles: Role[];
  /** their assignments by state (for the removal confirmation) */
  work?: TWork;
}

export function MembersEditor({ slug, members }: { slug: string; members: MemberRow[] }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  // a removal of a member or of their annotator role waits for a confirmation that says what
  // happens to their work (issue 29 point 2)
  const [confirming, setConfirming] = useState<{ email: string; roles: Role[]; text: string } | null>(null);

  function change(m: MemberRow, roles: Role[]) {
    const losesAnnotator = m.roles.includes("ANNOTATOR") && !roles.includes("ANNOTATOR");
    if (roles.length === 0 || losesAnnotator) {
      setConfirming({ email: m.email, roles, text: removalConsequences(m.email, m.work, roles.length === 0 ? "member" : "annotator role") });
      return;
    }
    save(m.email, roles);
  }

  function save(email: string, roles: Role[]) {
    setConfirming(null);
    start(async () => {
      const res = await setMemberRolesAction({ slug, email, roles });
      if (res.ok) {
        const withdrawn = res.data.withdrawn ? ` ${res.data.withdrawn} not-started item${res.data.withdrawn === 1 ? " was" : "s were"} withdrawn.` : "";
        setMessage({ kind: "ok", text: (roles.length ? `Saved roles of ${res.data.email}.` : `Removed ${res.data.email}.`) + withdrawn });
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
      {confirming && (
        <div role="alertdialog" aria-labelledby="confirm-removal-text" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="confirm-removal">
          <p id="confirm-removal-text" className="text-amber-950">{confirming.text}</p>
          <div className="mt-3 flex gap-3">
            <button type="button" autoFocus disabled={pending} onClick={() => save(confirming.email, confirming.roles)} className="rounded bg-red-700 px-3 py-1 text-white hover:bg-red-800">
              {confirming.roles.length ? "Take the role" : "Remove"}
            </button>
            <button type="button" onClick={() => setConfirming(null)} className="rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-50">Cancel</button>
          </div>
        </div>
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
                    onChange={(e) => change(m, e.target.checked ? [...m.roles, r] : m.roles.filter((x) => x !== r))} />
                </td>
              ))}
              <td className="px-3 py-2 text-right">
                <button type="button" disabled={pending} onClick={() => change(m, [])} className="text-red-700 underline" aria-label={`Remove ${m.email}`}>Remove</button>
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
