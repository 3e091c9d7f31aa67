/**
 * The strings of value rows (scheme-agreement.ts TSchemeValueRow) as dense integers, computed once
 * per rows array and shared by everything that groups the same rows: a field's agreement figures
 * and its distribution (scheme-report.ts hands both the same array of the field's rows). Each
 * column's codes are in first-seen order, with the strings (`units[unit[i]]` is row i's unit); a
 * row without a system or language has -1. One pass of map lookups per row instead of one per
 * consumer and column. Pure; the arrays are read-only, as the cached rows they describe.
 */
import type { TSchemeValueRow } from "./scheme-agreement";

export interface TRowCodes {
  unit: Int32Array;
  units: string[];
  annotator: Int32Array;
  annotators: string[];
  system: Int32Array;
  systems: string[];
  language: Int32Array;
  languages: string[];
}

const memo = new WeakMap<readonly TSchemeValueRow[], TRowCodes>();

function coder(): { names: string[]; code: (s: string | null | undefined) => number } {
  const index = new Map<string, number>();
  const names: string[] = [];
  return {
    names,
    code: (s) => {
      if (s === null || s === undefined) return -1;
      let k = index.get(s);
      if (k === undefined) {
        index.set(s, (k = names.length));
        names.push(s);
      }
      return k;
    },
  };
}

export function rowCodesOf(rows: readonly TSchemeValueRow[]): TRowCodes {
  const hit = memo.get(rows);
  if (hit) return hit;
  const n = rows.length;
  const [u, a, s, l] = [coder(), coder(), coder(), coder()];
  const out: TRowCodes = {
    unit: new Int32Array(n),
    units: u.names,
    annotator: new Int32Array(n),
    annotators: a.names,
    system: new Int32Array(n),
    systems: s.names,
    language: new Int32Array(n),
    languages: l.names,
  };
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    out.unit[i] = u.code(r.unit);
    out.annotator[i] = a.code(r.annotator);
    out.system[i] = s.code(r.system);
    out.language[i] = l.code(r.language);
  }
  memo.set(rows, out);
  return out;
}
