// Named (server-side prepared) statements for the queries every save runs (issue 21 point 4).
// node-postgres sends an unnamed statement's text to be parsed and planned on every call; a named
// one is parsed once per connection and then only bound and executed. On the save path that took
// PostgreSQL's CPU per save from about 2.1 ms to 1.0–1.2 ms (planning the write statement's CTEs
// was most of it) and Node's by about 0.06 ms per query (bench/save-cpu.ts, BENCHMARKS.md "Save path").
//
// Off (plain unnamed queries, as before) with DATABASE_PREPARED_STATEMENTS=off. A pooler in
// transaction mode needs its prepared-statement support (PgBouncer 1.21+, max_prepared_statements > 0)
// or this switch.
import type { QueryConfig } from "pg";

/** A query to run by name; the text of one name must never change (node-postgres refuses that). */
export interface TPreparedStatement {
  name: string;
  text: string;
}

export function preparedStatement(name: string, text: string): TPreparedStatement {
  return { name: `tropos_${name}`, text };
}

let namedOn: boolean | undefined;

/**
 * Read once, at the first query: process.env is a native lookup, measurable at three queries per save.
 */
function namedStatementsOn(): boolean {
  namedOn ??= process.env.DATABASE_PREPARED_STATEMENTS !== "off";
  return namedOn;
}

/** The query config for pool.query / client.query: named when prepared statements are on. */
export function withValues(statement: TPreparedStatement, values: unknown[]): QueryConfig {
  return namedStatementsOn() ? { name: statement.name, text: statement.text, values } : { text: statement.text, values };
}
