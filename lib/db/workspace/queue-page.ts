// One page of an annotator's queue, read in SQL (issue 29 point 5): the page's rows, the filtered
// count, the queue's summary and the splits it has, each an indexed aggregate or a LIMIT
// query instead of every assignment sent to the page. Only the caller's own assignments are read.
import type { Pool } from "pg";
import type { AssignmentStatus, Split } from "@/lib/generated/prisma/enums";
import type { TQueueQuery } from "@/lib/workspace/queue-query";
import type { TQueueRow, TQueueSummary } from "@/lib/workspace/queue-types";

const FROM = `FROM "Assignment" a JOIN "Segment" s ON s.id = a."segmentId" JOIN "Document" d ON d.id = s."documentId"`;
/** A segment without its own split inherits its document's. */
const SPLIT = `COALESCE(s.split, d.split)`;
const ORDER: Record<TQueueQuery["sort"], string> = {
  rank: `a.position, a.id`,
  status: `CASE a.status WHEN 'IN_PROGRESS' THEN 0 WHEN 'TODO' THEN 1 WHEN 'SKIPPED' THEN 2 ELSE 3 END, a.position, a.id`,
  time: `a."timeSpentMs", a.position, a.id`,
  segment: `s."externalId", a.id`,
};

/** The WHERE of the queue in one split; `filtered` adds the status filter and the search. */
function where(q: TQueueQuery, ids: { projectId: string; annotatorId: string }, filtered: boolean): { sql: string; values: unknown[] } {
  const values: unknown[] = [ids.projectId, ids.annotatorId];
  const parts = [`a."projectId" = $1`, `a."annotatorId" = $2`];
  if (q.split === "NONE") parts.push(`${SPLIT} IS NULL`);
  else if (q.split !== "ALL") parts.push(`${SPLIT} = $${values.push(q.split)}::"Split"`);
  if (filtered) {
    if (q.status === "OPEN") parts.push(`a.status IN ('TODO', 'IN_PROGRESS')`);
    else if (q.status !== "ALL") parts.push(`a.status = $${values.push(q.status)}::"AssignmentStatus"`);
    if (q.q) {
      // a search for the words of a sentence or its id; % and _ in the search are literal
      const n = values.push(`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      parts.push(`(s.text ILIKE $${n} OR s."externalId" ILIKE $${n})`);
    }
  }
  return { sql: `WHERE ${parts.join(" AND ")}`, values };
}

export interface TQueueScope {
  split: Split | null;
  count: number;
}

/** The splits the annotator has items in (the queue's tabs). */
export async function getQueueScopes(pool: Pool, ids: { projectId: string; annotatorId: string }): Promise<TQueueScope[]> {
  const { rows } = await pool.query<{ split: Split | null; count: string }>(
    `SELECT ${SPLIT} AS split, count(*) AS count ${FROM} WHERE a."projectId" = $1 AND a."annotatorId" = $2 GROUP BY 1 ORDER BY 1 NULLS LAST`,
    [ids.projectId, ids.annotatorId],
  );
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Progress of the queue in the chosen split (not narrowed by the status filter or the search). */
export async function getQueueSummary(pool: Pool, ids: { projectId: string; annotatorId: string }, q: TQueueQuery): Promise<TQueueSummary & { languages: { language: string; done: number; total: number }[] }> {
  const w = where(q, ids, false);
  const [byLanguage, next] = await Promise.all([
    pool.query<{ language: string; total: string; done: string; skipped: string; time: string; first: number }>(
      `SELECT s.language, count(*) AS total, count(*) FILTER (WHERE a.status = 'DONE') AS done, count(*) FILTER (WHERE a.status = 'SKIPPED') AS skipped,
              COALESCE(sum(a."timeSpentMs"), 0) AS time, min(a.position) AS first
       ${FROM} ${w.sql} GROUP BY s.language ORDER BY first`,
      w.values,
    ),
    pool.query<{ segmentId: string }>(`SELECT a."segmentId" ${FROM} ${w.sql} AND a.status IN ('TODO', 'IN_PROGRESS') ORDER BY a.position, a.id LIMIT 1`, w.values),
  ]);
  const sum = (k: "total" | "done" | "skipped" | "time") => byLanguage.rows.reduce((n, r) => n + Number(r[k]), 0);
  return {
    total: sum("total"),
    done: sum("done"),
    skipped: sum("skipped"),
    timeSpentMs: sum("time"),
    continueSegmentId: next.rows[0]?.segmentId ?? null,
    languages: byLanguage.rows.map((r) => ({ language: r.language, done: Number(r.done), total: Number(r.total) })),
  };
}

/** One page of the queue, filtered and sorted, with the count of every row the filters let through. */
export async function getQueuePage(pool: Pool, ids: { projectId: string; annotatorId: string }, q: TQueueQuery): Promise<{ rows: (TQueueRow & { rank: number })[]; filtered: number }> {
  const w = where(q, ids, true);
  const order = q.dir === "desc" ? ORDER[q.sort].split(", ").map((c) => `${c} DESC`).join(", ") : ORDER[q.sort];
  const offset = (q.page - 1) * q.size;
  const [page, count] = await Promise.all([
    pool.query<{ segmentId: string; externalId: string; split: Split | null; status: AssignmentStatus; position: number; timeSpentMs: number; text: string; language: string; title: string | null }>(
      `SELECT a."segmentId", s."externalId", ${SPLIT} AS split, a.status, a.position, a."timeSpentMs", left(s.text, 200) AS text, s.language, d.title
       ${FROM} ${w.sql} ORDER BY ${order} LIMIT ${q.size} OFFSET ${offset}`,
      w.values,
    ),
    pool.query<{ n: string }>(`SELECT count(*) AS n ${FROM} ${w.sql}`, w.values),
  ]);
  return {
    filtered: Number(count.rows[0]?.n ?? 0),
    rows: page.rows.map((r, i) => ({
      rank: offset + i + 1,
      segmentId: r.segmentId,
      externalId: r.externalId,
      split: r.split,
      status: r.status,
      position: r.position,
      timeSpentMs: r.timeSpentMs,
      preview: r.text.length > 140 ? `${r.text.slice(0, 137)}…` : r.text,
      language: r.language,
      documentTitle: r.title,
    })),
  };
}
