// A dynamic route segment as the caller wrote it. Next.js hands params to pages and handlers still
// percent-encoded (`conll%3Adev%3Aen%3As1`), so an item opened by its external id, which holds
// colons (`conll:dev:en:s1`, `m4x:4274_xnli.dev:en`), was not found. A malformed escape is kept
// as it came (the lookup then finds nothing: a 404, not a 500).
export function decodeRouteParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
