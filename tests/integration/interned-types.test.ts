// lib/db/reports/interned-types.ts on a real connection: within one read, equal short jsonb values
// are one object (and equal texts one string); long jsonb texts and other types parse as usual.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { internedTypes } from "@/lib/db/reports/interned-types";

let pool: Pool;
beforeAll(async () => ({ pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const long = JSON.stringify([{ start: 0, end: 12, label: "RAM", attributes: { severity: 6, level: "MRW" } }, { start: 14, end: 20, label: "IMP", attributes: { severity: 2 } }]);
const SQL = `SELECT t::text AS t, v::jsonb AS v, n::int AS n, ts::timestamptz AS ts FROM (VALUES
  ('FLUENCY', '{"reviewed": true}', 1, '2026-01-02T03:04:05Z'), ('FLUENCY', '{"reviewed": true}', 2, '2026-01-02T03:04:05Z'),
  ('EMOTION', '${long}', 3, NULL), ('EMOTION', '${long}', 4, NULL), ('x', '3', 5, NULL), ('y', '3', 6, NULL)) AS r(t, v, n, ts)`;

describe("interned types", () => {
  it("shares equal short jsonb values within one read, parses everything else as node-postgres does", async () => {
    const plain = (await pool.query(SQL)).rows;
    const interned = (await pool.query({ text: SQL, types: internedTypes() })).rows;
    expect(interned).toEqual(plain);
    expect(interned[0].v).toBe(interned[1].v);
    expect(plain[0].v).not.toBe(plain[1].v);
    expect(interned[2].v).not.toBe(interned[3].v); // a long text (a span list) is parsed anew
    expect(interned[4].v).toBe(3);
    expect(interned[0].ts).toBeInstanceOf(Date);
    expect(typeof interned[0].n).toBe("number");
    // one read's values are not another's
    const again = (await pool.query({ text: SQL, types: internedTypes() })).rows;
    expect(again[0].v).not.toBe(interned[0].v);
  });
});
