// tropos split --project <slug> [--pilot 20] [--test 200] [--by document|random] [--seed 1]
import { z } from "zod";
import { ZSplitInput, createSplit } from "@/lib/db/projects/splits";
import { isAppError } from "@/lib/errors";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError } from "../cli-error";

export const SPLIT_HELP = `Usage: tropos split --project <slug> [--pilot N] [--test M] [--by document|random] [--seed S] [--metaphorical-only]

Marks N segments as pilot and M as test (the rest: no split), replacing any earlier split; a size
left out is 0 (give at least one).
  --by document  whole documents in a seeded random order until each size is reached (default)
  --by random    a seeded random sample of segments, exact sizes
  --seed         the same seed gives the same split (default 1)
MetaHOPE used 20 pilot and 200 test segments per direction; CR-ST's human baseline is a sample of
200 ChID items: --test 200 --by random --seed S (each blank is an item).`;

const ZArgs = z.object({
  project: z.string({ error: "is required" }).min(1),
  pilot: z.coerce.number({ error: "must be a number" }).int().min(0).optional(),
  test: z.coerce.number({ error: "must be a number" }).int().min(0).optional(),
  by: z.enum(["document", "random"]).default("document"),
  seed: z.coerce.number().int().default(1),
  "metaphorical-only": z.boolean().default(false),
  _: z.array(z.string()).max(0),
}).refine((a) => a.pilot !== undefined || a.test !== undefined, { message: "give --pilot N, --test M or both" });

export async function splitCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs("split", argv, {
    project: { type: "string" }, pilot: { type: "string" }, test: { type: "string" }, by: { type: "string" }, seed: { type: "string" }, "metaphorical-only": { type: "boolean" },
  }, ZArgs);
  if (help) {
    io.stdout.write(`${SPLIT_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    try {
      const s = await createSplit(ctx.pool, project.id, ZSplitInput.parse({ pilot: a.pilot ?? 0, test: a.test ?? 0, by: a.by, seed: a.seed, metaphoricalOnly: a["metaphorical-only"] }));
      ctx.stdout.write(`Split: ${s.pilot} pilot, ${s.test} test, ${s.unassigned} without a split${a.by === "document" ? ` (${s.pilotDocuments} + ${s.testDocuments} documents)` : ""}.\n`);
    } catch (e) {
      if (isAppError(e)) throw new CliError(e.message, 1);
      throw e;
    }
    return 0;
  });
}
