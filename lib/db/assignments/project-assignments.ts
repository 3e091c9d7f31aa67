// Settings → Assignments: new assignments of a project, one per annotator × item for its whole
// scheme, and only the project's annotators. The server action is a thin shell around this, so
// the rules are tested against the database without a session.
import type { Db } from "@/lib/db/client";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { findAnnotatorGroup } from "@/lib/db/projects/annotator-groups";
import { AppError } from "@/lib/errors";

export interface TProjectAssignmentsInput {
  perItem: number;
  split?: "PILOT" | "TEST";
  annotatorIds: string[];
  /**
   * An annotator group (by name) instead of `annotatorIds`: its members, on its slice (split and
   * documents), K per item within the group (lib/db/projects/annotator-groups.ts)
   */
  group?: string;
  shuffle: boolean;
}

export async function createProjectAssignments(db: Db, project: { id: string }, input: TProjectAssignmentsInput): Promise<{ created: number }> {
  if (input.group) {
    const group = await findAnnotatorGroup(db, project.id, input.group);
    if (input.split && group.split && input.split !== group.split) throw new AppError("BAD_REQUEST", `Group ${group.name} is bound to the ${group.split.toLowerCase()} split.`, { field: "split" });
    const annotatorIds = (await db.annotatorGroupMember.findMany({ where: { groupId: group.id }, select: { userId: true } })).map((m) => m.userId);
    const created = await createAssignments(db, { projectId: project.id, annotatorIds, perItem: input.perItem, split: input.split ?? group.split ?? undefined, documents: group.documents, perItemWithinListed: true, shuffle: input.shuffle });
    return { created };
  }
  // only annotators of this project can be assigned (an id from elsewhere is refused, not created)
  const members = await db.projectMember.findMany({ where: { projectId: project.id, role: "ANNOTATOR", userId: { in: input.annotatorIds } }, select: { userId: true } });
  if (members.length !== new Set(input.annotatorIds).size) throw new AppError("NOT_FOUND", "Some of the chosen people are not annotators of this project.");
  const created = await createAssignments(db, {
    projectId: project.id,
    annotatorIds: members.map((m) => m.userId),
    perItem: input.perItem,
    split: input.split,
    shuffle: input.shuffle,
  });
  return { created };
}
