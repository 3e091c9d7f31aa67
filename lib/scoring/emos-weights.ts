/**
 * A project's EMOS weights (issue 18 point 2): EMOS = vss·VSS + lmr·LMR + edr·EDR. Stored in the
 * project's settings (`schemeConfig.emosWeights`, lib/schemes/scheme-config.ts); absent means the
 * paper's (0.50, 0.35, 0.15, its equation 9). Each weight is 0–1 and the three must sum to 1, so
 * EMOS stays on the 0–1 scale of its components and figures of projects stay comparable; a set
 * that does not is refused with the sum it has, never rescaled silently.
 */
import { z } from "zod";
import { EMOS_PAPER_WEIGHTS, type TEmosWeights } from "./emos";

/** Sums within this of 1 are accepted: weights typed as 0.33/0.33/0.34 or read back from JSON are. */
const SUM_TOLERANCE = 1e-6;

const ZWeight = (name: string) =>
  z.number({ error: `the ${name} weight must be a number` }).finite().min(0, `the ${name} weight must be at least 0`).max(1, `the ${name} weight must be at most 1`);

export const ZEmosWeights = z
  .strictObject({ vss: ZWeight("VSS"), lmr: ZWeight("LMR"), edr: ZWeight("EDR") })
  .superRefine((w, ctx) => {
    const sum = w.vss + w.lmr + w.edr;
    if (Math.abs(sum - 1) > SUM_TOLERANCE) {
      ctx.addIssue({ code: "custom", message: `EMOS weights must sum to 1: VSS ${w.vss} + LMR ${w.lmr} + EDR ${w.edr} = ${Number(sum.toFixed(6))}` });
    }
  });

export type TParseEmosWeightsResult = { ok: true; weights: TEmosWeights } | { ok: false; message: string };

/** Parses untrusted weights (a form, a stored setting); the message names what is wrong. */
export function parseEmosWeights(input: unknown): TParseEmosWeightsResult {
  const r = ZEmosWeights.safeParse(input);
  if (r.success) return { ok: true, weights: r.data };
  return { ok: false, message: r.error.issues.map((i) => i.message).join("; ") };
}

/** The weights a project uses: its own when set, else the paper's. */
export function emosWeightsOf(config: { emosWeights?: TEmosWeights } | null | undefined): TEmosWeights {
  return config?.emosWeights ?? EMOS_PAPER_WEIGHTS;
}
