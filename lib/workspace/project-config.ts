// The project's stored settings (Project.schemeConfig: presentation switches, suggestions, EMOS
// weights; lib/schemes/scheme-config.ts), parsed (zod) at the boundary. Stored settings that no
// longer parse are a project setup error, reported as such rather than guessed around.
import { AppError } from "@/lib/errors";
import { parseProjectSettings, type TProjectSettings } from "@/lib/schemes/scheme-config";
import { deepFreeze } from "@/lib/deep-freeze";

export function projectSchemeConfig(stored: unknown): TProjectSettings {
  const r = parseProjectSettings(stored);
  if (!r.ok) {
    const i = r.issues[0];
    throw new AppError("UNPROCESSABLE", `The project's scheme configuration is invalid at ${i.path}: ${i.message}. Ask the project manager to fix it.`);
  }
  return r.settings;
}

/** Parsed configurations by their stored JSON (a few projects per server; the oldest go first). */
const sharedConfigs = new Map<string, TProjectSettings>();
const SHARED_CONFIGS_MAX = 200;

/**
 * projectSchemeConfig for read-only callers on hot paths (every annotation save): the stored JSON
 * is parsed once per distinct value and process instead of by zod on every request (about 0.06 ms
 * a save). The same checks and errors; the result is shared, so it is frozen (a caller that edits
 * it fails loudly instead of changing the next request's copy).
 */
export function sharedProjectSchemeConfig(stored: unknown): TProjectSettings {
  const key = JSON.stringify(stored) ?? "undefined";
  const hit = sharedConfigs.get(key);
  if (hit) return hit;
  const config = deepFreeze(projectSchemeConfig(stored));
  if (sharedConfigs.size >= SHARED_CONFIGS_MAX) sharedConfigs.delete(sharedConfigs.keys().next().value!);
  sharedConfigs.set(key, config);
  return config;
}
