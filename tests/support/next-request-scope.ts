// Runs a route handler outside a Next.js server (bench/save-cpu.ts, tests/integration/save-route.test.ts):
// Next gives each request its stores, the request's cookies among them; this provides the two that
// `cookies()` (next/headers) reads, and the request's headers that `headers()` reads, so a route or a
// server action that reads its session or its Origin through next/headers (ours, and next-auth's own
// handler) runs unchanged.
// What it leaves out is Next's own request handling (HTTP parsing, routing).

export type TRunInRequest = (req: Request, run: () => Promise<Response>) => Promise<Response>;

export async function nextRequestScope(): Promise<TRunInRequest> {
  // what a Next.js server sets up before it loads any route (next/dist/server/node-environment-baseline)
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage = (await import("node:async_hooks")).AsyncLocalStorage;
  const { workAsyncStorage } = await import("next/dist/server/app-render/work-async-storage.external");
  const { workUnitAsyncStorage } = await import("next/dist/server/app-render/work-unit-async-storage.external");
  const { RequestCookies } = await import("next/dist/server/web/spec-extension/cookies");
  const { RequestCookiesAdapter } = await import("next/dist/server/web/spec-extension/adapters/request-cookies");
  const { HeadersAdapter } = await import("next/dist/server/web/spec-extension/adapters/headers");
  return (req, run) => {
    const cookies = RequestCookiesAdapter.seal(new RequestCookies(req.headers));
    const work = { route: new URL(req.url).pathname, forceStatic: false, dynamicShouldError: false } as never;
    const headers = HeadersAdapter.seal(new Headers(req.headers));
    const unit = { type: "request", phase: "render", cookies, userspaceMutableCookies: cookies, headers } as never;
    return workAsyncStorage.run(work, () => workUnitAsyncStorage.run(unit, run));
  };
}

/**
 * As Next.js runs a route handler or a server action: the request store in its "action" phase
 * (Next's own createRequestStoreForAPI), where `cookies().set()` works, and the cookies set are
 * added to the response as Set-Cookie headers, as Next.js adds them.
 */
export async function nextActionScope(): Promise<TRunInRequest> {
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage = (await import("node:async_hooks")).AsyncLocalStorage;
  const { workAsyncStorage } = await import("next/dist/server/app-render/work-async-storage.external");
  const { workUnitAsyncStorage } = await import("next/dist/server/app-render/work-unit-async-storage.external");
  const { createRequestStoreForAPI } = await import("next/dist/server/async-storage/request-store");
  const { appendMutableCookies } = await import("next/dist/server/web/spec-extension/adapters/request-cookies");
  return async (req, run) => {
    const url = new URL(req.url);
    const store = createRequestStoreForAPI(req as never, { pathname: url.pathname, search: url.search } as never, [] as never, undefined, undefined as never, undefined);
    // revalidatePath() only records the paths in the work store; an empty cache object lets it
    const work = { route: url.pathname, forceStatic: false, dynamicShouldError: false, incrementalCache: {} } as never;
    const res = await workAsyncStorage.run(work, () => workUnitAsyncStorage.run(store, run));
    const headers = new Headers(res.headers);
    appendMutableCookies(headers, store.mutableCookies);
    return new Response(res.body, { status: res.status, headers });
  };
}
