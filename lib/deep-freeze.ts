// Freezes a parsed value and everything in it: parsed definitions and configurations are cached and
// shared by every later request, so a caller that edits one must fail loudly instead of changing
// the next request's copy.
export function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object" && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
