import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { findMembers } from "@/lib/db/projects/members";
import { annotatorWorkloads } from "@/lib/db/assignments/corrections";
import { MembersEditor } from "@/components/project/members-editor";
import { findInvitations } from "@/lib/db/projects/invitations";
import { InvitationsPanel } from "@/components/project/invitations-panel";

export const dynamic = "force-dynamic";

const ROLE_FILTERS = ["MANAGER", "ADJUDICATOR", "ANNOTATOR"] as const;

export default async function MembersPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug } = await params;
  const sp = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const search = first(sp.q)?.trim().slice(0, 200) ?? "";
  const role = ROLE_FILTERS.find((r) => r === first(sp.role));
  const access = await requireProjectPage(slug, "project.manage", `/projects/${slug}/members`);
  const [members, invitations, workloads] = await Promise.all([findMembers(getDb(), access.project.id, { search, role }), findInvitations(getDb(), access.project.id), annotatorWorkloads(getDb(), access.project.id)]);
  const work = new Map(workloads.map((w) => [w.userId, w]));
  return (
    <div>
      <h2 className="text-lg font-medium">Members</h2>
      <p className="text-sm text-slate-600">A person can hold several roles. Changes take effect on their next request.</p>
      <form method="get" role="search" aria-label="Search members" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <input type="search" name="q" defaultValue={search} placeholder="email or name" aria-label="Search members by email or name" className="w-64 rounded border border-slate-300 px-2 py-1" />
        <select name="role" defaultValue={role ?? ""} aria-label="Show members with role" className="rounded border border-slate-300 px-2 py-1">
          <option value="">every role</option>
          {ROLE_FILTERS.map((r) => (
            <option key={r} value={r}>
              {r.toLowerCase()}s
            </option>
          ))}
        </select>
        <button type="submit" className="rounded bg-slate-800 px-3 py-1 text-white">Show</button>
        {(search || role) && (
          <a href={`/projects/${slug}/members`} className="text-indigo-700 underline">
            Clear
          </a>
        )}
      </form>
      <MembersEditor slug={slug} members={members.map((m) => ({ ...m, work: work.get(m.userId) }))} />
      <InvitationsPanel slug={slug} invitations={invitations} />
    </div>
  );
}
