// Sign-in through OpenID Connect against a real provider (issue 27, point 12): oidc-provider runs on
// loopback (tests/support/oidc-test-provider.ts) and next-auth's own route handler
// (app/api/auth/[...nextauth]/route.ts) is driven as a browser would: the sign-in post, the redirect
// to the provider, its login and consent forms, the redirect back with code and state, the cookies
// in between. The provider is reached over HTTP; the app's handler is called in this process, as
// Next.js calls it (tests/support/next-request-scope.ts). The provider requires PKCE, so every
// completed sign-in here is an authorisation code flow with PKCE.
// Accounts are matched by email, so an identity provider's account carrying someone else's email
// that the provider has not verified must not sign in as them. Each case runs against a provider
// that puts the email claims in the ID token and one that sends them from its userinfo endpoint only.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { NextRequest } from "next/server";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { nextRequestScope, type TRunInRequest } from "../support/next-request-scope";
import { startOidcTestProvider, type TOidcTestAccount, type TOidcTestProvider } from "../support/oidc-test-provider";
import type { Db } from "@/lib/db/client";

// never listened on: requests to it go to next-auth's handler in this process
const APP = "http://127.0.0.1:3998";
process.env.NEXTAUTH_SECRET = "oidc-sign-in-test-secret-0123456789";
process.env.NEXTAUTH_URL = APP;

type TAuthRoute = (req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

interface TApp {
  idp: TOidcTestProvider;
  handler: TAuthRoute;
  inScope: TRunInRequest;
  // loaded after nextRequestScope(): next/server reads the AsyncLocalStorage global it sets when loaded
  NextRequest: typeof NextRequest;
}

/** A browser's part: a cookie jar per origin, redirects followed one by one. */
class Browser {
  private readonly jar = new Map<string, Map<string, string>>();
  /** every URL requested, in order */
  readonly visited: string[] = [];
  /** run just before the provider's redirect back to the app is followed */
  beforeCallback?: () => void;

  constructor(private readonly app: TApp) {}

  cookie(origin: string, name: string): string | undefined {
    return this.jar.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    this.jar.get(origin)!.set(name, value);
  }

  async request(url: string, form?: Record<string, string>): Promise<Response> {
    const target = new URL(url);
    this.visited.push(target.href);
    const cookies = this.jar.get(target.origin) ?? new Map<string, string>();
    const headers = new Headers();
    if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const init: RequestInit = { method: form ? "POST" : "GET", headers, redirect: "manual" };
    if (form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      init.body = new URLSearchParams(form).toString();
    }
    let res: Response;
    if (target.origin === APP) {
      const nextauth = target.pathname.replace(/^\/api\/auth\//, "").split("/");
      const req = new this.app.NextRequest(target, init as ConstructorParameters<typeof NextRequest>[1]);
      res = await this.app.inScope(req, () => this.app.handler(req, { params: Promise.resolve({ nextauth }) }));
    } else {
      res = await fetch(target, init);
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now()));
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(target.origin, cookies);
    return res;
  }

  /** Follows redirects until a page of the app (which this test does not render) or a non-redirect. */
  async follow(first: Response, from: string): Promise<{ url: string; res: Response }> {
    let [res, url] = [first, from];
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).href;
      if (url.startsWith(APP) && !url.startsWith(`${APP}/api/auth/`)) return { url, res };
      if (url.startsWith(`${APP}/api/auth/callback/`)) this.beforeCallback?.();
      res = await this.request(url);
    }
    return { url, res };
  }

  /** Signs in through the provider as its account `sub`: next-auth's sign-in post, then the provider's forms. Returns where the app sent the browser. */
  async signInThroughProvider(sub: string): Promise<string> {
    const authorization = await this.startSignIn();
    let { url, res } = await this.follow(await this.request(authorization), authorization);
    // the provider's login form, then its consent form (devInteractions), each posted where its form says
    for (const prompt of ["login", "consent"]) {
      expect(res.status, `${prompt} form at ${url}`).toBe(200);
      const action = /<form[^>]*action="([^"]+)"/.exec(await res.text())?.[1];
      expect(action, `${prompt} form`).toBeTruthy();
      const submit = new URL(action!.replace(/&amp;/g, "&"), url).href;
      ({ url, res } = await this.follow(await this.request(submit, prompt === "login" ? { prompt, login: sub, password: "any" } : { prompt }), submit));
    }
    return url;
  }

  /** next-auth's sign-in post (which sets the state and PKCE cookies); returns the provider's authorisation URL. */
  async startSignIn(): Promise<string> {
    const { csrfToken } = (await (await this.request(`${APP}/api/auth/csrf`)).json()) as { csrfToken: string };
    const start = await this.request(`${APP}/api/auth/signin/oidc`, { csrfToken, callbackUrl: `${APP}/projects`, json: "true" });
    const { url: authorization } = (await start.json()) as { url: string };
    expect(authorization.startsWith(`${this.app.idp.issuer}/auth?`)).toBe(true);
    return authorization;
  }

  async sessionUser(): Promise<{ id?: string; email?: string } | null> {
    const session = (await (await this.request(`${APP}/api/auth/session`)).json()) as { user?: { id?: string; email?: string } };
    return session.user ?? null;
  }
}

describe.each([
  { style: "claims in the ID token", claimsInIdToken: true },
  { style: "claims from the userinfo endpoint only", claimsInIdToken: false },
])("OpenID Connect sign-in, provider with $style", ({ claimsInIdToken }) => {
  let db: Db;
  let app: TApp;
  const accounts: TOidcTestAccount[] = [];

  beforeAll(async () => {
    // lib/auth/options.ts reads OIDC_* when it is loaded: load it afresh for this provider
    vi.resetModules();
    ({ db } = await openTestDatabase());
    const idp = await startOidcTestProvider({ redirectUri: `${APP}/api/auth/callback/oidc`, accounts, claimsInIdToken });
    process.env.OIDC_ISSUER = idp.issuer;
    process.env.OIDC_CLIENT_ID = idp.clientId;
    process.env.OIDC_CLIENT_SECRET = idp.clientSecret;
    const inScope = await nextRequestScope();
    const { NextRequest } = await import("next/server");
    const handler = ((await import("@/app/api/auth/[...nextauth]/route")) as unknown as { GET: TAuthRoute }).GET;
    app = { idp, handler, inScope, NextRequest };
  });
  afterAll(async () => {
    delete process.env.OIDC_TRUST_UNVERIFIED_EMAIL;
    await app?.idp.close();
    await closeTestDatabase();
  });

  it("signs a provider account with a verified email in as the invited account of that email, through the code flow with PKCE", async () => {
    const invited = await makeUser(db, { tag: "invited" });
    await makeProject(db, [{ userId: invited.id, roles: ["ANNOTATOR"] }]);
    // the provider's spelling of the address may differ in case
    accounts.push({ sub: `verified-${invited.id}`, email: invited.email.toUpperCase(), email_verified: true, name: "Invited Person" });
    const users = await db.user.count();
    const browser = new Browser(app);
    expect(await browser.signInThroughProvider(`verified-${invited.id}`)).toBe(`${APP}/projects`);
    expect(await browser.sessionUser()).toMatchObject({ id: invited.id, email: invited.email });
    expect(await db.user.count()).toBe(users);
    // the authorisation request carried an S256 challenge, and state
    const authorization = new URL(browser.visited.find((u) => u.startsWith(`${app.idp.issuer}/auth?`))!);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorization.searchParams.get("state")).toBeTruthy();
  });

  it("redeems the code only with the PKCE verifier of the sign-in that asked for it", async () => {
    const owner = await makeUser(db, { tag: "pkce" });
    accounts.push({ sub: `pkce-${owner.id}`, email: owner.email, email_verified: true });
    // another sign-in's verifier (a valid cookie of this app, for another challenge): the provider
    // refuses the code (invalid_grant: PKCE verification failed), next-auth answers with its callback error
    const other = new Browser(app);
    await other.startSignIn();
    const PKCE = "next-auth.pkce.code_verifier";
    const browser = new Browser(app);
    browser.beforeCallback = () => browser.setCookie(APP, PKCE, other.cookie(APP, PKCE)!);
    const landed = new URL(await browser.signInThroughProvider(`pkce-${owner.id}`));
    expect(landed.pathname).toBe("/signin");
    expect(landed.searchParams.get("error")).toBe("OAuthCallback");
    expect(await browser.sessionUser()).toBeNull();
  });

  it("refuses a provider account whose email is not verified: no session, the account of that email not entered, none created", async () => {
    const victim = await makeUser(db, { tag: "victim" });
    await makeProject(db, [{ userId: victim.id, roles: ["MANAGER"] }]);
    accounts.push({ sub: `squatter-${victim.id}`, email: victim.email, email_verified: false, name: "Squatter" });
    const users = await db.user.count();
    const browser = new Browser(app);
    const landed = new URL(await browser.signInThroughProvider(`squatter-${victim.id}`));
    expect(`${landed.pathname}?${landed.searchParams}`).toBe("/signin?error=AccessDenied");
    expect(browser.cookie(APP, "next-auth.session-token")).toBeUndefined();
    expect(await browser.sessionUser()).toBeNull();
    expect(await db.user.count()).toBe(users);
  });

  it("refuses an email the provider does not say is verified, unless OIDC_TRUST_UNVERIFIED_EMAIL=1 (then a first sign-in creates an account)", async () => {
    const email = `silent-${crypto.randomUUID().slice(0, 8)}@test.tropos`;
    accounts.push({ sub: `silent-${email}`, email, name: "Silent" });
    const refused = new Browser(app);
    expect(new URL(await refused.signInThroughProvider(`silent-${email}`)).searchParams.get("error")).toBe("AccessDenied");
    expect(await db.user.findUnique({ where: { email } })).toBeNull();

    process.env.OIDC_TRUST_UNVERIFIED_EMAIL = "1";
    try {
      const trusted = new Browser(app);
      expect(await trusted.signInThroughProvider(`silent-${email}`)).toBe(`${APP}/projects`);
      const created = await db.user.findUniqueOrThrow({ where: { email } });
      expect(await trusted.sessionUser()).toMatchObject({ id: created.id, email });
    } finally {
      delete process.env.OIDC_TRUST_UNVERIFIED_EMAIL;
    }
  });
});
