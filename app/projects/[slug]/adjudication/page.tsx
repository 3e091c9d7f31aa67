import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getAdjudicationQueue } from "@/lib/db/adjudication";
import { requireProjectPage } from "@/lib/http/page-access";
import { QUEUE_FIELDS } from "@/lib/reports/disagreements";
import { QueueView } from "@/components/adjudication/queue-view";

export const dynamic = "force-dynamic";

const ZQueuePageQuery = z.object({
  split: z.enum(["PILOT", "TEST"]).optional().catch(undefined),
  field: z.enum(QUEUE_FIELDS).optional().catch(undefined),
  system: z.string().optional().catch(undefined),
  threshold: z.coerce.number().min(0).max(100).catch(0).default(0),
  resolved: z.enum(["0", "1"]).catch("0").default("0"),
});

export default async function AdjudicationQueuePage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "adjudication.write", `/projects/${slug}/adjudication`);
  const raw = await searchParams;
  const q = ZQueuePageQuery.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v || undefined])));
  const db = getDb();
  const [queue, systems] = await Promise.all([
    getAdjudicationQueue(db, access.project.id, {
      split: q.split,
      fields: q.field ? [q.field] : undefined,
      systems: q.system ? [q.system] : undefined,
      threshold: q.threshold,
      includeResolved: q.resolved === "1",
      limit: 500,
    }),
    db.mtSystem.findMany({ where: { projectId: access.project.id }, select: { name: true }, orderBy: { name: "asc" } }),
  ]);
  return <QueueView slug={slug} query={q} queue={queue} fields={[...QUEUE_FIELDS]} systems={systems.map((s) => s.name)} />;
}
