"use server";
// Project settings (managers only): pilot/test split, assignment creation, which POS classes are
// active MRWs, the scheme configuration, the EMOS weights, target languages and annotator groups. Each action parses its input with zod and works only
// on the authorised project.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { setActivePos } from "@/lib/db/projects/mrw-active-pos";
import { getPgPool } from "@/lib/db/pg-pool";
import { ZSplitInput, createSplit } from "@/lib/db/projects/splits";
import { AppError } from "@/lib/errors";
import { projectAction } from "@/lib/http/server-action";
import { parseProjectSettings, parseStoredSchemeConfig, projectSettingsOf } from "@/lib/schemes/scheme-config";
import { createProjectAssignments } from "@/lib/db/assignments/project-assignments";
import { moveAssignments, rebalanceAssignments, withdrawAssignments } from "@/lib/db/assignments/corrections";
import { parseEmosWeights } from "@/lib/scoring/emos-weights";
import { updateSchemeConfig } from "@/lib/db/projects/update-scheme-config";
import { updateTargetLanguages } from "@/lib/db/projects/languages";
import { addAnnotatorGroupMembers, createAnnotatorGroup, removeAnnotatorGroupMember } from "@/lib/db/projects/annotator-groups";
import { ZTargetLanguages } from "@/lib/projects/target-languages";

const ZSlug = z.object({ slug: z.string().min(1) });

export const createSplitAction = projectAction("project.manage", ZSlug.extend(ZSplitInput.shape), async (input, access) => {
  const { slug, ...split } = input;
  const summary = await createSplit(getPgPool(), access.project.id, split);
  revalidatePath(`/projects/${slug}`, "layout");
  return summary;
});

const ZAssignInput = ZSlug.extend({
  perItem: z.coerce.number().int().min(1).max(50),
  split: z.enum(["PILOT", "TEST"]).optional(),
  annotatorIds: z.array(z.string().min(1)).min(1, "choose at least one annotator").max(500),
  shuffle: z.boolean().default(true),
});

export const createAssignmentsAction = projectAction("project.manage", ZAssignInput, async (input, access) => {
  const { slug, ...rest } = input;
  const { created } = await createProjectAssignments(getDb(), access.project, rest);
  revalidatePath(`/projects/${slug}`, "layout");
  return { created };
});

const ZEmail = z.string().trim().toLowerCase().email("not an email address");

/** Withdraw an annotator's not-started items (issue 29 point 2); started and finished ones stay. */
export const withdrawAssignmentsAction = projectAction("project.manage", ZSlug.extend({ email: ZEmail, split: z.enum(["PILOT", "TEST"]).optional() }), async (input, access) => {
  const r = await withdrawAssignments(getDb(), { projectId: access.project.id, actorId: access.user.id, email: input.email, split: input.split, via: "web" });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return r;
});

/** Move an annotator's not-started items to another annotator. */
export const moveAssignmentsAction = projectAction("project.manage", ZSlug.extend({ from: ZEmail, to: ZEmail }), async (input, access) => {
  const r = await moveAssignments(getDb(), { projectId: access.project.id, actorId: access.user.id, from: input.from, to: input.to, via: "web" });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return r;
});

/** Even out the not-started items among the chosen annotators. */
export const rebalanceAssignmentsAction = projectAction("project.manage", ZSlug.extend({ emails: z.array(ZEmail).min(2, "choose at least two annotators").max(500) }), async (input, access) => {
  const r = await rebalanceAssignments(getDb(), { projectId: access.project.id, actorId: access.user.id, emails: input.emails, via: "web" });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return r;
});

const ZActivePosInput = ZSlug.extend({ activePos: z.array(z.enum(["NOUN", "VERB", "ADJ", "ADV", "OTHER"])).max(5) });

export const setActivePosAction = projectAction("project.manage", ZActivePosInput, async (input, access) => {
  const changed = await setActivePos(getPgPool(), access.project.id, input.activePos);
  await getDb().auditLog.create({ data: { projectId: access.project.id, userId: access.user.id, action: "mrw.active-pos", detail: { activePos: input.activePos, changed } } });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return { changed };
});

export const saveSchemeConfigAction = projectAction("project.manage", ZSlug.extend({ config: z.unknown() }), async (input, access) => {
  // the parts are read from the fields of the version in force: saving them records that version
  // with the parts' fields removed or added as the next one (which refuses a scheme left with no
  // field); a scheme with none of the presets' fields stores no version. Only the settings are
  // stored with the project.
  const parsed = parseStoredSchemeConfig(input.config);
  if (!parsed.ok) throw new AppError("BAD_REQUEST", `Invalid scheme configuration: ${parsed.issues.map((i) => `${i.path || "(config)"}: ${i.message}`).join("; ")}`);
  const { schemeVersion } = await updateSchemeConfig(getDb(), access.project.id, parsed.config, access.user.id);
  revalidatePath(`/projects/${input.slug}`, "layout");
  return { config: parsed.config, schemeVersion };
});

/**
 * The project's EMOS weights (issue 18): three weights that sum to 1, or null for the paper's
 * again. Refused with the sum they have otherwise; only this key of the settings changes.
 */
export const saveEmosWeightsAction = projectAction("project.manage", ZSlug.extend({ weights: z.unknown() }), async (input, access) => {
  const parsed = input.weights === null ? null : parseEmosWeights(input.weights);
  if (parsed && !parsed.ok) throw new AppError("BAD_REQUEST", parsed.message, { field: "weights" });
  const stored = parseProjectSettings(access.project.schemeConfig);
  if (!stored.ok) throw new AppError("CONFLICT", "The project's stored settings are not valid; save the scheme configuration first.");
  const { emosWeights: _old, ...rest } = stored.settings;
  const settings = parsed ? { ...rest, emosWeights: parsed.weights } : rest;
  await getDb().project.update({ where: { id: access.project.id }, data: { schemeConfig: projectSettingsOf(settings) } });
  await getDb().auditLog.create({ data: { projectId: access.project.id, userId: access.user.id, action: "emos-weights", detail: { emosWeights: parsed ? parsed.weights : null } } });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return { weights: parsed ? parsed.weights : null };
});

/** Target languages of a study over several language pairs (the first is the primary one). */
export const updateTargetLanguagesAction = projectAction("project.manage", ZSlug.extend({ targetLangs: ZTargetLanguages }), async (input, access) => {
  const targetLangs = await updateTargetLanguages(getDb(), { projectId: access.project.id, targetLangs: input.targetLangs, actorId: access.user.id });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return { targetLangs };
});

const ZGroupName = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/, "a group name is 1–63 letters, digits, dots, dashes or underscores");
const ZEmails = z.array(z.string().trim().toLowerCase().email()).max(500);

export const createGroupAction = projectAction(
  "project.manage",
  ZSlug.extend({ name: ZGroupName, language: z.string().trim().min(1), split: z.enum(["PILOT", "TEST"]).optional(), documents: z.array(z.string().trim().min(1)).max(10_000).default([]), members: ZEmails.default([]) }),
  async (input, access) => {
    const db = getDb();
    await createAnnotatorGroup(db, { projectId: access.project.id, name: input.name, language: input.language, split: input.split ?? null, documents: input.documents, members: input.members });
    await db.auditLog.create({ data: { projectId: access.project.id, userId: access.user.id, action: "group.create", detail: { name: input.name, language: input.language, split: input.split ?? null, documents: input.documents, members: input.members } } });
    revalidatePath(`/projects/${input.slug}`, "layout");
    return { name: input.name };
  },
);

export const addGroupMembersAction = projectAction("project.manage", ZSlug.extend({ group: ZGroupName, emails: ZEmails.min(1, "choose at least one person") }), async (input, access) => {
  const added = await addAnnotatorGroupMembers(getDb(), { projectId: access.project.id, group: input.group, emails: input.emails });
  await getDb().auditLog.create({ data: { projectId: access.project.id, userId: access.user.id, action: "group.add", detail: { group: input.group, emails: input.emails } } });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return { added };
});

export const removeGroupMemberAction = projectAction("project.manage", ZSlug.extend({ group: ZGroupName, email: z.string().trim().toLowerCase().email() }), async (input, access) => {
  await removeAnnotatorGroupMember(getDb(), { projectId: access.project.id, group: input.group, email: input.email });
  await getDb().auditLog.create({ data: { projectId: access.project.id, userId: access.user.id, action: "group.remove", detail: { group: input.group, email: input.email } } });
  revalidatePath(`/projects/${input.slug}`, "layout");
  return { removed: input.email };
});

export const assignGroupAction = projectAction(
  "project.manage",
  ZSlug.extend({ group: ZGroupName, perItem: z.coerce.number().int().min(1).max(50), shuffle: z.boolean().default(true) }),
  async (input, access) => {
    const { created } = await createProjectAssignments(getDb(), access.project, { perItem: input.perItem, annotatorIds: [], group: input.group, shuffle: input.shuffle });
    revalidatePath(`/projects/${input.slug}`, "layout");
    return { created };
  },
);
