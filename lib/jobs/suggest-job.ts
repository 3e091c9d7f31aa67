// The suggest job (issue 15): one request per unit (a document, a segment, an MRW, an item text by
// role, a translation, or an MRW in a translation; a chain template such as CR-ST's PASS sends one
// request per step of the unit) to a project's model endpoint for one field, at most `concurrency` in flight, every answer or
// failure stored as a Suggestion row with its provenance, progress in the Job row.
//
// Nothing twice: a unit that already has a Suggestion for (endpoint, prompt version, unit, field)
// is skipped, whether it was stored by this job before a stop, crash or retry, or by an earlier
// job; the unique key makes even a race between two runs store it once. A failed unit is a row
// too (with its reason), so it counts as done: a new job for the same field asks only the units
// that have no row yet.
//
// Cancel is honoured between units (requests in flight finish and are stored). A job runs for at
// most a slice (SLICE_MS) in one pg-boss job and then queues itself again: pg-boss takes a job
// whose worker went silent for EXPIRE_SECONDS as dead, and a long labelling run must not look so.
import type { Pool } from "pg";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { recordJobFailure } from "./job-failure";
import { getSchemeInForce } from "@/lib/db/projects/project-schemes";
import { listSuggestUnits } from "@/lib/db/models/suggest-units";
import { isAppError } from "@/lib/errors";
import { DEFAULT_CHAT_PARAMS, type TChatParams, type TEnv } from "@/lib/models/chat-completion";
import { checkModelBaseUrl } from "@/lib/models/model-base-url";
import { checkModelKeyEnv } from "@/lib/models/model-key-env";
import { fieldPrompt, type TFieldPrompt } from "@/lib/models/prompt-templates";
import { runPrompt } from "@/lib/models/run-prompt";
import { fieldForUnit, findSuggestField } from "@/lib/models/suggest-field";
import type { TSuggestUnit } from "@/lib/models/suggest-unit";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { EXPIRE_SECONDS, enqueue, QUEUES } from "./queue";

export const ZSuggestJobInput = z.object({
  endpointId: z.string().min(1),
  /** the endpoint's name when the job was made, for the Jobs page */
  endpointName: z.string().min(1),
  field: z.string().min(1),
  limit: z.number().int().positive().optional(),
});
export type TSuggestJobInput = z.infer<typeof ZSuggestJobInput>;

export interface TSuggestJobResult {
  endpoint: string;
  model: string;
  field: string;
  promptVersions: string[];
  /** units of this run that got a value / a recorded failure; skipped = had a row already */
  ok: number;
  failed: number;
  skipped: number;
  tokensIn: number;
  tokensOut: number;
  /** at the endpoint's price per 1k tokens, when it has one */
  cost: number | null;
  /** when this run (start, resume or next slice) began and how many units were done then: the time
   * left is estimated from this run's own rate, not from units skipped at its start */
  runStartedAt?: string;
  doneAtRunStart?: number;
}

/** Two thirds of pg-boss's expiry: a slice ends well before a live worker could look dead. */
const SLICE_MS = Math.floor(EXPIRE_SECONDS * 1000 * (2 / 3));


export interface TRunSuggestOptions {
  env?: TEnv;
  params?: TChatParams;
  /** stop taking units after this long and queue the rest as a new pg-boss job (Infinity: the CLI's --wait) */
  sliceMs?: number;
  /** called (and awaited) after every stored unit: the CLI's progress line */
  onProgress?: (p: { done: number; total: number; ok: number; failed: number; tokens: number }) => void | Promise<void>;
}

type TPlanned = { unit: TSuggestUnit; field: TSchemeField; prompt: TFieldPrompt };

function stageText(r: TSuggestJobResult, remaining: number): string {
  const parts = [`${r.ok} ok`, `${r.failed} failed`, `${remaining} remaining`, `${(r.tokensIn + r.tokensOut).toLocaleString("en")} tokens`];
  // in the currency the endpoint's price was given in
  if (r.cost !== null) parts.push(`cost ${r.cost.toFixed(4)}`);
  return parts.join(" · ");
}

/** Runs (or resumes) one suggest job. Throws only for failures worth a retry (database down). */
export async function runSuggestJob(db: Db, pool: Pool, jobId: string, opts: TRunSuggestOptions = {}): Promise<void> {
  const job = await db.job.findUnique({ where: { id: jobId } });
  if (!job || job.kind !== "suggest" || job.status === "done" || job.status === "failed" || job.status === "cancelled") return;
  const attempt = job.attempts + 1;
  const fail = (message: string) =>
    db.job.update({ where: { id: jobId }, data: { status: "failed", finishedAt: new Date(), stage: null, error: { message } } });
  await db.job.update({ where: { id: jobId }, data: { status: "running", startedAt: job.startedAt ?? new Date(), attempts: attempt } });

  try {
    const input = ZSuggestJobInput.safeParse(job.input);
    if (!input.success) return void (await fail("The job's input is not valid."));
    const endpoint = await db.modelEndpoint.findFirst({ where: { id: input.data.endpointId, projectId: job.projectId } });
    if (!endpoint) return void (await fail(`The model endpoint "${input.data.endpointName}" no longer exists.`));
    const baseUrl = endpoint.baseUrl;
    if (endpoint.kind !== "api" || baseUrl === null) return void (await fail(`"${endpoint.name}" holds imported predictions; it has no API to ask.`));
    try {
      // again at run time: TROPOS_MODEL_HOSTS may have been narrowed since the endpoint was added,
      // and an endpoint stored before the key rule may name one of the app's own variables (each
      // request checks both again; this fails the job once instead of every unit)
      checkModelBaseUrl(baseUrl, (opts.env ?? process.env).TROPOS_MODEL_HOSTS);
      checkModelKeyEnv(endpoint.apiKeyEnv, opts.env ?? process.env);
    } catch (e) {
      if (isAppError(e)) return void (await fail(e.message));
      throw e;
    }
    const scheme = await getSchemeInForce(db, job.projectId);
    const found = findSuggestField(scheme, input.data.field);
    if (!found.ok) return void (await fail(found.message));

    // the plan: every unit with the field alternative and prompt that apply to it
    const prompts = new Map<TSchemeField, TFieldPrompt>();
    const planned: TPlanned[] = [];
    for (const unit of await listSuggestUnits(pool, job.projectId, { scope: found.field.scope, definition: scheme, limit: input.data.limit })) {
      const field = fieldForUnit(found.field, unit);
      if (!field) continue;
      if (!prompts.has(field)) prompts.set(field, fieldPrompt(field));
      planned.push({ unit, field, prompt: prompts.get(field)! });
    }
    const versions = [...new Set([...prompts.values()].map((p) => p.version))];
    const existing = await db.suggestion.findMany({
      where: { endpointId: endpoint.id, field: input.data.field, promptVersion: { in: versions } },
      select: { segmentId: true, itemKey: true, promptVersion: true },
    });
    const have = new Set(existing.map((s) => `${s.promptVersion}|${s.segmentId}|${s.itemKey}`));
    const todo = planned.filter((p) => !have.has(`${p.prompt.version}|${p.unit.segmentId}|${p.unit.itemKey}`));

    const previous = (job.result ?? null) as TSuggestJobResult | null;
    const result: TSuggestJobResult = {
      endpoint: endpoint.name, model: endpoint.model, field: input.data.field, promptVersions: versions,
      ok: previous?.ok ?? 0, failed: previous?.failed ?? 0, skipped: previous ? previous.skipped : planned.length - todo.length,
      tokensIn: previous?.tokensIn ?? 0, tokensOut: previous?.tokensOut ?? 0, cost: null,
    };
    const total = planned.length;
    let done = planned.length - todo.length;
    const priceOf = (r: TSuggestJobResult) => (endpoint.pricePer1kTokens === null ? null : ((r.tokensIn + r.tokensOut) / 1000) * endpoint.pricePer1kTokens);
    result.cost = priceOf(result);
    result.runStartedAt = new Date().toISOString();
    result.doneAtRunStart = done;
    await db.job.update({ where: { id: jobId }, data: { total, done, stage: stageText(result, total - done), result: result as object } });

    // progress writes one after another, each with the counters as they are then
    let writing: Promise<unknown> = Promise.resolve();
    const report = () => {
      const snapshot = { ...result };
      const d = done;
      writing = writing.then(() => db.job.update({ where: { id: jobId }, data: { done: d, stage: stageText(snapshot, total - d), result: snapshot as object } }));
      return opts.onProgress?.({ done: d, total, ok: result.ok, failed: result.failed, tokens: result.tokensIn + result.tokensOut });
    };

    const params = opts.params ?? DEFAULT_CHAT_PARAMS;
    const sliceEnd = Date.now() + (opts.sliceMs ?? SLICE_MS);
    let next = 0;
    let stop: "cancel" | "slice" | null = null;
    const cancelRequested = async () => (await db.job.findUnique({ where: { id: jobId }, select: { cancelRequested: true } }))?.cancelRequested ?? false;

    const worker = async () => {
      while (next < todo.length && !stop) {
        if (await cancelRequested()) stop = "cancel";
        else if (Date.now() > sliceEnd) stop = "slice";
        // another worker may have taken the last unit while this one asked about a cancel
        if (stop || next >= todo.length) break;
        const p = todo[next++];
        const out = await runPrompt(
          { name: endpoint.name, baseUrl, model: endpoint.model, apiKeyEnv: endpoint.apiKeyEnv, timeoutMs: endpoint.timeoutMs },
          p.prompt,
          p.field,
          p.unit,
          params,
          opts.env ?? process.env,
        );
        const stored = await db.suggestion.createMany({
          skipDuplicates: true,
          data: [{
            projectId: job.projectId, endpointId: endpoint.id, jobId, segmentId: p.unit.segmentId, translationId: p.unit.translationId, mrwId: p.unit.mrwId,
            itemKey: p.unit.itemKey, field: input.data.field, value: out.ok ? (out.value as object) : undefined, status: out.ok ? "ok" : "failed",
            failure: out.failure, model: endpoint.model, promptVersion: p.prompt.version,
            params: {
              temperature: params.temperature, maxTokens: params.maxTokens, responseFormat: p.prompt.reply.name, template: p.prompt.template.id, explanation: out.explanation,
              // a chain's steps: each step's messages, raw reply and value (CR-ST's PASS paraphrases)
              ...(out.steps ? { steps: out.steps } : {}),
            } as object,
            rawReply: out.rawReply, promptText: JSON.stringify(out.messages), tokensIn: out.tokensIn, tokensOut: out.tokensOut, latencyMs: out.latencyMs, attempts: out.attempts,
          }],
        });
        done += 1;
        // a row another run stored meanwhile is that run's: count it as skipped, not twice
        if (stored.count === 0) result.skipped += 1;
        else if (out.ok) result.ok += 1;
        else result.failed += 1;
        result.tokensIn += out.tokensIn;
        result.tokensOut += out.tokensOut;
        result.cost = priceOf(result);
        await report();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(endpoint.concurrency, todo.length)) }, worker));
    await writing;

    if (stop === "cancel") {
      await db.job.update({ where: { id: jobId }, data: { status: "cancelled", finishedAt: new Date(), stage: null, done, result: result as object, error: { message: `Cancelled after ${done} of ${total} units; a new job for the same field continues where this one stopped.` } } });
      return;
    }
    if (stop === "slice" && next < todo.length) {
      // the rest in a fresh pg-boss job (see SLICE_MS); attempts start again for it
      await db.job.update({ where: { id: jobId }, data: { status: "queued", stage: `${stageText(result, total - done)} · continuing`, attempts: 0, result: result as object } });
      await enqueue(pool, QUEUES.suggest, { jobId });
      return;
    }
    await db.job.update({ where: { id: jobId }, data: { status: "done", finishedAt: new Date(), done: total, stage: null, result: result as object, error: undefined } });
  } catch (e) {
    if (await recordJobFailure(db, jobId, attempt, e)) throw e;
  }
}
