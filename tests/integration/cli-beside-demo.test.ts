// The README's reproduction recipe runs `tropos export` while `npm run demo` is serving the embedded
// database. (On the earlier one, PGlite behind a socket server, the CLI's pool of ten connections
// was refused and the export died with "read ECONNRESET".) Here a real embedded database is served
// by another process that keeps its own connections busy, as the running app does, and the CLI
// must work beside it, also two runs at once.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDbEnv, startEmbeddedDemoHost, type TEmbeddedDemoHost } from "../support/embedded-demo-host";
import { runTropos } from "../support/run-tropos";

const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-embedded-"));
// the embedded database's server runs as another user when the tests run as root: it must reach its folder
chmodSync(dir, 0o755);
let host: TEmbeddedDemoHost | undefined;

const tropos = (...args: string[]) => runTropos(args, embeddedDbEnv(path.join(dir, "postgres")));

beforeAll(async () => {
  host = startEmbeddedDemoHost(path.join(dir, "postgres"));
  await host.ready;
}, 180_000);

afterAll(async () => {
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("tropos CLI beside a running demo (embedded database)", () => {
  it("exports agreement and lists projects while the demo holds its own connection, also two runs at once", async () => {
    const [agreement, list] = await Promise.all([
      tropos("export", "--project", "demo", "--what", "agreement", "--format", "json"),
      tropos("project", "list", "--json"),
    ]);
    expect([agreement.code, agreement.stderr]).toEqual([0, ""]);
    expect(Array.isArray(JSON.parse(agreement.stdout))).toBe(true);
    expect([list.code, list.stderr]).toEqual([0, ""]);
    expect(JSON.parse(list.stdout).map((p: { slug: string }) => p.slug)).toEqual(expect.arrayContaining(["demo", "demo-it"]));
  }, 120_000);
});
