/**
 * A zod issue path as a JSON path people read: `fields[2].options`,
 * `fields[0].labels["1"]`. Keys that are not identifiers are quoted so a
 * label keyed "1" is not mistaken for an array index.
 */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else if (typeof p === "string" && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(p)) out += out === "" ? p : `.${p}`;
    else out += `[${JSON.stringify(String(p))}]`;
  }
  return out === "" ? "(root)" : out;
}
