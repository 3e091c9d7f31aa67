// SQL that sorts the built-in code columns as their enums did. PostgreSQL sorted an enum by its
// declaration order (IMP, RAM, MIS, STL, PRF and MINOR … CRITICAL), and the exports list error
// spans in that order; as text the codes would sort alphabetically, which changes the files.
// The order is the preset's (lib/schemes/presets/built-in-codes.ts), the same as the enums'.
import { ERROR_CATEGORY_CODES, SEVERITY_CODE_BY_PENALTY } from "@/lib/schemes/presets/built-in-codes";

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const positionIn = (codes: readonly string[], column: string) => `array_position(ARRAY[${codes.map(literal).join(", ")}]::text[], ${column})`;

/** ORDER BY term for an ErrorSpan.category column (e.g. `e.category`). */
export const categoryOrder = (column: string) => positionIn(ERROR_CATEGORY_CODES, column);
/** ORDER BY term for an ErrorSpan.severity column, by penalty. */
export const severityOrder = (column: string) => positionIn([...SEVERITY_CODE_BY_PENALTY.values()], column);
