import type { TextEncodingName } from "@/lib/import/decode-text";
import type { NormalisedPos } from "@/lib/import/types";

/** Options shared by the importers; each parser documents which ones it reads. */
export interface CommonParseOptions {
  /** Declared fallback for legacy files; default strict UTF-8 (see decode-text.ts). */
  encoding?: TextEncodingName;
  /** Language of source segments (BCP-47 code). Parsers have a corpus default (MOH/VUAMC en, PSUCMC zh). */
  sourceLang?: string;
  /** Language of translations (MT outputs) */
  targetLang?: string;
  /** Normalised POS classes that are "active"; default NOUN, VERB, ADJ, ADV. */
  activePos?: readonly NormalisedPos[];
}

export type ImportContent = Buffer | Uint8Array | string;
