// The authorisation matrix: every route and server action of the build, and what each kind of
// caller gets. access-matrix.spec.ts fails when the build has a route or action missing here,
// so a new endpoint cannot ship without a decision about who may use it.
export const CALLERS = ["anonymous", "outsider", "annotator", "adjudicator", "manager", "admin"] as const;
export type Caller = (typeof CALLERS)[number];
type Expect = Record<Caller, number>;

const all = (n: number): Expect => ({ anonymous: n, outsider: n, annotator: n, adjudicator: n, manager: n, admin: n });
/** signed in: everyone may; anonymous gets `anon` */
const signedIn = (anon: number): Expect => ({ ...all(200), anonymous: anon });
/** project-scoped read for members */
const members = (anon: number): Expect => ({ anonymous: anon, outsider: 404, annotator: 200, adjudicator: 200, manager: 200, admin: 200 });
const managers = (anon: number): Expect => ({ anonymous: anon, outsider: 404, annotator: 403, adjudicator: 403, manager: 200, admin: 200 });
const adjudicators = (anon: number): Expect => ({ anonymous: anon, outsider: 404, annotator: 403, adjudicator: 200, manager: 200, admin: 200 });
const annotators = (anon: number): Expect => ({ anonymous: anon, outsider: 404, annotator: 200, adjudicator: 403, manager: 403, admin: 403 });

export interface RouteCheck {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  expect: Expect;
}

/** Keyed by the route's entry in .next/server/app-paths-manifest.json. Pages redirect anonymous callers (307). */
export const ROUTES: Record<string, RouteCheck[]> = {
  "/_global-error/page": [],
  "/_not-found/page": [],
  "/page": [{ method: "GET", path: "/", expect: all(307) }],
  "/signin/page": [{ method: "GET", path: "/signin", expect: all(200) }],
  "/signout/page": [{ method: "GET", path: "/signout", expect: all(200) }],
  "/api/auth/[...nextauth]/route": [{ method: "GET", path: "/api/auth/csrf", expect: all(200) }],
  "/api/health/route": [{ method: "GET", path: "/api/health", expect: all(200) }],
  "/projects/page": [{ method: "GET", path: "/projects", expect: signedIn(307) }],
  "/projects/[slug]/page": [{ method: "GET", path: "/projects/demo", expect: members(307) }],
  "/projects/[slug]/members/page": [{ method: "GET", path: "/projects/demo/members", expect: managers(307) }],
  "/api/projects/route": [{ method: "GET", path: "/api/projects", expect: signedIn(401) }],
  "/api/projects/[slug]/route": [{ method: "GET", path: "/api/projects/demo", expect: members(401) }],
  "/api/projects/[slug]/members/route": [
    { method: "GET", path: "/api/projects/demo/members", expect: managers(401) },
    // idempotent: annotator3 keeps exactly the ANNOTATOR role
    { method: "PUT", path: "/api/projects/demo/members", body: { email: "annotator3@demo.tropos", roles: ["ANNOTATOR"] }, expect: managers(401) },
    { method: "PUT", path: "/api/projects/demo/members", body: { email: "not-an-email", roles: [] }, expect: { ...managers(401), manager: 400, admin: 400 } },
  ],
};

export interface ActionCheck {
  /** page the action is posted to */
  page: string;
  args: unknown[];
  /** "ok" or the error code the action returns */
  expect: Record<Caller, string>;
}

const actionManagers = { anonymous: "UNAUTHENTICATED", outsider: "NOT_FOUND", annotator: "FORBIDDEN", adjudicator: "FORBIDDEN", manager: "ok", admin: "ok" };

/** Keyed by `<filename>#<exportedName>` from .next/server/server-reference-manifest.json. */
export const ACTIONS: Record<string, ActionCheck> = {
  "app/projects/[slug]/members/actions.ts#setMemberRolesAction": {
    page: "/projects/demo/members",
    args: [{ slug: "demo", email: "annotator3@demo.tropos", roles: ["ANNOTATOR"] }],
    expect: actionManagers,
  },
};

export { adjudicators, annotators };
