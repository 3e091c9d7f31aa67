// Next.js calls register() once when a server starts. Tropos uses it to bring the projects worked
// on most recently into the report cache (lib/db/reports/report-data-cache.ts, from their stored copies
// where there are some), in the background:
// register must return before the server takes requests, and a failure only costs a slower
// first dashboard view.
// It also starts the background-job worker (lib/jobs/worker.ts) inside this server, unless
// TROPOS_WORKER=off (production with separate `npm run worker` processes).
//
// Before either, it moves a database made by an earlier release onto the one runtime
// (lib/db/upgrade/move-onto-scheme-runtime.ts).
//
// First of all it has the server record each request's TCP peer address in a header of its own
// (lib/http/peer-address.ts): Next.js gives route handlers no socket, and keeps a client's own
// X-Forwarded-For; the sign-in throttle needs the real address (issue 27, point 6).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installPeerAddressHeader } = await import("@/lib/http/peer-address");
  installPeerAddressHeader();
  if (!process.env.DATABASE_URL) return;
  const { getDb } = await import("@/lib/db/client");
  // a database made by an earlier release (its projects' work in the built-in runtime's tables)
  // is moved onto the one runtime before this server takes a request; a project that cannot be
  // moved is named in the log and left as it was (`npm run db:migrate` says the same, exit 1)
  try {
    const { moveEveryProjectAndLog } = await import("@/lib/db/upgrade/move-every-project-log");
    await moveEveryProjectAndLog(getDb(), (s) => console.log(`[migrate] ${s}`));
  } catch (e) {
    console.error(`[migrate] moving projects onto their schemes failed: ${(e as Error).message}`);
  }
  const { warmRecentlyActiveProjects } = await import("@/lib/db/reports/report-data-cache");
  const { warmDashboard } = await import("@/lib/db/reports/warm-dashboard");
  setTimeout(() => {
    const t = Date.now();
    // their data and their dashboards' statistics (from the stored copies and kept parts)
    warmRecentlyActiveProjects(getDb(), undefined, warmDashboard).then(
      (ids) => ids.length > 0 && console.log(`[reports] report cache warmed for ${ids.length} project(s) in ${Date.now() - t} ms`),
      (e: Error) => console.error(`[reports] warming the report cache failed: ${e.message}`),
    );
  }, 500);
  const { workerWanted, startWorker } = await import("@/lib/jobs/worker");
  if (workerWanted()) {
    const { getPgPool } = await import("@/lib/db/pg-pool");
    const { stopBoss } = await import("@/lib/jobs/queue");
    // the worker's timers must not keep a stopping server alive (npm run demo's Ctrl+C / SIGTERM
    // waited for them now and then): stop pg-boss, then leave within two seconds whatever happens
    for (const sig of ["SIGTERM", "SIGINT"] as const) {
      process.once(sig, () => {
        setTimeout(() => process.exit(0), 2000).unref();
        void stopBoss().catch(() => undefined).finally(() => process.exit(0));
      });
    }
    setTimeout(() => {
      startWorker(getDb(), getPgPool()).then(
        () => console.log("[jobs] worker started in this server (TROPOS_WORKER=off to run it separately: npm run worker)"),
        (e: Error) => console.error(`[jobs] the worker could not start: ${e.message}`),
      );
    }, 200);
  }
}
