// What it takes to create a project, shared by the CLI (`tropos project create`) and the browser
// wizard (app/projects/new), so both refuse the same slugs and language codes with the same words.
import { z } from "zod";
import { OPTIONAL_PARTS, ZOptionalPart, ZSchemePreset, optionalPartIssue } from "@/lib/schemes/presets/parts-choice";
import { ZLanguageCode } from "./language-code";
import { ZTargetLanguages } from "./target-languages";

/**
 * Slugs that would be shadowed by a fixed route under /projects (e.g. /projects/new is the
 * wizard): a project called "new" could never be opened.
 */
export const RESERVED_SLUGS = ["new"] as const;

export const ZProjectSlug = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "the slug is 2–63 lower-case letters, digits and dashes")
  .refine((s) => !(RESERVED_SLUGS as readonly string[]).includes(s), { message: "this slug is reserved; choose another" });

// the language code lives in its own module, which target-languages.ts imports too (no cycle)
export { ZLanguageCode };

export const ZMemberRole = z.enum(["MANAGER", "ANNOTATOR", "ADJUDICATOR"]);

export const ZNewProjectMember = z.object({
  email: z.string().trim().toLowerCase().email("not an email address"),
  role: ZMemberRole,
});

export const ZNewProjectInput = z.object({
  slug: ZProjectSlug,
  name: z.string().trim().min(1, "give the project a name").max(200),
  sourceLang: ZLanguageCode,
  /** one target language, or several comma-separated ("zh,it"): the first is the primary one */
  targetLang: ZTargetLanguages,
  scheme: ZSchemePreset,
  /** the papers' optional parts to switch on as well (MMTE target words, MetaHOPE post-edit) */
  parts: z.array(ZOptionalPart).max(OPTIONAL_PARTS.length).default([]),
  /** members to add (existing accounts) or invite (no account yet) */
  members: z.array(ZNewProjectMember).max(200).default([]),
}).superRefine((p, ctx) => {
  for (const [i, part] of p.parts.entries()) {
    const issue = optionalPartIssue(p.scheme, part);
    if (issue) ctx.addIssue({ code: "custom", message: issue, path: ["parts", i] });
  }
});
export type TNewProjectInput = z.input<typeof ZNewProjectInput>;
