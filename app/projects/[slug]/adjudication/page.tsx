import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getAdjudicationQueue } from "@/lib/db/adjudication/adjudication";
import { requireProjectPage } from "@/lib/http/page-access";
import { QueueView } from "@/components/adjudication/queue-view";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { schemeFieldIds } from "@/lib/import/scheme-line-check";
import { formatSchemeValue } from "@/lib/adjudication/format-scheme-value";
import type { TSchemeQueueRow } from "@/lib/db/adjudication/scheme-decisions";

export const dynamic = "force-dynamic";

const ZQueuePageQuery = z.object({
  split: z.enum(["PILOT", "TEST"]).optional().catch(undefined),
  /** a field of the queue's fields (the built-in preset's queue fields, or the project's own scheme's), checked below */
  field: z.string().min(1).max(100).optional().catch(undefined),
  system: z.string().optional().catch(undefined),
  threshold: z.coerce.number().min(0).max(100).catch(0).default(0),
  resolved: z.enum(["0", "1"]).catch("0").default("0"),
  /** words or an id of the sentence (issue 29 point 5) */
  q: z.string().trim().max(200).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  size: z.coerce.number().int().refine((n) => [25, 50, 100, 200].includes(n)).catch(50).default(50),
});

export default async function AdjudicationQueuePage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "adjudication.write", `/projects/${slug}/adjudication`);
  const raw = await searchParams;
  const parsed = ZQueuePageQuery.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v || undefined])));
  const db = getDb();
  // the queue covers the fields of the project's scheme
  const runtime = await getProjectRuntime(db, access.project.id);
  const fields: string[] = schemeFieldIds(runtime.definition);
  const q = { ...parsed, field: parsed.field && fields.includes(parsed.field) ? parsed.field : undefined };
  const [queue, systems] = await Promise.all([
    getAdjudicationQueue(db, access.project.id, {
      split: q.split,
      fields: q.field ? [q.field] : fields,
      systems: q.system ? [q.system] : undefined,
      threshold: q.threshold,
      includeResolved: q.resolved === "1",
      search: q.q || undefined,
      offset: (q.page - 1) * q.size,
      limit: q.size,
    }),
    db.mtSystem.findMany({ where: { projectId: access.project.id }, select: { name: true }, orderBy: { name: "asc" } }),
  ]);
  // values as the adjudicator reads them (option labels, scale labels, vectors …), not stored JSON
  const fieldById = new Map(runtime.definition.fields.map((f) => [f.id, f]));
  const rows = queue.rows.map((r) => {
    const f = fieldById.get(r.field);
    // the MRW column names what a unit without an MRW is of (the queue view says "(sentence)" otherwise)
    const own = r as typeof r & Partial<Pick<TSchemeQueueRow, "itemKey" | "role">>;
    const unit = own.itemKey === "document" ? "(document)" : own.role ? `(${own.role} text)` : r.mrwToken;
    return f ? { ...r, mrwToken: unit, values: r.values.map((v) => ({ ...v, value: formatSchemeValue(f, v.value) })) } : r;
  });
  return <QueueView slug={slug} query={q} queue={{ ...queue, rows }} fields={fields} systems={systems.map((s) => s.name)} />;
}
