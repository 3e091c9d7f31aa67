// The socket server of the embedded database: PGlite (one PostgreSQL backend in WebAssembly, one
// session) served on a loopback port to every process of the demo (the app, its worker, the CLI).
// It reuses @electric-sql/pglite-socket's connection handler (wire-protocol framing, SSL and cancel
// requests, a ROLLBACK when a client leaves inside its transaction) but not its server, whose query
// queue had two faults that wedged the demo (issue 29 point 1):
//   - a message whose execution threw (PGlite's backend exiting) returned from the queue's loop
//     without clearing its "processing" flag, so no query of any client ran again: every page hung;
//   - `COPY … FROM STDIN` made the backend exit. The handler hands PGlite each wire message on its
//     own, so after the COPY's query the backend found no CopyData to read ("unexpected EOF on
//     client connection with an open transaction"), lost protocol synchronisation and exited(1).
// Here the queue always moves on, such a COPY is refused with an ordinary SQL error (the streaming
// import stages with INSERTs on this database instead, lib/db/import/jsonl-staging.ts), and should the
// backend still exit, every client is disconnected (their pools discard those connections) and
// PGlite is opened again on the same data folder, which it recovers like a crashed server.
import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";

type QueueOption = ConstructorParameters<typeof PGLiteSocketHandler>[0]["queryQueue"];

interface Queued {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (e: Error) => void;
}

const COPY_FROM_STDIN = /^\s*copy\b[\s\S]*\bfrom\s+stdin\b/i;

/** A simple-protocol Query message ('Q', length, text, NUL). */
function queryMessage(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, "utf8");
  const m = Buffer.alloc(5 + text.length);
  m.write("Q", 0, "latin1");
  m.writeInt32BE(4 + text.length, 1);
  text.copy(m, 5);
  return new Uint8Array(m);
}

const REFUSAL =
  "DO $tropos$ BEGIN RAISE EXCEPTION 'COPY FROM STDIN is not supported by the embedded database (PGlite): use INSERT' USING ERRCODE = 'feature_not_supported'; END $tropos$";

/** A Parse message ('P', length, statement name, text, no parameter types). */
function parseMessage(name: Buffer, sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, "utf8");
  const m = Buffer.alloc(5 + name.length + 1 + text.length + 2);
  m.write("P", 0, "latin1");
  m.writeInt32BE(m.length - 1, 1);
  name.copy(m, 5);
  text.copy(m, 5 + name.length + 1);
  return new Uint8Array(m);
}

/**
 * `COPY … FROM STDIN`, as a simple query or a Parse of the extended protocol, replaced by a
 * statement that fails with a readable error (and leaves the backend alive).
 */
export function refuseCopyFromStdin(message: Uint8Array): Uint8Array {
  if (message.length < 6) return message;
  const body = Buffer.from(message.buffer, message.byteOffset + 5, message.length - 5);
  if (message[0] === 0x51) return COPY_FROM_STDIN.test(body.toString("utf8", 0, body.length - 1)) ? queryMessage(REFUSAL) : message; // 'Q'
  if (message[0] !== 0x50) return message; // not 'P'
  const nameEnd = body.indexOf(0);
  const textEnd = body.indexOf(0, nameEnd + 1);
  if (nameEnd < 0 || textEnd < 0 || !COPY_FROM_STDIN.test(body.toString("utf8", nameEnd + 1, textEnd))) return message;
  return parseMessage(body.subarray(0, nameEnd), REFUSAL);
}

/** Whether an answer ended with ReadyForQuery and the session is idle (not in a transaction). */
function isReadyForQueryIdle(tail: Uint8Array): boolean {
  return tail.length === 6 && tail[0] === 0x5a && tail[1] === 0 && tail[2] === 0 && tail[3] === 0 && tail[4] === 5 && tail[5] === 0x49;
}

/**
 * One query at a time into PGlite's single session; while a client is inside a transaction, or
 * between its first message of an extended-protocol exchange (Parse, Bind, …) and the
 * ReadyForQuery that answers its Sync, only its messages run. Otherwise another client's Parse
 * could land between this one's Parse and Bind (the unnamed statement is the session's), and a
 * Bind would run another client's statement with these parameters: seen in CI as "invalid input
 * syntax for type bigint" with an import's JSON batch as the value, while a second client queried
 * during a streamed import. Never stops on a failure.
 */
class SessionQueue {
  private queue: Queued[] = [];
  private processing = false;
  private owner: number | null = null;
  /** the owner is mid-exchange: its last answer did not end with ReadyForQuery (idle) */
  private ownerBusy = false;

  constructor(
    private db: PGlite,
    private readonly onBackendLost: (e: Error) => void,
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private inTransaction(): boolean {
    try {
      return this.db.isInTransaction();
    } catch {
      return false;
    }
  }

  private next(): Queued | undefined {
    if (this.owner !== null && (this.ownerBusy || this.inTransaction())) {
      const i = this.queue.findIndex((q) => q.handlerId === this.owner);
      return i === -1 ? undefined : this.queue.splice(i, 1)[0];
    }
    return this.queue.shift();
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let q = this.next(); q; q = this.next()) {
        let bytes = 0;
        // the last six bytes answered: ReadyForQuery is 'Z', length 5, then the status (I idle, T/E in a transaction)
        let tail = new Uint8Array(0);
        const query = q;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(refuseCopyFromStdin(query.message), {
              onRawData: (data) => {
                bytes += data.length;
                const joined = new Uint8Array(tail.length + data.length);
                joined.set(tail);
                joined.set(data, tail.length);
                tail = joined.subarray(Math.max(0, joined.length - 6));
                query.onData(data);
              },
            }),
          );
        } catch (e) {
          // the backend exited (PGlite has no other way to fail here): every client goes
          const err = e instanceof Error ? e : new Error(String(e));
          query.reject(err);
          this.failAll(err);
          this.onBackendLost(err);
          return;
        }
        this.owner = query.handlerId;
        this.ownerBusy = !isReadyForQueryIdle(tail);
        query.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }

  private failAll(e: Error): void {
    const queued = this.queue;
    this.queue = [];
    for (const q of queued) q.reject(e);
  }

  /** After a restart: the new PGlite, with nothing queued and no transaction. */
  replaceDb(db: PGlite): void {
    this.db = db;
    this.owner = null;
    this.ownerBusy = false;
    this.failAll(new Error("the embedded database was restarted"));
  }

  clearQueueForHandler(handlerId: number): void {
    const mine = this.queue.filter((q) => q.handlerId === handlerId);
    this.queue = this.queue.filter((q) => q.handlerId !== handlerId);
    for (const q of mine) q.reject(new Error("Handler disconnected"));
  }

  /** A client that leaves inside its transaction: roll it back so that the others can go on. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    this.owner = null;
    this.ownerBusy = false;
    if (this.inTransaction()) await this.db.exec("ROLLBACK").catch(() => undefined);
    void this.process();
  }

  getQueueLength(): number {
    return this.queue.length;
  }
}

export interface EmbeddedDbServer {
  port: number;
  /** PGlite is opened again on the same data folder after its backend exited; resolves when it is up. */
  restarted(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Serves `open()`'s PGlite on host:port to at most `maxConnections` clients at once (a client beyond
 * them is refused: each process keeps a one-connection pool, see scripts/database-url.ts).
 */
export async function serveEmbeddedDb(opts: {
  open: () => Promise<PGlite>;
  host: string;
  port: number;
  maxConnections: number;
  log?: (message: string) => void;
}): Promise<EmbeddedDbServer & { db: () => PGlite }> {
  const log = opts.log ?? ((m: string) => console.error(`[embedded-db] ${m}`));
  let db = await opts.open();
  const handlers = new Set<PGLiteSocketHandler>();
  let restarting: Promise<void> = Promise.resolve();
  let stopping = false;

  const restart = (e: Error) => {
    log(`the database backend stopped (${e.message}); disconnecting its clients and opening it again`);
    for (const h of handlers) void h.detach(true).catch(() => undefined);
    handlers.clear();
    const dead = db;
    restarting = (async () => {
      await dead.close().catch(() => undefined);
      if (stopping) return;
      db = await opts.open();
      queue.replaceDb(db);
      log("the embedded database is open again");
    })().catch((err: Error) => log(`opening the embedded database again failed: ${err.message}`));
  };
  const queue = new SessionQueue(db, restart);

  const server = net.createServer((socket) => {
    void (async () => {
      await restarting; // a client arriving during a restart waits for the new backend
      if (stopping || handlers.size >= opts.maxConnections) {
        socket.end("Too many connections\n");
        return;
      }
      const handler = new PGLiteSocketHandler({ queryQueue: queue as unknown as QueueOption, closeOnDetach: true });
      handlers.add(handler);
      const forget = () => handlers.delete(handler);
      handler.addEventListener("error", forget);
      handler.addEventListener("close", forget);
      await handler.attach(socket);
    })().catch((e: Error) => {
      log(`a connection failed: ${e.message}`);
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : opts.port;

  return {
    port,
    db: () => db,
    restarted: () => restarting,
    async stop() {
      stopping = true;
      await Promise.all([...handlers].map((h) => h.detach(true).catch(() => undefined)));
      handlers.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await restarting;
      await db.close().catch(() => undefined);
    },
  };
}
