import { z } from "zod";

/**
 * A BCP 47 language tag in the lower-case-language form the importers write (en, zh, it, zh-Hans,
 * pt-BR). The regex keeps the shape simple; Intl.getCanonicalLocales rejects tags that are
 * well-shaped but invalid (e.g. a subtag of 9+ characters).
 */
export const ZLanguageCode = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, "a language code such as en, zh, it")
  .refine((s) => {
    try {
      return Intl.getCanonicalLocales(s).length === 1;
    } catch {
      return false;
    }
  }, { message: "not a valid language code (BCP 47), e.g. en, zh, it, pt-BR" });
