// The project's stored scheme configuration, parsed (zod) at the boundary. A stored config that
// no longer parses is a project setup error, reported as such rather than guessed around.
import { AppError } from "@/lib/errors";
import { parseStoredSchemeConfig, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import { WORKSPACE_SCHEMES, type TWorkspaceScheme } from "./scheme-view";

export function projectSchemeConfig(stored: unknown): TSchemeConfig {
  const r = parseStoredSchemeConfig(stored);
  if (!r.ok) {
    const i = r.issues[0];
    throw new AppError("UNPROCESSABLE", `The project's scheme configuration is invalid at ${i.path}: ${i.message}. Ask the project manager to fix it.`);
  }
  return r.config;
}

/** `?scheme=` as given, or MMTE; anything else is a bad request naming the parameter. */
export function parseSchemeParam(raw: string | null | undefined): TWorkspaceScheme {
  const v = (raw ?? "MMTE").toUpperCase();
  if (!(WORKSPACE_SCHEMES as readonly string[]).includes(v)) {
    throw new AppError("BAD_REQUEST", `Invalid scheme: expected MMTE or METAHOPE, got "${raw}".`, { field: "scheme" });
  }
  return v as TWorkspaceScheme;
}
