/**
 * Which environment variables may hold a model endpoint's API key (issue 27, point 1a).
 *
 * An endpoint names the variable whose value is sent as `Authorization: Bearer …` to a URL a
 * project manager chooses. Any name at all would let a manager read the server's secrets: naming
 * NEXTAUTH_SECRET delivers the key that signs session cookies to the manager's server, and with it
 * a forged admin session. So a name is allowed only when it is
 *   - `TROPOS_MODEL_KEY_<something>`, a namespace that exists for model keys alone, or
 *   - listed by the operator in TROPOS_MODEL_KEY_ENVS (comma-separated; e.g. OPENAI_API_KEY),
 * and never one the app (or a library it runs: pg, Prisma, Node, Next.js) reads itself, even when
 * listed: an operator's typo must not hand out DATABASE_URL.
 *
 * The rule is checked where a name comes in (API route, CLI, createModelEndpoint) and again where a
 * key is read to be sent (apiKeyOf), so a row stored before the rule existed is never sent.
 */
import { AppError } from "@/lib/errors";

export const MODEL_KEY_PREFIX = "TROPOS_MODEL_KEY_";

/** Variables the app reads for itself (README "Configuration"), never a model key. */
const APP_VARIABLES = new Set([
  "DATABASE_URL", "DATABASE_POOL_MAX", "DATABASE_PREPARED_STATEMENTS",
  "NEXTAUTH_SECRET", "NEXTAUTH_URL", "AUTH_SECRET", "AUTH_URL",
  "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_NAME",
  "SMTP_URL", "PORT", "HOSTNAME", "NODE_ENV", "NODE_OPTIONS",
  "EMBEDDED_DB_DIR", "EMBEDDED_DB_PORT", "TEST_ADMIN_DATABASE_URL", "E2E_DATABASE_URL",
  "TROPOS_MODEL_KEY_ENVS",
]);

/**
 * Prefixes of the app's own variables and of the libraries that read the environment: pg and
 * libpq (PGPASSWORD, PGHOST…), Prisma, Next.js, Node, next-auth, OIDC, the database settings, and
 * every TROPOS_ setting (TROPOS_MODEL_KEY_ is let through before this list is asked).
 */
const APP_PREFIXES = ["TROPOS_", "DATABASE_", "NEXTAUTH_", "NEXT_", "OIDC_", "SMTP_", "EMBEDDED_DB_", "PG", "PRISMA_", "NODE_", "E2E_", "FAULT_", "BENCH_"];

/** The environment the rule reads TROPOS_MODEL_KEY_ENVS from (process.env; tests pass their own). */
type TEnv = Readonly<Record<string, string | undefined>>;

function isAppVariable(name: string): boolean {
  if (APP_VARIABLES.has(name)) return true;
  if (name.startsWith(MODEL_KEY_PREFIX)) return false;
  return APP_PREFIXES.some((p) => name.startsWith(p));
}

/** The names the operator allows besides TROPOS_MODEL_KEY_* (TROPOS_MODEL_KEY_ENVS). */
export function operatorKeyEnvs(env: TEnv): string[] {
  return (env.TROPOS_MODEL_KEY_ENVS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}

/**
 * null when `name` may hold a model key, else the reason it may not (shown to the manager: it
 * names the rule and the variables that would be allowed, never a value).
 */
export function modelKeyEnvProblem(name: string, env: TEnv = process.env): string | null {
  if (isAppVariable(name)) {
    return `${name} is one of Tropos's own settings and can never be sent to a model endpoint as its API key; put the key in a variable named ${MODEL_KEY_PREFIX}… (e.g. ${MODEL_KEY_PREFIX}OPENAI).`;
  }
  if (name.startsWith(MODEL_KEY_PREFIX) && name.length > MODEL_KEY_PREFIX.length) return null;
  if (operatorKeyEnvs(env).includes(name)) return null;
  return `The API key variable must be named ${MODEL_KEY_PREFIX}… (e.g. ${MODEL_KEY_PREFIX}OPENAI) or be listed by the server's operator in TROPOS_MODEL_KEY_ENVS; ${name} is neither.`;
}

/** Throws BAD_REQUEST with the reason when an endpoint's key variable breaks the rule (null: no key). */
export function checkModelKeyEnv(name: string | null, env: TEnv = process.env): void {
  const problem = name === null ? null : modelKeyEnvProblem(name, env);
  if (problem) throw new AppError("BAD_REQUEST", problem);
}
