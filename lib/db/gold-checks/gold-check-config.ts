// A project's gold-check configuration as the scoring reads it: the pass mark, the hidden-check
// share and the per-field rules (lib/gold-checks/field-rules.ts), with their defaults when the
// project never set them.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { storedGoldFieldRules, type TGoldFieldRules } from "@/lib/gold-checks/field-rules";

export const DEFAULT_PASS_MARK = 0.8;

export async function goldCheckConfigOf(db: Db | Prisma.TransactionClient, projectId: string): Promise<{ passMark: number; checkShare: number; fieldRules: TGoldFieldRules }> {
  const c = await db.goldCheckConfig.findUnique({ where: { projectId }, select: { passMark: true, checkShare: true, fieldRules: true } });
  return { passMark: c?.passMark ?? DEFAULT_PASS_MARK, checkShare: c?.checkShare ?? 0, fieldRules: storedGoldFieldRules(c?.fieldRules) };
}
