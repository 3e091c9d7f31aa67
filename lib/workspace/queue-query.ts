/**
 * The annotator queue's page request from the address (issue 29 point 5: a queue of 5,000 items
 * rendered every row): which split, a status filter, a search over the sentence and its id, a
 * sort and a page. Pure: parsed with zod, defaults filled, bad values fall back instead of failing
 * the page (an address is typed by people and kept in bookmarks). An annotator has one queue (an
 * assignment is annotator × item): the `?scheme=` of an earlier release's per-part queues is not
 * a key here, so a bookmark that still has it is read without it.
 */
import { z } from "zod";

export const QUEUE_PAGE_SIZES = [25, 50, 100, 200] as const;
export const QUEUE_SORTS = ["rank", "status", "time", "segment"] as const;
export const QUEUE_STATUS_FILTERS = ["ALL", "OPEN", "TODO", "IN_PROGRESS", "DONE", "SKIPPED"] as const;

export const ZQueueQuery = z.object({
  split: z.enum(["ALL", "PILOT", "TEST", "NONE"]).catch("ALL").default("ALL"),
  status: z.enum(QUEUE_STATUS_FILTERS).catch("ALL").default("ALL"),
  q: z.string().trim().max(200).catch("").default(""),
  sort: z.enum(QUEUE_SORTS).catch("rank").default("rank"),
  dir: z.enum(["asc", "desc"]).catch("asc").default("asc"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (QUEUE_PAGE_SIZES as readonly number[]).includes(n))
    .catch(50)
    .default(50),
  done: z.string().optional().catch(undefined),
});
export type TQueueQuery = z.infer<typeof ZQueueQuery>;

/** The query from a page's searchParams (first value of a repeated key). */
export function parseQueueQuery(raw: Record<string, string | string[] | undefined>): TQueueQuery {
  return ZQueueQuery.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v || undefined])));
}

/** The address of the same queue with some settings changed (defaults left out, page back to 1 unless set). */
export function queueHref(slug: string, q: TQueueQuery, change: Partial<TQueueQuery>): string {
  const next = { ...q, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.split !== "ALL") params.set("split", next.split);
  if (next.status !== "ALL") params.set("status", next.status);
  if (next.q) params.set("q", next.q);
  if (next.sort !== "rank") params.set("sort", next.sort);
  if (next.dir !== "asc") params.set("dir", next.dir);
  if (next.page !== 1) params.set("page", String(next.page));
  if (next.size !== 50) params.set("size", String(next.size));
  const s = params.toString();
  return `/projects/${slug}/queue${s ? `?${s}` : ""}`;
}
