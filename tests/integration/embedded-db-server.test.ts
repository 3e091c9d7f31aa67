// The embedded database's socket server (scripts/embedded-db-server.ts): COPY … FROM STDIN, which
// made PGlite's backend exit (issue 29 point 1), is refused as an SQL error; and should the backend
// exit all the same, it must not leave the others waiting (before, every client of the demo hung):
// the server disconnects its clients, opens PGlite again on the same data folder, and serves new
// connections, with what was committed before still there. The exit is played by a PGlite whose
// execution of one marked statement throws as PGlite throws when its backend exits (ExitStatus).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { refuseCopyFromStdin, serveEmbeddedDb } from "@/scripts/embedded-db-server";

const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-embedded-server-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (m: Uint8Array) => Buffer.from(m.subarray(5, m.length - 1)).toString("utf8");
const q = (sql: string) => {
  const b = Buffer.from(`${sql}\0`);
  const m = Buffer.alloc(5 + b.length);
  m.write("Q");
  m.writeInt32BE(4 + b.length, 1);
  b.copy(m, 5);
  return new Uint8Array(m);
};

describe("embedded database server", () => {
  it("turns COPY … FROM STDIN into a readable error and leaves other statements alone", () => {
    expect(text(refuseCopyFromStdin(q(`COPY tropos_stage_mrw ("line", "seg") FROM STDIN`)))).toMatch(/RAISE EXCEPTION 'COPY FROM STDIN is not supported/);
    expect(text(refuseCopyFromStdin(q(`copy t from stdin with (format csv)`)))).toMatch(/not supported/);
    expect(text(refuseCopyFromStdin(q(`COPY t TO STDOUT`)))).toBe("COPY t TO STDOUT");
    expect(text(refuseCopyFromStdin(q(`SELECT 'copy from stdin'`)))).toBe("SELECT 'copy from stdin'");
  });

  it("refuses COPY FROM STDIN over the extended protocol too, with the session still usable", async () => {
    const server = await serveEmbeddedDb({ open: () => PGlite.create(), host: "127.0.0.1", port: 0, maxConnections: 4, log: () => undefined });
    const c = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${server.port}/postgres?sslmode=disable` });
    await c.connect();
    try {
      await c.query("CREATE TABLE t (a int)");
      await expect(c.query({ text: "COPY t (a) FROM STDIN", values: [] })).rejects.toThrow(/COPY FROM STDIN is not supported/);
      await expect(c.query({ text: "COPY t (a) FROM STDIN", values: [], name: "copy-named" })).rejects.toThrow(/COPY FROM STDIN is not supported/);
      expect((await c.query("SELECT count(*)::int AS n FROM t")).rows).toEqual([{ n: 0 }]);
    } finally {
      await c.end();
      await server.stop();
    }
  }, 60_000);

  it("keeps each client's extended-protocol exchange whole: a large parameter split over many packets is never bound to another client's statement", async () => {
    const server = await serveEmbeddedDb({ open: () => PGlite.create(), host: "127.0.0.1", port: 0, maxConnections: 4, log: () => undefined });
    const url = `postgresql://postgres:postgres@127.0.0.1:${server.port}/postgres?sslmode=disable`;
    const a = new pg.Client({ connectionString: url });
    const b = new pg.Client({ connectionString: url });
    await Promise.all([a.connect(), b.connect()]);
    try {
      // about 2 MB of JSON: node-postgres writes it in one Bind, which reaches the server in many
      // packets; meanwhile the other client runs small parameterised queries (before: "invalid
      // input syntax for type bigint" with the JSON as the value, or the other's rows)
      const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ line: i, text: `row ${i} ${"x".repeat(80)}` })));
      let stop = false;
      const small = (async () => {
        let n = 0;
        while (!stop) {
          const r = await b.query({ text: "SELECT $1::bigint + 1 AS v", values: [n] });
          expect(r.rows).toEqual([{ v: String(n + 1) }]);
          n++;
        }
        return n;
      })();
      for (let i = 0; i < 5; i++) {
        const r = await a.query({ text: "SELECT jsonb_array_length($1::jsonb) AS n, $2::int AS k", values: [big, i] });
        expect(r.rows).toEqual([{ n: 20_000, k: i }]);
      }
      stop = true;
      expect(await small).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.end(), b.end()]);
      await server.stop();
    }
  }, 120_000);

  it("opens PGlite again after its backend exited; a one-connection pool drops its broken connection and its next query is served", async () => {
    const dataDir = path.join(dir, "pglite");
    let opened = 0;
    const open = async () => {
      const db = await PGlite.create({ dataDir });
      opened++;
      const exec = db.execProtocolRawStream.bind(db);
      db.execProtocolRawStream = async (message, options) => {
        if (Buffer.from(message).includes("tropos_backend_exit")) throw Object.assign(new Error("Program terminated with exit(1)"), { name: "ExitStatus", status: 1 });
        return exec(message, options);
      };
      return db;
    };
    const server = await serveEmbeddedDb({ open, host: "127.0.0.1", port: 0, maxConnections: 4, log: () => undefined });
    const url = `postgresql://postgres:postgres@127.0.0.1:${server.port}/postgres?sslmode=disable`;
    try {
      // the app's way: a one-connection pool, whose broken connection must be dropped, not reused
      const app = new pg.Pool({ connectionString: url, max: 1 });
      app.on("error", () => undefined);
      const a = await app.connect();
      a.on("error", () => undefined);
      try {
        await a.query("CREATE TABLE kept (n int)");
        await a.query("INSERT INTO kept VALUES (1)");
        await a.query("BEGIN");
        await a.query("INSERT INTO kept VALUES (2)");
        await expect(a.query("SELECT 'tropos_backend_exit'")).rejects.toThrow();
      } finally {
        a.release();
      }
      await server.restarted();
      try {
        expect((await app.query<{ n: number }>("SELECT n FROM kept")).rows).toEqual([{ n: 1 }]);
        expect(opened).toBe(2);
      } finally {
        await app.end();
      }
    } finally {
      await server.stop();
    }
  }, 60_000);
});
