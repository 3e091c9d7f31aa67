// tropos model add --project <slug> --name <n> --base-url <url> --model <id> [--api-key-env VAR] [--concurrency N] [--timeout-ms N] [--price-per-1k X]
// tropos model list --project <slug> [--json]
// tropos model test --project <slug> --name <n>
import { z } from "zod";
import { createModelEndpoint, findApiModelEndpoint, listModelEndpoints } from "@/lib/db/models/endpoints";
import { isAppError } from "@/lib/errors";
import { listModels } from "@/lib/models/chat-completion";
import { checkModelBaseUrl } from "@/lib/models/model-base-url";
import { modelKeyEnvProblem } from "@/lib/models/model-key-env";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError } from "../cli-error";

export const MODEL_HELP = `Usage:
  tropos model add --project <slug> --name <n> --base-url <url> --model <id> [--api-key-env VAR]
                   [--concurrency N] [--timeout-ms N] [--price-per-1k X]
  tropos model list --project <slug> [--json]
  tropos model test --project <slug> --name <n>

An OpenAI-compatible API (OpenAI, Ollama, vLLM, llama.cpp server, LM Studio) a project asks for
suggestions (\`tropos suggest\`). Managers' business: the endpoint is stored in the project.
  --base-url      http(s) URL of the API, e.g. http://127.0.0.1:11434/v1 for a local Ollama;
                  hosts inside the server's network (loopback, private, metadata, localhost)
                  only when TROPOS_MODEL_HOSTS lists them (e.g. public,127.0.0.1:11434)
  --model         the model id, e.g. qwen2.5:7b or gpt-4o-2024-05-13
  --api-key-env   the NAME of the environment variable that holds the API key (the key itself is
                  never stored, logged or exported): TROPOS_MODEL_KEY_… or a name listed in
                  TROPOS_MODEL_KEY_ENVS, never one of Tropos's own settings; leave out for
                  servers without keys
  --concurrency   requests in flight at once (default 2)
  --timeout-ms    per request, the whole answer included (default 60000)
  --price-per-1k  price per 1,000 tokens, for the cost shown with a job
test: asks the server for its models (GET /models) with the key from the variable.

Exit codes: 0 ok, 1 refused (unknown project, name taken, host or key variable not allowed, test failed), 2 wrong usage, 3 database unavailable.`;

const ZNum = (what: string) => z.coerce.number({ error: `must be a number (${what})` });
const ZAdd = z.object({
  project: z.string({ error: "is required" }).min(1),
  name: z.string({ error: "is required" }).min(1),
  "base-url": z.string({ error: "is required" }).min(1),
  model: z.string({ error: "is required" }).min(1),
  "api-key-env": z.string().min(1).optional(),
  concurrency: ZNum("requests").int().positive().optional(),
  "timeout-ms": ZNum("milliseconds").int().positive().optional(),
  "price-per-1k": ZNum("price").nonnegative().optional(),
  _: z.array(z.string()).max(0, "takes no positional arguments"),
});
const ZList = z.object({ project: z.string({ error: "is required" }).min(1), json: z.boolean().default(false), _: z.array(z.string()).max(0) });
const ZTest = z.object({ project: z.string({ error: "is required" }).min(1), name: z.string({ error: "is required" }).min(1), _: z.array(z.string()).max(0) });

const asCliError = (e: unknown) => (isAppError(e) ? new CliError(e.message, 1) : e);

export async function modelCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    io.stdout.write(`${MODEL_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (sub === "add") {
    const { values: a, help } = parseCommandArgs("model add", rest, {
      project: { type: "string" }, name: { type: "string" }, "base-url": { type: "string" }, model: { type: "string" }, "api-key-env": { type: "string" },
      concurrency: { type: "string" }, "timeout-ms": { type: "string" }, "price-per-1k": { type: "string" },
    }, ZAdd);
    if (help) {
      io.stdout.write(`${MODEL_HELP}\n`);
      return 0;
    }
    // refused before the database is opened: its value would be sent to the endpoint's URL
    const keyProblem = a["api-key-env"] ? modelKeyEnvProblem(a["api-key-env"]) : null;
    if (keyProblem) throw new CliError(keyProblem, 1);
    return withDatabase(io, async (ctx) => {
      const project = await findProject(ctx, a.project);
      try {
        const e = await createModelEndpoint(ctx.db, project.id, {
          name: a.name, baseUrl: a["base-url"], model: a.model, apiKeyEnv: a["api-key-env"] ?? null,
          concurrency: a.concurrency, timeoutMs: a["timeout-ms"], pricePer1kTokens: a["price-per-1k"] ?? null,
        });
        ctx.stdout.write(`Added model endpoint "${e.name}": ${e.model} at ${e.baseUrl}${e.apiKeyEnv ? `, key from $${e.apiKeyEnv}${e.apiKeySet ? "" : " (not set in this shell)"}` : ", no key"}.\n`);
        return 0;
      } catch (e) {
        throw asCliError(e);
      }
    });
  }
  if (sub === "list") {
    const { values: a, help } = parseCommandArgs("model list", rest, { project: { type: "string" }, json: { type: "boolean" } }, ZList);
    if (help) {
      io.stdout.write(`${MODEL_HELP}\n`);
      return 0;
    }
    return withDatabase(io, async (ctx) => {
      const project = await findProject(ctx, a.project);
      const list = await listModelEndpoints(ctx.db, project.id);
      if (a.json) ctx.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      else if (!list.length) ctx.stdout.write("No model endpoints (add one with `tropos model add`).\n");
      else for (const e of list) ctx.stdout.write(`${e.name}\t${e.model}\t${e.kind === "imported" ? "(imported predictions)" : e.baseUrl}\t${e.apiKeyEnv ? `$${e.apiKeyEnv}${e.apiKeySet ? "" : " (not set)"}` : "no key"}\tconcurrency ${e.concurrency}\ttimeout ${e.timeoutMs} ms\n`);
      return 0;
    });
  }
  if (sub === "test") {
    const { values: a, help } = parseCommandArgs("model test", rest, { project: { type: "string" }, name: { type: "string" } }, ZTest);
    if (help) {
      io.stdout.write(`${MODEL_HELP}\n`);
      return 0;
    }
    return withDatabase(io, async (ctx) => {
      const project = await findProject(ctx, a.project);
      try {
        const e = await findApiModelEndpoint(ctx.db, project.id, a.name);
        checkModelBaseUrl(e.baseUrl);
        const r = await listModels(e);
        if (!r.ok) throw new CliError(`${e.name}: ${r.message}`, 1);
        const has = r.models.includes(e.model);
        ctx.stdout.write(`${e.name}: the server answers with ${r.models.length} model(s)${r.models.length ? `: ${r.models.slice(0, 20).join(", ")}` : ""}.\n`);
        if (!has) ctx.stderr.write(`Warning: ${e.model} is not among them.\n`);
        return 0;
      } catch (e) {
        throw asCliError(e);
      }
    });
  }
  throw new CliError(`unknown subcommand "${sub}" (see \`tropos model --help\`)`, 2);
}
