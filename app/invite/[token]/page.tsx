import Link from "next/link";
import { getDb } from "@/lib/db/client";
import { getCurrentUser } from "@/lib/auth/current-user";
import { findInvitationByToken } from "@/lib/db/projects/invitations";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { InvitationAccept } from "@/components/project/invitation-accept";

export const dynamic = "force-dynamic";

const GONE: Record<string, { title: string; text: string }> = {
  accepted: { title: "This invitation has been used", text: "Each invitation link works once. If it was you, sign in; otherwise ask a project manager for a new invitation." },
  revoked: { title: "This invitation was withdrawn", text: "A project manager withdrew it. Ask them for a new invitation if you still need access." },
  expired: { title: "This invitation has expired", text: "Invitation links are valid for 7 days. Ask a project manager for a new one." },
};

/** The page an invitation link opens: set name and password (new account), or sign in and accept. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [inv, user] = await Promise.all([findInvitationByToken(getDb(), token), getCurrentUser()]);
  const box = "mx-auto mt-12 max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm";
  if (!inv) {
    return (
      <div className={box} data-testid="invitation-invalid">
        <h1 className="text-xl font-semibold">This invitation link is not valid</h1>
        <p className="mt-2 text-sm text-slate-700">Check that you copied the whole link. Otherwise ask a project manager for a new invitation.</p>
      </div>
    );
  }
  const gone = GONE[inv.status];
  if (gone) {
    return (
      <div className={box} data-testid={`invitation-${inv.status}`}>
        <h1 className="text-xl font-semibold">{gone.title}</h1>
        <p className="mt-2 text-sm text-slate-700">{gone.text}</p>
        <p className="mt-4 text-sm">
          {user ? <Link href="/projects" className="underline">Your projects</Link> : <Link href="/signin" className="underline">Sign in</Link>}
        </p>
      </div>
    );
  }
  return (
    <div className={box}>
      <h1 className="text-xl font-semibold">Join {inv.project.name}</h1>
      <p className="mt-2 text-sm text-slate-700">
        You are invited to <b>{inv.project.name}</b> as <b>{inv.role.toLowerCase()}</b> ({inv.email}). The link is valid until{" "}
        {inv.expiresAt.slice(0, 10)}.
      </p>
      <InvitationAccept
        token={token}
        email={inv.email}
        accountExists={inv.accountExists}
        signedInAs={user?.email ?? null}
        minPasswordLength={MIN_PASSWORD_LENGTH}
      />
    </div>
  );
}
