/**
 * Which Assignment.scheme new assignments get (CLI `tropos assign`, Settings → Assignments).
 * Every project runs its stored scheme, with one assignment per annotator × item for the whole
 * scheme (SCHEME). `--scheme MMTE` / `METAHOPE`, as scripts written for the earlier release pass
 * it, is read as that: accepted when the project's scheme has that preset's fields, refused with
 * why when it has none of them (the annotators would get items with nothing of it to do). Pure.
 */
import { MMTE_PRESET } from "./presets/mmte";
import { METAHOPE_PRESET } from "./presets/metahope";
import { SCHEME_ASSIGNMENT, type TAssignmentScheme, type TSchemeRuntime } from "./scheme-runtime";

export type TAssignmentSchemeChoice = { ok: true; scheme: typeof SCHEME_ASSIGNMENT } | { ok: false; message: string };

const PRESETS = { MMTE: { label: "MMTE", preset: MMTE_PRESET }, METAHOPE: { label: "MetaHOPE", preset: METAHOPE_PRESET } } as const;

/** `requested` undefined or SCHEME: the scheme's assignment; MMTE/METAHOPE: the same, when the scheme has that preset's fields. */
export function assignmentSchemeFor(runtime: TSchemeRuntime, requested: TAssignmentScheme | undefined): TAssignmentSchemeChoice {
  if (requested === undefined || requested === SCHEME_ASSIGNMENT) return { ok: true, scheme: SCHEME_ASSIGNMENT };
  const { label, preset } = PRESETS[requested];
  const ids = new Set(runtime.definition.fields.map((f) => f.id));
  if (preset.fields.some((f) => ids.has(f.id))) return { ok: true, scheme: SCHEME_ASSIGNMENT };
  return {
    ok: false,
    message: `This project's scheme "${runtime.definition.name}" (version ${runtime.version}) has no ${label} fields, so its annotators would get items with nothing of ${label} to do. Leave the scheme out: an assignment is per item for the whole scheme.`,
  };
}
