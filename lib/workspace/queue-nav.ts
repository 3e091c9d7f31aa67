/**
 * Where an item sits in the caller's queue (one runtime's assignments in queue order), shared by
 * both runtimes' item payloads: position, total, how many are done, the next open item (wrapping
 * round to earlier ones) and the previous item.
 */
export interface TQueueNav {
  position: number;
  total: number;
  done: number;
  nextSegmentId: string | null;
  prevSegmentId: string | null;
}

export function queueNav(queue: readonly { segmentId: string; status: string }[], segmentId: string): TQueueNav {
  const here = queue.findIndex((q) => q.segmentId === segmentId);
  const open = (q: { status: string }) => q.status !== "DONE" && q.status !== "SKIPPED";
  const nextSegmentId = (queue.slice(here + 1).find(open) ?? queue.slice(0, here).find(open))?.segmentId ?? null;
  const prevSegmentId = here > 0 ? queue[here - 1].segmentId : null;
  return { position: here + 1, total: queue.length, done: queue.filter((q) => q.status === "DONE").length, nextSegmentId, prevSegmentId };
}
