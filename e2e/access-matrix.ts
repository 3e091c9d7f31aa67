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
  // the study view over several projects: any signed-in caller; projects they may not read are named unavailable
  "/study/page": [{ method: "GET", path: "/study?projects=demo,demo-it", expect: signedIn(307) }],
  // the new-project wizard: site admins and project creators (none of the demo's other accounts is one)
  "/projects/new/page": [{ method: "GET", path: "/projects/new", expect: { ...all(403), anonymous: 307, admin: 200 } }],
  // the accounts and their project creator right: site admins only
  "/admin/users/page": [{ method: "GET", path: "/admin/users", expect: { ...all(403), anonymous: 307, admin: 200 } }],
  // the Tropos JSONL format reference and its example file: public, they hold no project data
  "/formats/jsonl/page": [{ method: "GET", path: "/formats/jsonl", expect: all(200) }],
  "/formats/jsonl/example.jsonl/route": [{ method: "GET", path: "/formats/jsonl/example.jsonl", expect: all(200) }],
  // an invitation link opens for anyone (the token is the authority); an unknown token gets a clear page
  "/invite/[token]/page": [{ method: "GET", path: "/invite/no-such-invitation-token", expect: all(200) }],
  "/reset-password/page": [
    { method: "GET", path: "/reset-password", expect: all(200) },
    { method: "GET", path: "/reset-password?token=no-such-reset-token", expect: all(200) },
  ],
  "/projects/[slug]/page": [{ method: "GET", path: "/projects/demo", expect: members(307) }],
  "/projects/[slug]/members/page": [{ method: "GET", path: "/projects/demo/members", expect: managers(307) }],
  "/api/projects/route": [{ method: "GET", path: "/api/projects", expect: signedIn(401) }],
  "/api/projects/[slug]/route": [{ method: "GET", path: "/api/projects/demo", expect: members(401) }],
  // marking a document read (MetaHOPE: read the document first): annotators only, and only a
  // document with a sentence assigned to them (an unknown one is 404 after the guard)
  "/api/projects/[slug]/documents/[documentId]/read/route": [
    { method: "POST", path: "/api/projects/demo/documents/no-such-document/read", expect: { ...annotators(401), annotator: 404 } },
    // a document of the caller's: the annotator reads it (every item of the demo is gated: its
    // MetaHOPE part asks for it), so the save checks below test roles and validation, not the gate
    { method: "POST", path: "/api/projects/demo/documents/demo-doc-1/read", expect: annotators(401) },
  ],
  // marking the scheme's guidelines read: any member; an empty body is refused after the guard (400)
  "/api/projects/[slug]/scheme/seen/route": [
    { method: "POST", path: "/api/projects/demo/scheme/seen", body: {}, expect: { ...members(401), annotator: 400, adjudicator: 400, manager: 400, admin: 400 } },
  ],
  // adjudicators see the page for their exports (gold, adjudicated labels) but not the import form
  "/projects/[slug]/import/page": [{ method: "GET", path: "/projects/demo/import", expect: adjudicators(307) }],
  "/projects/[slug]/settings/page": [{ method: "GET", path: "/projects/demo/settings", expect: managers(307) }],
  "/projects/[slug]/jobs/page": [{ method: "GET", path: "/projects/demo/jobs", expect: managers(307) }],
  "/projects/[slug]/settings/scheme/page": [{ method: "GET", path: "/projects/demo/settings/scheme", expect: managers(307) }],
  // no multipart body: managers get past the guard and are told to send files (400)
  "/api/projects/[slug]/import/route": [{ method: "POST", path: "/api/projects/demo/import", expect: { ...managers(401), manager: 400, admin: 400 } }],
  // background jobs: managers only; an unknown job is 404 for them (the 404 for an outsider is the project's)
  "/api/projects/[slug]/jobs/route": [{ method: "GET", path: "/api/projects/demo/jobs", expect: managers(401) }],
  "/api/projects/[slug]/jobs/[jobId]/route": [{ method: "GET", path: "/api/projects/demo/jobs/no-such-job", expect: { ...managers(401), manager: 404, admin: 404 } }],
  "/api/projects/[slug]/jobs/[jobId]/cancel/route": [{ method: "POST", path: "/api/projects/demo/jobs/no-such-job/cancel", body: {}, expect: { ...managers(401), manager: 404, admin: 404 } }],
  // model endpoints and suggestions (issue 15): managers only; an unknown endpoint is 404 for them, an empty endpoint form 400
  "/projects/[slug]/models/page": [{ method: "GET", path: "/projects/demo/models", expect: managers(307) }],
  "/api/projects/[slug]/models/route": [
    { method: "GET", path: "/api/projects/demo/models", expect: managers(401) },
    { method: "POST", path: "/api/projects/demo/models", body: {}, expect: { ...managers(401), manager: 400, admin: 400 } },
  ],
  "/api/projects/[slug]/models/[name]/test/route": [{ method: "POST", path: "/api/projects/demo/models/no-such-model/test", body: {}, expect: { ...managers(401), manager: 404, admin: 404 } }],
  "/api/projects/[slug]/suggest/route": [{ method: "POST", path: "/api/projects/demo/suggest", body: { model: "no-such-model", field: "FLUENCY" }, expect: { ...managers(401), manager: 404, admin: 404 } }],
  // exports as background jobs: the export route's permissions; a job is its starter's (and the
  // managers'), so an unknown one is 404 for everyone who passes the guard
  "/api/projects/[slug]/exports/route": [
    { method: "POST", path: "/api/projects/demo/exports", body: { what: "nothing", format: "csv" }, expect: { ...adjudicators(401), adjudicator: 400, manager: 400, admin: 400 } },
    { method: "POST", path: "/api/projects/demo/exports", body: { what: "annotations", format: "csv" }, expect: { ...managers(401), manager: 202, admin: 202 } },
    { method: "POST", path: "/api/projects/demo/exports", body: { what: "gold", format: "csv" }, expect: { ...adjudicators(401), adjudicator: 202, manager: 202, admin: 202 } },
  ],
  "/api/projects/[slug]/exports/[jobId]/route": [{ method: "GET", path: "/api/projects/demo/exports/no-such-job", expect: { ...adjudicators(401), adjudicator: 404, manager: 404, admin: 404 } }],
  "/api/projects/[slug]/exports/[jobId]/download/route": [{ method: "GET", path: "/api/projects/demo/exports/no-such-job/download", expect: { ...adjudicators(401), adjudicator: 404, manager: 404, admin: 404 } }],
  "/api/projects/[slug]/exports/[jobId]/cancel/route": [{ method: "POST", path: "/api/projects/demo/exports/no-such-job/cancel", body: {}, expect: { ...adjudicators(401), adjudicator: 404, manager: 404, admin: 404 } }],
  "/api/projects/[slug]/export/route": [
    // gold references and adjudicated labels are the adjudicator's to export; the rest is for managers
    { method: "GET", path: "/api/projects/demo/export?what=gold&format=csv", expect: adjudicators(401) },
    { method: "GET", path: "/api/projects/demo/export?what=adjudicated&format=csv", expect: adjudicators(401) },
    { method: "GET", path: "/api/projects/demo/export?what=annotations&format=csv", expect: managers(401) },
    { method: "GET", path: "/api/projects/demo/export?what=suggestions&format=csv", expect: managers(401) },
    { method: "GET", path: "/api/projects/demo/export?what=model-agreement&format=csv", expect: managers(401) },
    { method: "GET", path: "/api/projects/demo/export?what=suggestion-decisions&format=csv", expect: managers(401) },
    // every annotator's post-edits and MMTE target words (issue 19): managers, as the annotations
    { method: "GET", path: "/api/projects/demo/export?what=post-edits&format=csv", expect: managers(401) },
    { method: "GET", path: "/api/projects/demo/export?what=target-words&format=csv", expect: managers(401) },
    { method: "GET", path: "/api/projects/demo/export?what=gold-checks&format=csv", expect: managers(401) },
    { method: "GET", path: "/api/projects/demo/export?what=nothing&format=csv", expect: { ...adjudicators(401), adjudicator: 400, manager: 400, admin: 400 } },
    // Meta4XNLI interpretation pairs with the adjudicated labels (the demo has none: the header only)
    { method: "GET", path: "/api/projects/demo/export?what=nli&format=tsv", expect: adjudicators(401) },
    // one annotator's or the adjudicated tags: managers; the demo's scheme has no tags field (400)
    { method: "GET", path: "/api/projects/demo/export?what=tags&format=conll&adjudicated=1", expect: { ...managers(401), manager: 400, admin: 400 } },
  ],
  "/api/projects/[slug]/members/route": [
    { method: "GET", path: "/api/projects/demo/members", expect: managers(401) },
    // idempotent: annotator3 keeps exactly the ANNOTATOR role
    { method: "PUT", path: "/api/projects/demo/members", body: { email: "annotator3@demo.tropos", roles: ["ANNOTATOR"] }, expect: managers(401) },
    { method: "PUT", path: "/api/projects/demo/members", body: { email: "not-an-email", roles: [] }, expect: { ...managers(401), manager: 400, admin: 400 } },
  ],
  // Annotator workspace (issue 5). Items are addressed by external id here so the matrix needs no
  // database lookups; bodies are chosen so the annotator's answer is stable across runs.
  "/projects/[slug]/queue/page": [{ method: "GET", path: "/projects/demo/queue", expect: annotators(307) }],
  "/projects/[slug]/items/[segmentId]/page": [
    { method: "GET", path: "/projects/demo/items/demo-doc-1-s1?scheme=MMTE", expect: annotators(307) },
    { method: "GET", path: "/projects/demo/items/no-such-item?scheme=MMTE", expect: { ...annotators(307), annotator: 404 } },
  ],
  "/api/projects/[slug]/annotations/route": [
    // scope check: a Fluency value without its translation is a 400 naming translationId
    // (past the document gate: demo-doc-1 was marked read by the documents/read entry above)
    { method: "PUT", path: "/api/projects/demo/annotations", body: { segmentId: "demo-doc-1-s1", field: "FLUENCY", value: 3, baseVersion: 0 }, expect: { ...annotators(401), annotator: 400 } },
  ],
  // an annotator's decision on a model suggestion (issue 15 point 4): the save permission; an empty body is refused after the guard (400)
  "/api/projects/[slug]/suggestions/decisions/route": [
    { method: "POST", path: "/api/projects/demo/suggestions/decisions", body: {}, expect: { ...annotators(401), annotator: 400 } },
  ],
  "/api/projects/[slug]/items/[segmentId]/route": [
    { method: "GET", path: "/api/projects/demo/items/demo-doc-1-s1?scheme=METAHOPE", expect: annotators(401) },
    { method: "GET", path: "/api/projects/demo/items/no-such-item?scheme=MMTE", expect: { ...annotators(401), annotator: 404 } },
  ],
  "/api/projects/[slug]/items/[segmentId]/assignment/route": [
    // the item's one assignment (annotator × item, as the workspace sends it: no scheme)
    { method: "POST", path: "/api/projects/demo/items/demo-doc-1-s1/assignment", body: { action: "time", activeMs: 0 }, expect: annotators(401) },
  ],
  // adjudication, agreement dashboard and reports (adjudicators and managers; annotators refused)
  "/projects/[slug]/dashboard/page": [{ method: "GET", path: "/projects/demo/dashboard", expect: adjudicators(307) }],
  "/projects/[slug]/adjudication/page": [{ method: "GET", path: "/projects/demo/adjudication", expect: adjudicators(307) }],
  // a segment id that is not in the project: 404 for those allowed in, 403 for annotators (permission first)
  "/projects/[slug]/adjudication/[segmentId]/page": [
    { method: "GET", path: "/projects/demo/adjudication/no-such-segment", expect: { ...adjudicators(307), adjudicator: 404, manager: 404, admin: 404 } },
  ],
  "/api/projects/[slug]/reports/agreement/route": [
    { method: "GET", path: "/api/projects/demo/reports/agreement?format=json", expect: adjudicators(401) },
    { method: "GET", path: "/api/projects/demo/reports/agreement?format=xml", expect: { ...adjudicators(401), adjudicator: 400, manager: 400, admin: 400 } },
  ],
  "/api/projects/[slug]/reports/scores/route": [{ method: "GET", path: "/api/projects/demo/reports/scores?format=csv", expect: adjudicators(401) }],
  "/api/projects/[slug]/reports/full/route": [{ method: "GET", path: "/api/projects/demo/reports/full", expect: adjudicators(401) }],
  // the study planner (issue 31.5): the lead's, managers only
  "/projects/[slug]/dashboard/planner/page": [{ method: "GET", path: "/projects/demo/dashboard/planner", expect: managers(307) }],
  "/api/projects/[slug]/reports/plan/route": [
    { method: "POST", path: "/api/projects/demo/reports/plan", body: {}, expect: { ...managers(401), manager: 400, admin: 400 } },
    { method: "POST", path: "/api/projects/demo/reports/plan", body: { field: "EQUIVALENCE", items: [20], raters: [2], resamples: 100 }, expect: managers(401) },
  ],
  "/api/projects/[slug]/adjudication/route": [{ method: "GET", path: "/api/projects/demo/adjudication", expect: adjudicators(401) }],
  "/api/projects/[slug]/adjudication/decisions/route": [
    { method: "PUT", path: "/api/projects/demo/adjudication/decisions", body: { segmentId: "no-such-segment", field: "FLUENCY", value: 3, baseVersion: 0 }, expect: { ...adjudicators(401), adjudicator: 404, manager: 404, admin: 404 } },
  ],
  "/api/projects/[slug]/adjudication/auto-accept/route": [
    // the demo ships finished work (lib/demo/demo-finished-work.ts): each allowed caller accepts the
    // unanimous Fluency units and undoes that at once, so the demo data ends as it began
    { method: "POST", path: "/api/projects/demo/adjudication/auto-accept", body: { fields: ["FLUENCY"] }, expect: adjudicators(401) },
    { method: "DELETE", path: "/api/projects/demo/adjudication/auto-accept?fields=FLUENCY", expect: adjudicators(401) },
  ],
  "/api/projects/[slug]/adjudication/gold/route": [
    { method: "PUT", path: "/api/projects/demo/adjudication/gold", body: { segmentId: "no-such-segment", kind: "FIGURATIVE", text: "x", baseVersion: 0 }, expect: { ...adjudicators(401), adjudicator: 404, manager: 404, admin: 404 } },
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
  // Settings actions are called with inputs that fail only after authorisation, so the demo data stays as it is.
  "app/projects/[slug]/settings/actions.ts#createSplitAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", pilot: 1_000_000, test: 0, by: "random", seed: 1 }],
    expect: { ...actionManagers, manager: "BAD_REQUEST", admin: "BAD_REQUEST" },
  },
  "app/projects/[slug]/settings/actions.ts#createAssignmentsAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", perItem: 1, annotatorIds: ["no-such-user"] }],
    expect: { ...actionManagers, manager: "NOT_FOUND", admin: "NOT_FOUND" },
  },
  // corrections name a non-member: managers get past the guard to the lookup, nothing changes in the demo
  "app/projects/[slug]/settings/actions.ts#withdrawAssignmentsAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", email: "nobody@demo.tropos" }],
    expect: { ...actionManagers, manager: "NOT_FOUND", admin: "NOT_FOUND" },
  },
  "app/projects/[slug]/settings/actions.ts#moveAssignmentsAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", from: "nobody@demo.tropos", to: "annotator1@demo.tropos" }],
    expect: { ...actionManagers, manager: "NOT_FOUND", admin: "NOT_FOUND" },
  },
  "app/projects/[slug]/settings/actions.ts#rebalanceAssignmentsAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", emails: ["nobody@demo.tropos", "annotator1@demo.tropos"] }],
    expect: { ...actionManagers, manager: "BAD_REQUEST", admin: "BAD_REQUEST" },
  },
  "app/projects/[slug]/settings/actions.ts#setActivePosAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", activePos: ["NOUN", "VERB", "ADJ", "ADV"] }],
    expect: actionManagers,
  },
  "app/projects/[slug]/settings/actions.ts#saveSchemeConfigAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", config: { noSuchPart: true } }],
    expect: { ...actionManagers, manager: "BAD_REQUEST", admin: "BAD_REQUEST" },
  },
  // weights that do not sum to 1: managers get past the guard and are told the sum, nothing is stored
  "app/projects/[slug]/settings/actions.ts#saveEmosWeightsAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", weights: { vss: 0.5, lmr: 0.5, edr: 0.5 } }],
    expect: { ...actionManagers, manager: "BAD_REQUEST", admin: "BAD_REQUEST" },
  },
  // target languages and annotator groups (issue 19): inputs refused after authorisation, nothing changes
  "app/projects/[slug]/settings/actions.ts#updateTargetLanguagesAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", targetLangs: "fr" }],
    expect: { ...actionManagers, manager: "CONFLICT", admin: "CONFLICT" },
  },
  "app/projects/[slug]/settings/actions.ts#createGroupAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", name: "fr-1", language: "fr" }],
    expect: { ...actionManagers, manager: "BAD_REQUEST", admin: "BAD_REQUEST" },
  },
  "app/projects/[slug]/settings/actions.ts#addGroupMembersAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", group: "no-such-group", emails: ["annotator1@demo.tropos"] }],
    expect: { ...actionManagers, manager: "NOT_FOUND", admin: "NOT_FOUND" },
  },
  "app/projects/[slug]/settings/actions.ts#removeGroupMemberAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", group: "no-such-group", email: "annotator1@demo.tropos" }],
    expect: { ...actionManagers, manager: "NOT_FOUND", admin: "NOT_FOUND" },
  },
  "app/projects/[slug]/settings/actions.ts#assignGroupAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", group: "no-such-group", perItem: 1 }],
    expect: { ...actionManagers, manager: "NOT_FOUND", admin: "NOT_FOUND" },
  },
  // an item id the project lacks: managers get past the guard to the id check, nothing is stored
  "app/projects/[slug]/settings/gold-checks-actions.ts#setGoldChecksAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", qualification: "no-such-item", passMark: 0.8, checks: "", checkShare: 0 }],
    expect: { ...actionManagers, manager: "BAD_REQUEST", admin: "BAD_REQUEST" },
  },
  // the demo has no qualification set: an annotator gets past the guard and is told there is no attempt to retry
  "app/projects/[slug]/queue/qualification-actions.ts#startQualificationAttemptAction": {
    page: "/projects/demo/queue",
    args: [{ slug: "demo" }],
    expect: { anonymous: "UNAUTHENTICATED", outsider: "NOT_FOUND", annotator: "CONFLICT", adjudicator: "FORBIDDEN", manager: "FORBIDDEN", admin: "FORBIDDEN" },
  },
  // adaptive redundancy (issue 31.3): a field the scheme lacks, refused after authorisation; nothing stored
  "app/projects/[slug]/settings/adaptive-redundancy-actions.ts#setAdaptiveRuleAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", rule: { field: "NO_SUCH_FIELD", k: 2, max: 3, threshold: 0 } }],
    expect: { ...actionManagers, manager: "BAD_REQUEST", admin: "BAD_REQUEST" },
  },
  "app/projects/[slug]/settings/adaptive-redundancy-actions.ts#deleteAdaptiveRuleAction": {
    page: "/projects/demo/settings",
    args: [{ slug: "demo", field: "NO_SUCH_FIELD" }],
    expect: actionManagers,
  },
  // drift (issue 31.4): the default window, so the demo's panel stays as it was
  "app/projects/[slug]/dashboard/drift-actions.ts#setDriftWindowAction": {
    page: "/projects/demo/dashboard",
    args: [{ slug: "demo", window: 50 }],
    expect: actionManagers,
  },
  // the bell: anyone in the project marks their own notifications read
  "app/projects/[slug]/notification-actions.ts#markNotificationsReadAction": {
    page: "/projects/demo",
    args: [{ slug: "demo" }],
    expect: { anonymous: "UNAUTHENTICATED", outsider: "NOT_FOUND", annotator: "ok", adjudicator: "ok", manager: "ok", admin: "ok" },
  },
  // a project that exists already: admins get past the guard to the slug check, nothing is created
  "app/projects/new/actions.ts#createProjectAction": {
    page: "/projects/new",
    args: [{ slug: "demo", name: "Demo again", sourceLang: "en", targetLang: "zh", scheme: "mmte", members: [] }],
    expect: { anonymous: "UNAUTHENTICATED", outsider: "FORBIDDEN", annotator: "FORBIDDEN", adjudicator: "FORBIDDEN", manager: "FORBIDDEN", admin: "CONFLICT" },
  },
  // an account that does not exist: admins get past the guard to the lookup, nothing changes
  "app/admin/users/actions.ts#setProjectCreatorAction": {
    page: "/admin/users",
    args: [{ userId: "no-such-user", on: true }],
    expect: { anonymous: "UNAUTHENTICATED", outsider: "FORBIDDEN", annotator: "FORBIDDEN", adjudicator: "FORBIDDEN", manager: "FORBIDDEN", admin: "NOT_FOUND" },
  },
  // annotator3 holds the role already: refused after authorisation, no invitation is made
  "app/projects/[slug]/members/actions.ts#createInvitationAction": {
    page: "/projects/demo/members",
    args: [{ slug: "demo", email: "annotator3@demo.tropos", role: "ANNOTATOR" }],
    expect: { ...actionManagers, manager: "CONFLICT", admin: "CONFLICT" },
  },
  "app/projects/[slug]/members/actions.ts#revokeInvitationAction": {
    page: "/projects/demo/members",
    args: [{ slug: "demo", invitationId: "no-such-invitation" }],
    expect: { ...actionManagers, manager: "NOT_FOUND", admin: "NOT_FOUND" },
  },
  // invitation links: the token decides; an unknown one is NOT_FOUND for everyone (accepting needs a session)
  "app/invite/[token]/actions.ts#acceptInvitationAction": {
    page: "/invite/no-such-invitation-token",
    args: [{ token: "no-such-invitation-token" }],
    expect: { anonymous: "UNAUTHENTICATED", outsider: "NOT_FOUND", annotator: "NOT_FOUND", adjudicator: "NOT_FOUND", manager: "NOT_FOUND", admin: "NOT_FOUND" },
  },
  "app/invite/[token]/actions.ts#createAccountFromInvitationAction": {
    page: "/invite/no-such-invitation-token",
    args: [{ token: "no-such-invitation-token", name: "Nobody", password: "a long passphrase" }],
    expect: { anonymous: "NOT_FOUND", outsider: "NOT_FOUND", annotator: "NOT_FOUND", adjudicator: "NOT_FOUND", manager: "NOT_FOUND", admin: "NOT_FOUND" },
  },
  // password reset: public by design; the request answers the same whether the account exists or
  // not, and a reset needs a valid one-time token
  "app/reset-password/actions.ts#requestPasswordResetAction": {
    page: "/reset-password",
    args: [{ email: "nobody-here@example.org" }],
    expect: { anonymous: "ok", outsider: "ok", annotator: "ok", adjudicator: "ok", manager: "ok", admin: "ok" },
  },
  "app/reset-password/actions.ts#resetPasswordAction": {
    page: "/reset-password",
    args: [{ token: "no-such-reset-token", password: "a long passphrase" }],
    expect: { anonymous: "NOT_FOUND", outsider: "NOT_FOUND", annotator: "NOT_FOUND", adjudicator: "NOT_FOUND", manager: "NOT_FOUND", admin: "NOT_FOUND" },
  },
  // an invalid scheme text: managers get past the guard and are told what is wrong
  "app/projects/[slug]/settings/scheme/actions.ts#saveProjectSchemeAction": {
    page: "/projects/demo/settings/scheme",
    args: [{ slug: "demo", fileName: "x.json", text: "{ not json" }],
    expect: { ...actionManagers, manager: "BAD_REQUEST", admin: "BAD_REQUEST" },
  },
  "app/projects/[slug]/members/actions.ts#setMemberRolesAction": {
    page: "/projects/demo/members",
    args: [{ slug: "demo", email: "annotator3@demo.tropos", roles: ["ANNOTATOR"] }],
    expect: actionManagers,
  },
};

export { adjudicators, annotators };
