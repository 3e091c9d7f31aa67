// node-postgres type parsers for one large read whose rows repeat a few strings and values: every
// text cell equal to an earlier one of the same read is that earlier string, and every short
// jsonb text the value parsed the first time (a scale point, a label, an empty list). A million
// value rows then hold one copy of each field id, system name, email, language and unit instead of
// one per row: less to keep and to collect (the report caches keep these rows), and the maps that
// group the rows later find a string whose hash is already computed. The values are shared
// between rows, which is why cached report data is never modified (as decoded copies already share
// them: lib/reports/scheme-report-snapshot-codec.ts).
import pg from "pg";

const TEXT_OID = 25;
const JSONB_OID = 3802;
/** Longer jsonb texts (span lists, alignments) are rarely repeated: parsed as they come. */
const MAX_SHARED_JSON = 64;

export function internedTypes(): { getTypeParser: typeof pg.types.getTypeParser } {
  const strings = new Map<string, string>();
  const values = new Map<string, unknown>();
  const text = (s: string): string => {
    const seen = strings.get(s);
    if (seen !== undefined) return seen;
    strings.set(s, s);
    return s;
  };
  const jsonb = (s: string): unknown => {
    if (s.length > MAX_SHARED_JSON) return JSON.parse(s);
    if (values.has(s)) return values.get(s);
    const v: unknown = JSON.parse(s);
    values.set(s, v);
    return v;
  };
  return {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      format === "binary" ? pg.types.getTypeParser(oid, format) : oid === TEXT_OID ? text : oid === JSONB_OID ? jsonb : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
}
