// A project's gold-check settings (issue 31 points 1–2): the qualification set, the hidden checks,
// the pass mark, the hidden-check share and the rules per field (a field's own pass mark, a
// scale's tolerance). Set by a lead in Settings (components/settings/
// gold-checks-settings.tsx) or `tropos gold`; one transaction and one audit-log entry. Items are
// named by external id; each must carry gold for at least one field of the scheme (so it can be
// scored). After a change every annotator gets the qualification items they lack and their share
// of hidden checks (existing assignments are never taken away).
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { assignableAnnotatorIds } from "@/lib/db/assignments/create-assignments";
import { goldFields } from "@/lib/gold-checks/score-against-gold";
import { checkGoldFieldRules, TOLERANCE_KINDS, ZGoldFieldRules, type TGoldFieldRules } from "@/lib/gold-checks/field-rules";
import { DEFAULT_PASS_MARK, goldCheckConfigOf } from "@/lib/db/gold-checks/gold-check-config";
import { goldItemsInOrder } from "@/lib/db/gold-checks/gold-items-in-order";
import { readGoldValues } from "@/lib/db/gold-checks/gold-values";
import { ensureQualificationAssignments } from "@/lib/db/gold-checks/qualification";
import { mixGoldChecks } from "@/lib/db/gold-checks/hidden-checks";

export interface TGoldCheckSettings {
  passMark: number;
  checkShare: number;
  /** external ids, in the order they were marked (a set saved at once: the corpus order; gold-items-in-order.ts) */
  qualification: string[];
  checks: string[];
  /** the scheme's fields that declare gold (none: nothing can be scored) */
  goldFields: string[];
  /** of those, the ones a tolerance applies to (scales and numbers) */
  toleranceFields: string[];
  /** per field: its own pass mark, its tolerance */
  fieldRules: TGoldFieldRules;
}

export async function getGoldCheckSettings(db: Db, projectId: string): Promise<TGoldCheckSettings> {
  const [config, items, runtime] = await Promise.all([
    goldCheckConfigOf(db, projectId),
    goldItemsInOrder(db, projectId),
    getProjectRuntime(db, projectId),
  ]);
  return {
    passMark: config.passMark,
    checkShare: config.checkShare,
    fieldRules: config.fieldRules,
    qualification: items.filter((i) => i.role === "QUALIFICATION").map((i) => i.externalId),
    checks: items.filter((i) => i.role === "CHECK").map((i) => i.externalId),
    goldFields: [...goldFields(runtime.definition).keys()],
    toleranceFields: [...goldFields(runtime.definition).values()].filter((f) => TOLERANCE_KINDS.has(f.kind)).map((f) => f.id),
  };
}

async function resolveGoldItems(db: Db, projectId: string, externalIds: readonly string[], what: "qualification" | "checks"): Promise<string[]> {
  const wanted = [...new Set(externalIds.map((e) => e.trim()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const segments = await db.segment.findMany({ where: { projectId, externalId: { in: wanted } }, select: { id: true, externalId: true } });
  const missing = wanted.filter((e) => !segments.some((s) => s.externalId === e));
  if (missing.length) throw new AppError("BAD_REQUEST", `No item of this project has the id ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ""}.`, { field: what });
  const runtime = await getProjectRuntime(db, projectId);
  if (goldFields(runtime.definition).size === 0) throw new AppError("BAD_REQUEST", "The project's scheme has no field that declares gold: nothing on these items could be scored.", { field: what });
  const gold = await readGoldValues(db, projectId, runtime.definition, segments.map((s) => s.id));
  const withGold = new Set(gold.map((g) => g.segmentId));
  const bare = segments.filter((s) => !withGold.has(s.id)).map((s) => s.externalId);
  if (bare.length) throw new AppError("BAD_REQUEST", `These items carry no gold value (imported or adjudicated): ${bare.slice(0, 5).join(", ")}${bare.length > 5 ? ` (and ${bare.length - 5} more)` : ""}.`, { field: what });
  const byExternal = new Map(segments.map((s) => [s.externalId, s.id]));
  return wanted.map((e) => byExternal.get(e)!);
}

export async function setGoldCheckSettings(
  db: Db,
  o: { projectId: string; actorId: string | null; via: "web" | "cli"; passMark?: number; checkShare?: number; qualification?: string[]; checks?: string[]; fieldRules?: TGoldFieldRules },
): Promise<TGoldCheckSettings> {
  if (o.passMark !== undefined && !(o.passMark >= 0 && o.passMark <= 1)) throw new AppError("BAD_REQUEST", "The pass mark is a share of correct answers between 0 and 1 (0.8 = 80 %).", { field: "passMark" });
  if (o.checkShare !== undefined && !(o.checkShare >= 0 && o.checkShare < 0.5)) throw new AppError("BAD_REQUEST", "The hidden-check share is between 0 and 0.5 (0.05 = 5 % of each queue).", { field: "checkShare" });
  let fieldRules: TGoldFieldRules | undefined;
  if (o.fieldRules) {
    const parsed = ZGoldFieldRules.safeParse(o.fieldRules);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      throw new AppError("BAD_REQUEST", `${i.path.join(".")}: ${i.message}`, { field: "fieldRules" });
    }
    const checked = checkGoldFieldRules((await getProjectRuntime(db, o.projectId)).definition, parsed.data);
    if ("error" in checked) throw new AppError("BAD_REQUEST", checked.error, { field: "fieldRules" });
    fieldRules = checked.rules;
  }
  const qualification = o.qualification ? await resolveGoldItems(db, o.projectId, o.qualification, "qualification") : undefined;
  const checks = o.checks ? await resolveGoldItems(db, o.projectId, o.checks, "checks") : undefined;
  await db.$transaction(async (tx) => {
    const existing = await tx.goldItem.findMany({ where: { projectId: o.projectId }, select: { segmentId: true, role: true } });
    const keepQ = qualification ?? existing.filter((e) => e.role === "QUALIFICATION").map((e) => e.segmentId);
    const keepC = checks ?? existing.filter((e) => e.role === "CHECK").map((e) => e.segmentId);
    if (keepQ.some((id) => keepC.includes(id))) throw new AppError("BAD_REQUEST", "An item is either a qualification item or a hidden check, not both.", { field: "checks" });
    await tx.goldCheckConfig.upsert({
      where: { projectId: o.projectId },
      create: { projectId: o.projectId, passMark: o.passMark ?? DEFAULT_PASS_MARK, checkShare: o.checkShare ?? 0, fieldRules: fieldRules ?? {} },
      update: { ...(o.passMark !== undefined ? { passMark: o.passMark } : {}), ...(o.checkShare !== undefined ? { checkShare: o.checkShare } : {}), ...(fieldRules ? { fieldRules } : {}) },
    });
    const keep = new Set([...keepQ, ...keepC]);
    await tx.goldItem.deleteMany({ where: { projectId: o.projectId, segmentId: { notIn: [...keep] } } });
    for (const [ids, role] of [[keepQ, "QUALIFICATION"], [keepC, "CHECK"]] as const) {
      await tx.goldItem.deleteMany({ where: { projectId: o.projectId, segmentId: { in: [...ids] }, role: { not: role } } });
      await tx.goldItem.createMany({ data: ids.map((segmentId) => ({ projectId: o.projectId, segmentId, role })), skipDuplicates: true });
    }
    await tx.auditLog.create({
      data: { projectId: o.projectId, userId: o.actorId, action: "gold-checks.set", detail: { via: o.via, passMark: o.passMark ?? null, checkShare: o.checkShare ?? null, fieldRules: fieldRules ?? null, qualification: keepQ.length, checks: keepC.length } },
    });
  });
  const annotators = await assignableAnnotatorIds(db, o.projectId);
  await ensureQualificationAssignments(db, o.projectId, annotators);
  await mixGoldChecks(db, o.projectId, annotators);
  return getGoldCheckSettings(db, o.projectId);
}
