// The caller's assignment for one item: active time, submit (server-side completeness check, so a
// crafted request cannot mark an incomplete item done), skip and reopen.
import type { Db } from "@/lib/db/client";
import type { Scheme } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/errors";
import { findMissing } from "@/lib/schemes/completeness";
import type { TSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TAssignmentAction } from "@/lib/workspace/api-types";
import { completenessValues, initialState } from "@/lib/workspace/workspace-model";
import { getWorkspaceItem } from "@/lib/db/workspace-item";

export interface TAssignmentResult {
  status: string;
  timeSpentMs: number;
}

export async function applyAssignmentAction(
  db: Db,
  opts: {
    project: { id: string; slug: string; sourceLang: string; targetLang: string };
    config: TSchemeConfig;
    annotatorId: string;
    segmentId: string;
    action: TAssignmentAction;
  },
): Promise<TAssignmentResult> {
  const scheme: Scheme = opts.action.scheme;
  // The segment may be addressed by id or external id (stable links); the project bounds both.
  const a = await db.assignment.findFirst({
    where: { projectId: opts.project.id, annotatorId: opts.annotatorId, scheme, segment: { OR: [{ id: opts.segmentId }, { externalId: opts.segmentId }] } },
    select: { id: true, status: true, startedAt: true, segmentId: true },
  });
  if (!a) throw new AppError("NOT_FOUND", "This item is not in your queue for this scheme.");
  const where = { id: a.id };
  const act = opts.action;
  const now = new Date();
  const select = { status: true, timeSpentMs: true } as const;
  switch (act.action) {
    case "time":
      // First activity moves a TODO item to IN_PROGRESS, so the queue shows where work started.
      return db.assignment.update({
        where,
        data: {
          timeSpentMs: { increment: act.activeMs },
          ...(a.status === "TODO" && act.activeMs > 0 ? { status: "IN_PROGRESS" } : {}),
          ...(a.startedAt || act.activeMs === 0 ? {} : { startedAt: now }),
        },
        select,
      });
    case "submit": {
      const item = await getWorkspaceItem(db, { project: opts.project, config: opts.config, annotatorId: opts.annotatorId, segmentKey: a.segmentId, scheme });
      const missing = findMissing(item.view, item, completenessValues(item, initialState(item)));
      if (missing.length > 0) {
        throw new AppError("UNPROCESSABLE", `${missing.length} required value${missing.length === 1 ? " is" : "s are"} missing or invalid: ${missing[0].message}.`, {
          missing,
        });
      }
      return db.assignment.update({
        where,
        data: { status: "DONE", completedAt: now, timeSpentMs: { increment: act.activeMs }, ...(a.startedAt ? {} : { startedAt: now }) },
        select,
      });
    }
    case "skip":
      return db.assignment.update({ where, data: { status: "SKIPPED" }, select });
    case "reopen":
      return db.assignment.update({ where, data: { status: "IN_PROGRESS", completedAt: null }, select });
  }
}
