// The disagreement queue of the project (adjudicators and managers).
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getAdjudicationQueue } from "@/lib/db/adjudication/adjudication";
import { withProject } from "@/lib/http/api-handler";

export const dynamic = "force-dynamic";

const ZQueueQuery = z.object({
  split: z.enum(["PILOT", "TEST"]).optional(),
  field: z.string().optional(),
  system: z.string().optional(),
  threshold: z.coerce.number().min(0).max(100).default(0),
  resolved: z.enum(["0", "1"]).default("0"),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  /** rows to pass over (a page of the queue) */
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** words or an id of the sentence */
  q: z.string().trim().max(200).optional(),
});

export const GET = withProject<{ slug: string }>("adjudication.write", async (req, { access }) => {
  const q = ZQueueQuery.parse(Object.fromEntries(new URL(req.url).searchParams.entries()));
  const queue = await getAdjudicationQueue(getDb(), access.project.id, {
    split: q.split,
    fields: q.field ? [q.field] : undefined,
    systems: q.system ? [q.system] : undefined,
    threshold: q.threshold,
    includeResolved: q.resolved === "1",
    limit: q.limit,
    offset: q.offset,
    search: q.q,
  });
  return NextResponse.json(queue);
});
