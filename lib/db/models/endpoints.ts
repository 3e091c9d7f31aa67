// Data access for a project's model endpoints (issue 15): create (validated: name, http(s) base
// URL allowed by TROPOS_MODEL_HOSTS, the NAME of the key's environment variable), list, find by
// name. Nothing here ever holds an API key: the rows hold the variable's name, and the view says
// only whether that variable is set in this process. An "imported" endpoint stands for a model
// whose predictions came from a file (lib/db/import/suggestions.ts): no URL, never asked.
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { checkModelBaseUrl } from "@/lib/models/model-base-url";
import { modelKeyEnvProblem } from "@/lib/models/model-key-env";

export const ZModelEndpointInput = z.object({
  name: z.string().trim().min(1, "a name is required").max(60).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "letters, digits, '.', '_' and '-'"),
  baseUrl: z.string().trim().min(1, "a base URL is required").max(500),
  model: z.string().trim().min(1, "a model id is required").max(200),
  // the variable's name only: a pasted key ("sk-…") is refused by the pattern and never stored
  apiKeyEnv: z
    .string()
    .trim()
    .regex(/^[A-Z_][A-Z0-9_]{0,99}$/, "the NAME of an environment variable (upper-case letters, digits and _), not the key itself")
    // only TROPOS_MODEL_KEY_* or a name the operator lists, never the app's own (NEXTAUTH_SECRET…):
    // its value is sent to a URL the manager chooses (lib/models/model-key-env.ts)
    .superRefine((name, ctx) => {
      const problem = modelKeyEnvProblem(name);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .nullable()
    .default(null),
  concurrency: z.number().int().min(1).max(64).default(2),
  timeoutMs: z.number().int().min(100).max(30 * 60 * 1000).default(60_000),
  pricePer1kTokens: z.number().min(0).nullable().default(null),
});
export type TModelEndpointInput = z.input<typeof ZModelEndpointInput>;

export const MODEL_ENDPOINT_KINDS = ["api", "imported"] as const;
export type TModelEndpointKind = (typeof MODEL_ENDPOINT_KINDS)[number];

export interface TModelEndpointView {
  id: string;
  name: string;
  kind: TModelEndpointKind;
  /** null for an imported model */
  baseUrl: string | null;
  model: string;
  apiKeyEnv: string | null;
  /** whether the named variable is set where this runs (the key itself never leaves the server) */
  apiKeySet: boolean;
  concurrency: number;
  timeoutMs: number;
  pricePer1kTokens: number | null;
  createdAt: string;
}

type TRow = { id: string; name: string; kind: string; baseUrl: string | null; model: string; apiKeyEnv: string | null; concurrency: number; timeoutMs: number; pricePer1kTokens: number | null; createdAt: Date };

export function modelEndpointView(r: TRow, env: Readonly<Record<string, string | undefined>> = process.env): TModelEndpointView {
  return {
    id: r.id, name: r.name, kind: r.kind === "imported" ? "imported" : "api", baseUrl: r.baseUrl, model: r.model, apiKeyEnv: r.apiKeyEnv,
    // a name the key rule refuses (a row from before it) is never read, not even to say it is set
    apiKeySet: r.apiKeyEnv === null || modelKeyEnvProblem(r.apiKeyEnv, env) !== null ? false : Boolean(env[r.apiKeyEnv]),
    concurrency: r.concurrency, timeoutMs: r.timeoutMs, pricePer1kTokens: r.pricePer1kTokens, createdAt: r.createdAt.toISOString(),
  };
}

export async function createModelEndpoint(db: Db, projectId: string, input: TModelEndpointInput): Promise<TModelEndpointView> {
  const parsed = ZModelEndpointInput.safeParse(input);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new AppError("BAD_REQUEST", `${String(i.path[0] ?? "endpoint")}: ${i.message}`);
  }
  const data = { ...parsed.data, baseUrl: checkModelBaseUrl(parsed.data.baseUrl) };
  const taken = await db.modelEndpoint.findUnique({ where: { projectId_name: { projectId, name: data.name } }, select: { id: true } });
  if (taken) throw new AppError("CONFLICT", `The project already has a model endpoint named "${data.name}".`);
  const row = await db.modelEndpoint.create({ data: { projectId, ...data } });
  return modelEndpointView(row);
}

export async function listModelEndpoints(db: Db, projectId: string): Promise<TModelEndpointView[]> {
  const rows = await db.modelEndpoint.findMany({ where: { projectId }, orderBy: { name: "asc" } });
  return rows.map((r) => modelEndpointView(r));
}

/** The project's endpoint of that name; another project's is "not found". */
export async function findModelEndpoint(db: Db, projectId: string, name: string) {
  const row = await db.modelEndpoint.findUnique({ where: { projectId_name: { projectId, name } } });
  if (!row) throw new AppError("NOT_FOUND", `No model endpoint named "${name}" in this project.`);
  return row;
}

/** The project's API endpoint of that name (one Tropos can ask); an imported model is refused by name. */
export async function findApiModelEndpoint(db: Db, projectId: string, name: string) {
  const row = await findModelEndpoint(db, projectId, name);
  if (row.kind !== "api" || row.baseUrl === null) throw new AppError("BAD_REQUEST", `"${name}" holds imported predictions (tropos import --as-suggestions); it has no API to ask.`);
  return { ...row, baseUrl: row.baseUrl };
}
