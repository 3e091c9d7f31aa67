import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { findMembers } from "@/lib/db/members";
import { annotatorWorkloads } from "@/lib/db/assignment-corrections";
import { MembersEditor } from "@/components/project/members-editor";
import { findInvitations } from "@/lib/db/invitations";
import { InvitationsPanel } from "@/components/project/invitations-panel";

export const dynamic = "force-dynamic";

export default async function MembersPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "project.manage", `/projects/${slug}/members`);
  const [members, invitations, workloads] = await Promise.all([findMembers(getDb(), access.project.id), findInvitations(getDb(), access.project.id), annotatorWorkloads(getDb(), access.project.id)]);
  const work = new Map(workloads.map((w) => [w.userId, w]));
  return (
    <div>
      <h2 className="text-lg font-medium">Members</h2>
      <p className="text-sm text-slate-600">A person can hold several roles. Changes take effect on their next request.</p>
      <MembersEditor slug={slug} members={members.map((m) => ({ ...m, work: work.get(m.userId) }))} />
      <InvitationsPanel slug={slug} invitations={invitations} />
    </div>
  );
}
