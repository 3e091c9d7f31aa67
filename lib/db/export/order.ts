// The one corpus order every export uses: documents by position (then external id), segments by
// index. Ordering by natural keys instead of database ids makes an export of a re-imported
// project byte-identical to the original export (ids differ, order does not).
export const SEG_ORDER = `d."position", d."externalId", s."index"`;

/** Joins `s` (Segment) to `d` (Document); use with SEG_ORDER. */
export const SEG_JOIN = `JOIN "Document" d ON d.id = s."documentId"`;
