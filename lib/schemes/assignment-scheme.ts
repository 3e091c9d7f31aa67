/**
 * Which Assignment.scheme new assignments get (CLI `tropos assign`, Settings → Assignments).
 * A project that runs its own scheme has one assignment per annotator × item for the whole scheme
 * (SCHEME); asking it for MMTE or MetaHOPE would give annotators items the workspace cannot show,
 * so it is refused with why. A built-in project keeps its MMTE/MetaHOPE choice and refuses SCHEME.
 * Pure.
 */
import { SCHEME_ASSIGNMENT, type TAssignmentScheme, type TSchemeRuntime } from "./scheme-runtime";

export type TAssignmentSchemeChoice = { ok: true; scheme: TAssignmentScheme } | { ok: false; message: string };

const LABEL = { MMTE: "MMTE", METAHOPE: "MetaHOPE", SCHEME: "its own scheme" } as const;

/** `requested` undefined: the default (SCHEME under the scheme runtime, else `builtInDefault`). */
export function assignmentSchemeFor(runtime: TSchemeRuntime, requested: TAssignmentScheme | undefined, builtInDefault: "MMTE" | "METAHOPE"): TAssignmentSchemeChoice {
  if (runtime.kind === "scheme") {
    if (requested === undefined || requested === SCHEME_ASSIGNMENT) return { ok: true, scheme: SCHEME_ASSIGNMENT };
    return {
      ok: false,
      message: `This project runs its own scheme "${runtime.definition.name}" (version ${runtime.version}), so its assignments are per item for the whole scheme; ${LABEL[requested]} is a built-in scheme it does not use. Leave the scheme out.`,
    };
  }
  if (requested === SCHEME_ASSIGNMENT) return { ok: false, message: "This project runs the built-in MMTE/MetaHOPE fields: assign MMTE or METAHOPE." };
  return { ok: true, scheme: requested ?? builtInDefault };
}
