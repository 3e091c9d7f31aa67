/** Options of the agreement figures, parsed with zod at every boundary (URL, API, CLI). */
import { z } from "zod";
import { ALPHA_LEVELS, KAPPA_WEIGHTS } from "./agreement-figure";

export type TAlphaLevelName = (typeof ALPHA_LEVELS)[number];
export type TKappaWeightsName = (typeof KAPPA_WEIGHTS)[number];
export const KAPPA_CATEGORY_LISTS = ["observed", "scale"] as const;
export type TKappaCategoriesName = (typeof KAPPA_CATEGORY_LISTS)[number];

export const ZAgreementOptions = z.object({
  split: z.enum(["PILOT", "TEST"]).optional(),
  systems: z.array(z.string()).optional(),
  /** one target language of a project with several (its translations only) */
  language: z.string().optional(),
  /** field names (SEGS, IMP…, EQUIVALENCE…); all when absent */
  fields: z.array(z.string()).optional(),
  schemes: z.array(z.enum(["metahope", "mmte"])).optional(),
  /** MetaHOPE's error categories: the paper's five when absent, else a variant's (as in score-options.ts) */
  metahopeCategories: z.array(z.string()).optional(),
  /** bootstrap 95% intervals of every figure (off by default: figures for export stay fast) */
  bootstrap: z
    .object({
      iterations: z.number().int().min(10).max(10_000).default(1000),
      seed: z.number().int().default(1),
      /** skip the interval (reason given) for a figure with more units than this */
      maxUnits: z.number().int().positive().default(5000),
    })
    .optional(),
});
export type TAgreementOptions = z.input<typeof ZAgreementOptions>;
