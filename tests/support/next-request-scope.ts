// Runs a route handler outside a Next.js server (bench/save-cpu.ts, tests/integration/save-route.test.ts):
// Next gives each request its stores, the request's cookies and headers among them; this provides the
// two that `cookies()` and `headers()` (next/headers) read, so a route that reads its session through
// next/headers runs unchanged (next-auth's own route handler reads both: oidc-sign-in.test.ts).
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
