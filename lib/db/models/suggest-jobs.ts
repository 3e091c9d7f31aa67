// Starting a suggest job (issue 15): the endpoint and the field are checked before the Job row is
// made (an unknown name or a field a model cannot fill is refused at once, not as a failed job),
// then the job is queued for a worker, or left for the caller to run (the CLI's --wait).
// A unit whose request failed keeps its failure row, so later jobs skip it; `retryFailed` deletes
// those rows (this endpoint, this field) first, so the new job asks those units again.
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { getProjectJob } from "@/lib/db/jobs/jobs";
import { findApiModelEndpoint } from "@/lib/db/models/endpoints";
import { AppError } from "@/lib/errors";
import type { TJobView } from "@/lib/jobs/job-view";
import { enqueue, QUEUES } from "@/lib/jobs/queue";
import type { TSuggestJobInput } from "@/lib/jobs/suggest-job";
import { getSchemeInForce } from "@/lib/db/projects/project-schemes";
import { checkModelBaseUrl } from "@/lib/models/model-base-url";
import { checkModelKeyEnv } from "@/lib/models/model-key-env";
import { findSuggestField } from "@/lib/models/suggest-field";

export async function createSuggestJob(
  db: Db,
  pool: Pool,
  opts: { projectId: string; actorId: string | null; endpointName: string; field: string; limit?: number; retryFailed?: boolean; queue?: boolean },
): Promise<TJobView> {
  const endpoint = await findApiModelEndpoint(db, opts.projectId, opts.endpointName);
  checkModelBaseUrl(endpoint.baseUrl);
  // an endpoint stored before the key rule may name NEXTAUTH_SECRET: refused at the start, not unit by unit
  checkModelKeyEnv(endpoint.apiKeyEnv);
  const found = findSuggestField(await getSchemeInForce(db, opts.projectId), opts.field);
  if (!found.ok) throw new AppError("BAD_REQUEST", found.message);
  const input: TSuggestJobInput = { endpointId: endpoint.id, endpointName: endpoint.name, field: opts.field, ...(opts.limit ? { limit: opts.limit } : {}) };
  if (opts.retryFailed) await db.suggestion.deleteMany({ where: { projectId: opts.projectId, endpointId: endpoint.id, field: opts.field, status: "failed" } });
  const job = await db.job.create({ data: { projectId: opts.projectId, kind: "suggest", createdById: opts.actorId, input: input as object }, select: { id: true } });
  if (opts.queue !== false) {
    try {
      await enqueue(pool, QUEUES.suggest, { jobId: job.id });
    } catch (e) {
      await db.job.update({ where: { id: job.id }, data: { status: "failed", finishedAt: new Date(), error: { message: `The job could not be queued: ${(e as Error).message}` } } });
    }
  }
  return getProjectJob(db, opts.projectId, job.id);
}
