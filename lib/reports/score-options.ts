/** Options of the score tables, parsed with zod at every boundary. */
import { z } from "zod";

export const ZScoreOptions = z.object({
  split: z.enum(["PILOT", "TEST"]).optional(),
  systems: z.array(z.string()).optional(),
  /** one target language of a project with several (its translations only) */
  language: z.string().optional(),
  /** combine several annotators' raw values: mean (numbers) or majority; labels always use majority */
  aggregation: z.enum(["mean", "majority"]).default("mean"),
  /** use adjudicated values where they exist (default); false = raw annotations only */
  useAdjudications: z.boolean().default(true),
  /** one annotator's raw values only (email), as MetaHOPE's tables 5–6 give annotator A's */
  annotator: z.string().optional(),
  /**
   * EPS counts every error ("all", the single-pass definition), or only the
   * sentence-level errors ("sentence-level"): the MetaHOPE pilot annotated the
   * sentence level in a separate pass that counted every error of the sentence,
   * imported as sentence-level errors (see lib/reports/README.md).
   */
  epsScope: z.enum(["all", "sentence-level"]).default("all"),
  /** divide "per sentence" by this instead of the number of segments (MetaHOPE divides by its nominal pilot size 20) */
  sentences: z.number().int().positive().optional(),
  /** reference for BLEU/ROUGE-L: the figurative gold, falling back to the literal one (default), or one kind only (reference: MetaHOPE's post-edit gold) */
  goldKind: z.enum(["figurative-first", "figurative", "literal", "reference"]).default("figurative-first"),
  /**
   * MetaHOPE tables 5–6's error categories: the paper's five when absent; a variant of the scheme
   * (scheme runtime) lists the five, then the ones it adds (lib/scoring/metahope-scores.ts
   * metahopeCategoriesOf), each with its totals beside the five; SEGS stays over the five.
   */
  metahopeCategories: z.array(z.string()).optional(),
});
export type TScoreOptions = z.input<typeof ZScoreOptions>;
export type TScoreOptionsParsed = z.output<typeof ZScoreOptions>;
