/**
 * How MMTE's figures name what they count (figure 3's equivalence bars, the distribution of the
 * ratings): the fields' labels, the labels' and scale points' names, and what one unit of a field
 * is, as the MMTE preset gives them (lib/schemes/presets/mmte.json). Computed on the server and
 * handed to the charts with the figures (paper-view.ts), so that the browser gets names, not the
 * preset. A label a variant adds has no name here: the charts show its value.
 */
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { isMetaphoricalAlternative } from "@/lib/schemes/presets/paper-codes";
import { valueLabelText } from "@/lib/schemes/language/scheme-option";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";

export interface TMmteDisplay {
  /** per MMTE agreement field: its label, whether it is a Likert scale (coloured as one), and its unit in the plural */
  fields: Record<string, { label: string; likert: boolean; units: string }>;
  /** a rating's name by its code: "1 Very Poor", "Full equivalence", "Literal (literal source)" */
  categoryNames: Record<string, string>;
  /** figure 3's panels, metaphorical and literal source MRWs: the equivalence labels' values and names, in the preset's order */
  equivalence: Record<"metaphorical" | "literal", { values: string[]; names: string[] }>;
}

const optionsOf = (f: TSchemeField | undefined) => (f?.kind === "choice" ? (f.options ?? []) : []);

function mmteDisplay(): TMmteDisplay {
  const fields: TMmteDisplay["fields"] = {};
  const categoryNames: Record<string, string> = {};
  // the first name given to a code stays (ERROR is in both equivalence sets: "Error")
  const name = (code: string | number, text: string) => (categoryNames[String(code)] ??= text);
  for (const f of MMTE_PRESET.fields) {
    if (fields[f.id] || (f.kind !== "scale" && f.kind !== "choice")) continue;
    fields[f.id] = { label: f.label, likert: f.kind === "scale", units: f.scope === "mrw-translation" ? "MRW instances" : "translations" };
  }
  const likert = MMTE_PRESET.fields.find((f) => f.kind === "scale");
  if (likert?.kind === "scale") for (const [v, l] of Object.entries(likert.labels ?? {})) name(v, `${v} ${valueLabelText(l)}`);
  for (const o of optionsOf(MMTE_PRESET.fields.find((f) => f.id === "EMOTION"))) name(o.value, String(o.label ?? o.value));
  const equivalence = MMTE_PRESET.fields.filter((f) => f.id === "EQUIVALENCE");
  const metaphorical = optionsOf(equivalence.find(isMetaphoricalAlternative));
  const literal = optionsOf(equivalence.find((f) => !isMetaphoricalAlternative(f)));
  for (const o of metaphorical) name(o.value, String(o.label ?? o.value));
  for (const o of literal) name(o.value, `${o.label ?? o.value} (literal source)`);
  const panel = (os: typeof metaphorical) => ({ values: os.map((o) => String(o.value)), names: os.map((o) => String(o.label ?? o.value)) });
  return { fields, categoryNames, equivalence: { metaphorical: panel(metaphorical), literal: panel(literal) } };
}

export const MMTE_DISPLAY: TMmteDisplay = mmteDisplay();
