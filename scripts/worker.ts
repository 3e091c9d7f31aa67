// `npm run worker`: a background-job worker as its own process (lib/jobs/worker.ts), for
// deployments that run the web servers with TROPOS_WORKER=off. Any number may run against one
// database. Stops gracefully on SIGTERM/SIGINT: the job in hand finishes or, if killed, is taken
// up again by another worker once pg-boss expires it.
import { getDb } from "@/lib/db/client";
import { closePgPool, getPgPool } from "@/lib/db/pg-pool";
import { stopBoss } from "@/lib/jobs/queue";
import { startWorker } from "@/lib/jobs/worker";
import { isDatabaseUnavailable } from "@/lib/http/database-unavailable";

// pg-boss 10 reports a job's completion or failure without awaiting it (manager.js, work():
// `this.complete(...)`, `this.fail(...)`); when the database is restarting at that moment the
// rejection is unhandled and Node would end the worker. The job is then left to pg-boss's expiry,
// which hands it out again, and the handler sees it is done (or resumes it): log and go on. Any
// other unhandled rejection is a bug and still ends the process.
process.on("unhandledRejection", (e) => {
  if (isDatabaseUnavailable(e)) {
    console.error(`[jobs] the database was unavailable for a job queue update: ${(e as Error).message}`);
    return;
  }
  console.error(e);
  process.exit(1);
});

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error("DATABASE_URL is not set: the worker needs the PostgreSQL server the web servers use.");
    process.exit(2);
  }
  await startWorker(getDb(), getPgPool());
  console.log("[jobs] worker started");
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("[jobs] stopping …");
    await stopBoss();
    await getDb().$disconnect();
    await closePgPool();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

main().catch((e: Error) => {
  console.error(`[jobs] ${e.message}`);
  process.exit(1);
});
