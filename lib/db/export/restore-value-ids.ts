// A restored row gets fresh ids (lib/db/export/project-dump.ts), and so must the ids a row holds inside
// its text and JSON columns: under the scheme runtime a span of a span list names its MRW by id
// (`{ start, end, label, mrwId }`, lib/schemes/built-in-to-scheme-values.ts) in values, decisions,
// suggestions and history, and an item key is "<translationId|->:<mrwId|->", "document" or
// "role:<id>"; a qualification attempt's answers name their segment by id too, and a drift flag's
// detail the segments that moved it. Left as they were, a restored span would point at the
// original project's MRW (or at nothing, once that project is deleted) and a document value would
// become a segment value.

/** Property names under which a stored value holds the id of another row of the project. */
const ID_PROPERTIES = new Set(["mrwId", "translationId"]);

/** The value with every `mrwId`/`translationId` property that names a restored row pointing at its new id. */
export function remapValueIds(value: unknown, newIdOf: (oldId: string) => string | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => remapValueIds(v, newIdOf));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, ID_PROPERTIES.has(k) && typeof v === "string" ? (newIdOf(v) ?? v) : remapValueIds(v, newIdOf)]),
  );
}

/** The item key with its id parts pointing at the new ids; "document" and "role:<id>" keys stay as they are. */
export function remapItemKey(itemKey: string, newIdOf: (oldId: string) => string | undefined): string {
  return itemKey
    .split(":")
    .map((part) => (part === "-" ? part : (newIdOf(part) ?? part)))
    .join(":");
}

/**
 * A qualification attempt's answers (`{ segmentId, externalId, field, itemKey, given, gold, … }[]`,
 * lib/db/gold-checks/qualification.ts) with their segment, item key and values pointing at the new ids.
 */
export function remapQualificationAnswers(answers: unknown, newIdOf: (oldId: string) => string | undefined): unknown {
  if (!Array.isArray(answers)) return answers;
  return answers.map((a: unknown) => {
    if (a === null || typeof a !== "object" || Array.isArray(a)) return a;
    const r = remapValueIds(a, newIdOf) as Record<string, unknown>;
    if (typeof r.segmentId === "string") r.segmentId = newIdOf(r.segmentId) ?? r.segmentId;
    if (typeof r.itemKey === "string") r.itemKey = remapItemKey(r.itemKey, newIdOf);
    return r;
  });
}

/** A drift flag's detail (lib/db/drift/drift-check.ts) with the segments in `moved` pointing at their new ids. */
export function remapDriftDetail(detail: unknown, newIdOf: (oldId: string) => string | undefined): unknown {
  if (detail === null || typeof detail !== "object" || Array.isArray(detail)) return detail;
  const moved = (detail as { moved?: unknown }).moved;
  if (!Array.isArray(moved)) return detail;
  return { ...detail, moved: moved.map((id: unknown) => (typeof id === "string" ? (newIdOf(id) ?? id) : id)) };
}

/**
 * An audit entry's detail, whose shape is its action's own (a drift flag's moved segments, a
 * decision's adjudicator, an assignment move's annotators …): every string in it, at any depth,
 * that is the id of a restored row or user becomes the new one. Ids are random and long, so no
 * other string is one of them; ids inside longer strings (sentences) stay as written.
 */
export function remapIdsDeep(value: unknown, newIdOf: (oldId: string) => string | undefined): unknown {
  if (typeof value === "string") return newIdOf(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => remapIdsDeep(v, newIdOf));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remapIdsDeep(v, newIdOf)]));
}
