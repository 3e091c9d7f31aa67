// `tropos …args` in an end-to-end spec: the CLI against the database the server under test uses
// (E2E_DATABASE_URL, made by scripts/e2e-prepare.ts), run to its end. The same process as the
// integration tests run (tests/support/run-tropos.ts).
import { runTroposSync } from "../tests/support/run-tropos";

/** Its stdout; a failed run throws with its exit code and stderr. Its stderr goes to this process's, as execFileSync did. */
export function tropos(...args: string[]): string {
  const r = runTroposSync(args, { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "" });
  if (r.stderr) process.stderr.write(r.stderr);
  if (r.code !== 0) throw new Error(`tropos ${args.join(" ")} failed (exit ${r.code}): ${r.stderr}`);
  return r.stdout;
}
