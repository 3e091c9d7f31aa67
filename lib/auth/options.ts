// next-auth configuration: email + password (always), OpenID Connect (when OIDC_* is set).
// Sessions are JWTs that carry only the user id and the user's session version; roles are read
// from the database on every request so a role change takes effect at once, and a token whose
// version is no longer the user's (signed out, password changed, role removed) is refused.
import type { NextAuthOptions } from "next-auth";
// a type only: openid-client is next-auth 4's own OAuth client, whose TokenSet it hands to callbacks
import type { TokenSet } from "openid-client";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { authenticate } from "@/lib/auth/authenticate";
import { throttledCode } from "@/lib/auth/sign-in-throttle";
import { clientAddress } from "@/lib/auth/client-address";
import { readDeviceCookie, setDeviceCookie } from "@/lib/auth/device-cookie-jar";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";
import { bumpSessionVersion, getSessionVersion, userOfSessionClaims } from "@/lib/auth/session-user";
import { safeCallbackPath } from "@/lib/auth/safe-callback-path";
import { oidcSignInEmail } from "@/lib/auth/oidc-email";

const ZCredentials = z.object({ email: z.string().trim().email(), password: z.string().min(1).max(1024) });

export function oidcEnabled(): boolean {
  return Boolean(process.env.OIDC_ISSUER && process.env.OIDC_CLIENT_ID && process.env.OIDC_CLIENT_SECRET);
}

function providers(): NextAuthOptions["providers"] {
  const list: NextAuthOptions["providers"] = [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, req) {
        const parsed = ZCredentials.safeParse(raw);
        if (!parsed.success) throw new Error("invalid");
        const result = await authenticate(getDb(), parsed.data.email, parsed.data.password, {
          address: clientAddress(req?.headers),
          deviceCookie: await readDeviceCookie(),
        });
        // One message for unknown email and wrong password: no hint whether the account exists.
        if (!result.ok) throw new Error(result.reason === "throttled" ? throttledCode(result.retryAfterS) : result.reason);
        // this browser is now one the account signed in on: its own throttle counter from here on
        if (result.deviceCookie) await setDeviceCookie(result.deviceCookie);
        return { id: result.user.id, email: result.user.email, name: result.user.name };
      },
    }),
  ];
  if (oidcEnabled()) {
    list.push({
      id: "oidc",
      name: process.env.OIDC_NAME ?? "Single sign-on",
      type: "oauth",
      wellKnown: `${process.env.OIDC_ISSUER!.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: process.env.OIDC_CLIENT_ID,
      clientSecret: process.env.OIDC_CLIENT_SECRET,
      authorization: { params: { scope: "openid email profile" } },
      // the ID token is checked (signature, issuer, audience, expiry) by openid-client
      idToken: true,
      // PKCE (S256) binds the code to this browser's sign-in; state guards the callback against CSRF
      checks: ["pkce", "state"],
      userinfo: {
        // The claims the sign-in goes by: the ID token's, with the userinfo endpoint's over them.
        // A provider following OpenID Connect Core 5.4 sends email and email_verified from its
        // userinfo endpoint only (the code flow's ID token then carries just `sub`); others (Google,
        // Keycloak, Entra ID) put them in the ID token. openid-client refuses a userinfo answer whose
        // `sub` is not the ID token's.
        async request({ tokens, client }) {
          // next-auth passes openid-client's TokenSet (its type names only the token fields)
          const set = tokens as TokenSet;
          const claims = set.claims();
          if (!client.issuer.metadata.userinfo_endpoint) return claims;
          return { ...claims, ...(await client.userinfo(set)) };
        },
      },
      profile(profile: { sub: string; email?: string; name?: string }) {
        return { id: profile.sub, email: profile.email ?? null, name: profile.name ?? null };
      },
    });
  }
  return list;
}

export const authOptions: NextAuthOptions = {
  providers: providers(),
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/signin", signOut: "/signout", error: "/signin" },
  callbacks: {
    async signIn({ user, account, profile }) {
      if (account?.provider !== "oidc") return true;
      // OIDC accounts are matched by email, which the provider must have verified (issue 27, point
      // 12; lib/auth/oidc-email.ts); a first sign-in creates a user without roles. A refusal shows
      // the sign-in page's "access denied".
      const checked = oidcSignInEmail(profile, { trustUnverified: process.env.OIDC_TRUST_UNVERIFIED_EMAIL === "1" });
      if (!checked.ok) {
        console.warn(
          checked.reason === "unverified"
            ? "[auth] single sign-on refused: the provider did not say the email is verified (email_verified); see OIDC_TRUST_UNVERIFIED_EMAIL"
            : "[auth] single sign-on refused: the provider sent no email address",
        );
        return false;
      }
      const email = checked.email;
      // a placeholder rater an import made is never a login, whatever a provider asserts
      if (isImportedAnnotatorEmail(email)) return false;
      const db = getDb();
      const existing = await db.user.upsert({ where: { email }, update: {}, create: { email, name: user.name } });
      user.id = existing.id;
      return true;
    },
    // Only same-origin paths, parsed the way a browser parses them (issue 13, point 15).
    async redirect({ url, baseUrl }) {
      return `${new URL(baseUrl).origin}${safeCallbackPath(url, baseUrl)}`;
    },
    async jwt({ token, user }) {
      if (user) {
        // Sign-in (password or OIDC, whose signIn callback set user.id to ours): stamp the version.
        const sv = await getSessionVersion(getPgPool(), user.id);
        if (sv === null) throw new Error("unknown user");
        token.uid = user.id;
        token.sv = sv;
        return token;
      }
      // Every later read of the session (/api/auth/session): a token that is no longer current
      // throws, and next-auth then answers "no session" and deletes the cookie.
      if (!(await userOfSessionClaims(getPgPool(), token))) throw new Error("session ended");
      return token;
    },
    async session({ session, token }) {
      if (session.user) (session.user as { id?: string }).id = token.uid as string | undefined;
      return session;
    },
  },
  events: {
    // Signing out ends the session everywhere: the cookie being cleared in this browser is not
    // enough, a copy of it must stop working too (issue 13, point 22).
    // Only a current token bumps: a stolen, already ended cookie cannot keep signing its owner out.
    async signOut({ token }) {
      if (typeof token?.uid === "string" && typeof token.sv === "number") {
        await bumpSessionVersion(getPgPool(), token.uid, token.sv);
      }
    },
  },
};
