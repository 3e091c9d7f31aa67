// Whether an error means "the database cannot be reached right now" (issue 21 point 7): the server
// refused or dropped the connection, is shutting down or starting up, or the pool could not get a
// connection in time. Such a request did not fail because of what it asked, so it is answered
// 503 UNAVAILABLE with Retry-After (lib/http/api-handler.ts) and the browser's save queue retries
// it with backoff, instead of a 500 INTERNAL that reads like a bug.
//
// Recognised from what node-postgres and Prisma's driver adapter really throw (tested against a
// closed port and a terminated backend in tests/integration/database-unavailable.test.ts):
//   - Node socket errors: `code` ECONNREFUSED, ECONNRESET, … (an AggregateError lists one per
//     address tried, e.g. ::1 and 127.0.0.1 for localhost);
//   - PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02
//     crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery), 53300
//     too_many_connections;
//   - node-postgres errors without a code: "Connection terminated unexpectedly", "timeout
//     exceeded when trying to connect", "… is not queryable";
//   - Prisma: P1001 (cannot reach), P1002 / P1008 (timed out), P1017 (server closed the
//     connection), P2024 (no pooled connection in time), and the driver adapter's error kinds
//     (DatabaseNotReachable, ConnectionClosed, SocketTimeout, TooManyConnections) or its wrapped
//     SQLSTATE (P2010 "Raw query failed. Code: 57P01").
// Pure: no imports, so it is unit-testable without a server.

/** Seconds a client should wait before retrying after a 503 (the Retry-After header). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN", "EPIPE", "EAI_AGAIN", "ECONNABORTED"]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const PG_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

function isSqlstateUnavailable(code: string): boolean {
  return SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

export function isDatabaseUnavailable(e: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [e];
  while (stack.length) {
    const x = stack.pop();
    if (!x || typeof x !== "object" || seen.has(x)) continue;
    seen.add(x);
    const o = x as {
      code?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    const code = typeof o.code === "string" ? o.code : null;
    if (code && (SOCKET_CODES.has(code) || isSqlstateUnavailable(code) || PRISMA_CODES.has(code))) return true;
    if (typeof o.kind === "string" && ADAPTER_KINDS.has(o.kind)) return true;
    if (code === null && typeof o.message === "string" && PG_MESSAGES.test(o.message)) return true;
    stack.push(o.cause, o.meta?.driverAdapterError);
    if (Array.isArray(o.errors)) stack.push(...o.errors);
  }
  return false;
}
