// Adaptive redundancy for work an import brings finished (issue 31 point 3): an item whose raters'
// finished work arrives in a file (a pilot sheet, a spreadsheet round, another tool's export) gets
// the extra rater a submit of the same values would have given it. Decided after the import has
// committed, one short transaction per item under the item's lock, exactly as a submit decides
// (addRaterWhereDisagreeing), not inside the import's transaction: one advisory lock per item would
// fill PostgreSQL's lock table on a file of thousands of items. A project without a rule costs one count.
import type { Db } from "@/lib/db/client";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { addRaterWhereDisagreeing } from "./adaptive-redundancy";

/** The extra raters assigned for `segmentIds` (items an import completed); 0 when the project has no rule. */
export async function addRatersAfterImport(db: Db, opts: { projectId: string; segmentIds: Iterable<string>; actorId: string | null }): Promise<number> {
  const ids = [...new Set(opts.segmentIds)];
  if (ids.length === 0 || (await db.adaptiveRedundancyRule.count({ where: { projectId: opts.projectId } })) === 0) return 0;
  const { definition } = await getProjectRuntime(db, opts.projectId);
  let added = 0;
  for (const segmentId of ids) {
    const made = await db.$transaction((tx) => addRaterWhereDisagreeing(tx as unknown as Db, { projectId: opts.projectId, segmentId, definition, actorId: opts.actorId }));
    if (made) added++;
  }
  return added;
}
