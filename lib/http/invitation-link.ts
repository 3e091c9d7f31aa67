// Invitation links: the absolute URL of /invite/<token>, and its delivery. No mail is sent by
// Tropos itself yet: the link is printed to the server log (for whoever runs the server) and
// returned to the manager who made it, who sees it once and passes it on.
import { headers } from "next/headers";

/** The app's public origin: NEXTAUTH_URL when set (behind a proxy), else the request's host. */
export async function publicOrigin(): Promise<string> {
  const configured = process.env.NEXTAUTH_URL?.replace(/\/+$/, "");
  if (configured) return configured;
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}

export async function invitationUrl(token: string): Promise<string> {
  return `${await publicOrigin()}/invite/${token}`;
}

/** Prints the link to the server log; SMTP delivery is not built in (SMTP_URL is reported as unused). */
export function logInvitation(inv: { email: string; role: string; url: string; expiresAt: Date }, projectSlug: string): void {
  const note = process.env.SMTP_URL ? " (SMTP_URL is set, but Tropos does not send mail yet: pass the link on)" : " (no mail server configured: pass the link on)";
  console.info(`[invite] ${inv.email} is invited to ${projectSlug} as ${inv.role.toLowerCase()} until ${inv.expiresAt.toISOString()}: ${inv.url}${note}`);
}
