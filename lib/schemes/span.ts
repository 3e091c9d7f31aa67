/**
 * A marked stretch of a text: JavaScript string indices (UTF-16 code units), start inclusive, end
 * exclusive (as lib/import/types.ts). An empty span (start === end) is an anchored position, used
 * for omissions.
 */
export interface TSpan {
  start: number;
  end: number;
}
