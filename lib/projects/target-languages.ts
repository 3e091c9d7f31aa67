// The target languages of a project (issue 19 point 1: MMTE is one study over EN→ZH and EN→IT).
// A project lists them in Project.targetLangs; the first is Project.targetLang, the language of an
// annotator in no group and of gold references by default. Rows written before the list existed
// (or by a path that only sets targetLang) read as the one language they name.
import { z } from "zod";
import { ZLanguageCode } from "./language-code";

/** The project's target languages, the primary one first. */
export function projectTargetLangs(p: { targetLang: string; targetLangs?: readonly string[] | null }): string[] {
  const list = p.targetLangs?.length ? [...p.targetLangs] : [p.targetLang];
  return list.includes(p.targetLang) ? [p.targetLang, ...list.filter((l) => l !== p.targetLang)] : list;
}

/**
 * "zh" or "zh,it" (spaces allowed), or the list itself: one or more language codes, each once, the
 * primary first. Taking its own output too makes parsing twice harmless (a server action parses,
 * then createProject parses again).
 */
export const ZTargetLanguages = z
  .union([z.string().transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean)), z.array(z.string().trim())])
  .pipe(
    z
      .array(ZLanguageCode)
      .min(1, "give at least one target language")
      .max(20, "at most 20 target languages")
      .refine((l) => new Set(l).size === l.length, { message: "a language is listed twice" }),
  );
