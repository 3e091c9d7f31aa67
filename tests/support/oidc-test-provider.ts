// A real OpenID Connect provider on loopback for tests (issue 27, point 12): oidc-provider, a
// certified implementation, with its default in-memory store, its development interactions (a login
// form that takes any account id, then a consent form) and the accounts the test gives. It stands in
// for the organisation's identity provider, the one part the tests may not run for real.
// PKCE is required of every client (by default oidc-provider requires it of public clients only),
// so a sign-in completes only if the client sent an S256 code_challenge and proved it at the token
// endpoint. Claims are sent either as the standard has it (the ID token of the code flow carries
// only `sub`; email, email_verified and name come from the userinfo endpoint: OpenID Connect Core
// 5.4, oidc-provider's default) or, with `claimsInIdToken`, in the ID token too, as Google, Keycloak
// and Microsoft Entra ID send them.
import http from "node:http";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TOidcTestAccount {
  sub: string;
  email?: string;
  /** left out of the claims when undefined: a provider that never says */
  email_verified?: boolean;
  name?: string;
}

export interface TOidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcTestProvider(opts: {
  redirectUri: string;
  /** read at each sign-in */
  accounts: TOidcTestAccount[];
  claimsInIdToken: boolean;
}): Promise<TOidcTestProvider> {
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "tropos-test";
  const clientSecret = randomBytes(24).toString("base64url");
  const signingKey = { ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }), use: "sig", kid: "test" };

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [opts.redirectUri], response_types: ["code"], grant_types: ["authorization_code"] }],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    pkce: { required: () => true },
    conformIdTokenClaims: !opts.claimsInIdToken,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      // looked up at each sign-in: a test may add accounts while the provider runs
      const account = opts.accounts.find((a) => a.sub === sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });
  handle = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
