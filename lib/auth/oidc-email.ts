// Which email an OpenID Connect sign-in may use (issue 27, point 12). Tropos matches single-sign-on
// users to accounts by email (an invited account is entered by whoever signs in with its address),
// so the address must be one the identity provider has checked belongs to the person. Many
// providers let users type any address into their profile; without this check, an account there
// carrying someone else's address would sign in as them. So the claim `email_verified` must be true.
// A provider that never sends the claim (some directory services, whose addresses are set by
// administrators) is refused too, failing closed; its operator may trust it with
// OIDC_TRUST_UNVERIFIED_EMAIL=1, which takes the email whatever email_verified says — safe only
// where users cannot choose their own address.
import { z } from "zod";

// OpenID Connect Core 5.1: email_verified is a boolean. A few providers send the string "true"
// (Amazon Cognito's userinfo answer); it means the same and is taken.
const ZOidcEmailClaims = z.object({
  email: z.string().trim().toLowerCase().email().optional().catch(undefined),
  email_verified: z.union([z.boolean(), z.literal("true").transform(() => true)]).optional().catch(undefined),
});

export type TOidcEmail = { ok: true; email: string } | { ok: false; reason: "no-email" | "unverified" };

/** The lower-cased email an OIDC sign-in with these claims may use, or why it may not. */
export function oidcSignInEmail(claims: unknown, opts: { trustUnverified: boolean }): TOidcEmail {
  const parsed = ZOidcEmailClaims.safeParse(claims);
  if (!parsed.success || !parsed.data.email) return { ok: false, reason: "no-email" };
  if (parsed.data.email_verified !== true && !opts.trustUnverified) return { ok: false, reason: "unverified" };
  return { ok: true, email: parsed.data.email };
}
