// tropos suggest --project <slug> --model <endpoint> --field <FIELD> [--limit N] [--retry-failed] [--wait] [--json] [--progress]
import { z } from "zod";
import { getProjectJob, requestJobCancel } from "@/lib/db/jobs/jobs";
import { createSuggestJob } from "@/lib/db/models/suggest-jobs";
import { isAppError } from "@/lib/errors";
import { stopBoss } from "@/lib/jobs/queue";
import { runSuggestJob, type TSuggestJobResult } from "@/lib/jobs/suggest-job";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError } from "../cli-error";

export const SUGGEST_HELP = `Usage: tropos suggest --project <slug> --model <endpoint name> --field <FIELD> [--limit N] [--retry-failed] [--wait] [--json]

Asks a model endpoint (\`tropos model add\`) to suggest a value of one field for every unit of its
scope: each translation (FLUENCY, INTELLIGIBILITY, FIDELITY, OVERALL), each MRW in each translation
(EQUIVALENCE with MMTE appendix D's prompt, EMOTION, AUTHENTICITY), and for a project's own scheme
each document, segment (a cloze blank, a sentence to tag), MRW or role text (a hypothesis, shown with
its premise). CR-ST's answer runs the paper's three-step PASS chain. One request per unit (step); every
answer, or failure with its reason, is stored as a suggestion with its prompt, raw reply, tokens
and latency (never as a human annotation). Units that already have a suggestion from this
endpoint under the same prompt version are skipped, so running it again continues a stopped job.
  --limit N     only the first N units (document, segment, MRW, system order)
  --retry-failed  ask again the units whose earlier request failed (their failure rows are replaced)
  --wait        run the job here and wait for it (progress on stderr on a terminal; Ctrl-C stops
                after the requests in flight); without it the job is queued for a worker
                (the web server's, or \`npm run worker\`) and shown on the project's Jobs page
  --json        print a JSON summary on stdout (and no progress)
  --progress    progress lines on stderr even when it is not a terminal
The API key is read from the variable the endpoint names, in the process that runs the job.

Exit codes: 0 queued or finished (failed units are recorded, see \`tropos export --what suggestions\`),
1 refused or the job failed or was cancelled, 2 wrong usage, 3 database unavailable.`;

const ZArgs = z.object({
  project: z.string({ error: "is required" }).min(1),
  model: z.string({ error: "is required" }).min(1),
  field: z.string({ error: "is required" }).min(1),
  limit: z.coerce.number({ error: "must be a number" }).int().positive().optional(),
  "retry-failed": z.boolean().default(false),
  wait: z.boolean().default(false),
  json: z.boolean().default(false),
  progress: z.boolean().default(false),
  _: z.array(z.string()).max(0, "takes no positional arguments"),
});

export async function suggestCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs("suggest", argv, {
    project: { type: "string" }, model: { type: "string" }, field: { type: "string" }, limit: { type: "string" },
    "retry-failed": { type: "boolean" }, wait: { type: "boolean" }, json: { type: "boolean" }, progress: { type: "boolean" },
  }, ZArgs);
  if (help) {
    io.stdout.write(`${SUGGEST_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    let job;
    try {
      job = await createSuggestJob(ctx.db, ctx.pool, { projectId: project.id, actorId: null, endpointName: a.model, field: a.field, limit: a.limit, retryFailed: a["retry-failed"], queue: !a.wait });
    } catch (e) {
      if (isAppError(e)) throw new CliError(e.message, 1);
      throw e;
    } finally {
      if (!a.wait) await stopBoss();
    }
    if (!a.wait) {
      if (a.json) ctx.stdout.write(`${JSON.stringify({ job: job.id, status: job.status }, null, 2)}\n`);
      else ctx.stdout.write(`Queued suggest job ${job.id} (${a.field} from ${a.model}); a worker runs it. Follow it on /projects/${project.slug}/jobs.\n`);
      return job.status === "failed" ? 1 : 0;
    }
    const tty = Boolean((ctx.stderr as NodeJS.WriteStream).isTTY);
    const show = !a.json && (a.progress || tty);
    const started = Date.now();
    // first Ctrl-C: stop after the requests in flight (they are stored); the job ends "cancelled"
    const onSigint = () => {
      ctx.stderr.write("\nStopping after the requests in flight…\n");
      void requestJobCancel(ctx.db, project.id, job.id).catch(() => undefined);
    };
    process.once("SIGINT", onSigint);
    try {
      await runSuggestJob(ctx.db, ctx.pool, job.id, {
        sliceMs: Number.POSITIVE_INFINITY,
        onProgress: (p) => {
          if (!show) return;
          const text = `[${Math.round((Date.now() - started) / 1000)} s] ${p.done}/${p.total} · ${p.ok} ok · ${p.failed} failed · ${p.tokens} tokens`;
          ctx.stderr.write(tty ? `\r\x1b[K${text}` : `${text}\n`);
        },
      });
    } finally {
      process.removeListener("SIGINT", onSigint);
    }
    if (show && tty) ctx.stderr.write("\r\x1b[K");
    const end = await getProjectJob(ctx.db, project.id, job.id);
    const r = (end.result ?? {}) as Partial<TSuggestJobResult>;
    const error = (end.error as { message?: string } | null)?.message ?? null;
    if (a.json) {
      ctx.stdout.write(`${JSON.stringify({ job: end.id, status: end.status, done: end.done, total: end.total, ok: r.ok ?? 0, failed: r.failed ?? 0, skipped: r.skipped ?? 0, tokensIn: r.tokensIn ?? 0, tokensOut: r.tokensOut ?? 0, cost: r.cost ?? null, model: r.model ?? null, promptVersions: r.promptVersions ?? [], error }, null, 2)}\n`);
    } else if (end.status === "done") {
      ctx.stdout.write(`Done: ${r.ok ?? 0} suggested, ${r.failed ?? 0} failed (recorded with their reasons), ${r.skipped ?? 0} already there; ${(r.tokensIn ?? 0) + (r.tokensOut ?? 0)} tokens${r.cost != null ? `, cost ${r.cost.toFixed(4)}` : ""}.\n`);
    }
    if (end.status !== "done" && !a.json) ctx.stderr.write(`Job ${end.status}${error ? `: ${error}` : ""}\n`);
    return end.status === "done" ? 0 : 1;
  });
}
