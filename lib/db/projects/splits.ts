// Pilot/test splits. By document (whole documents, in a seeded shuffle, until each size is
// reached: a document is never cut in two) or random (a seeded shuffle of segments, exact sizes).
// The same seed always gives the same split, so a split can be re-created and cited.
// MetaHOPE used 20 pilot and 200 test segments per direction; one project is one direction.
import type { Pool } from "pg";
import { z } from "zod";
import { seededRandom } from "@/lib/agreement/seeded-random";
import { AppError } from "@/lib/errors";
import { inTransaction } from "../in-transaction";

export const ZSplitInput = z.object({
  pilot: z.coerce.number().int().min(0).max(1_000_000),
  test: z.coerce.number().int().min(0).max(1_000_000),
  by: z.enum(["document", "random"]).default("document"),
  seed: z.coerce.number().int().default(1),
  /** only segments that contain a metaphor (the usual evaluation set) */
  metaphoricalOnly: z.boolean().default(false),
});
export type TSplitInput = z.infer<typeof ZSplitInput>;

export interface SplitSummary {
  pilot: number;
  test: number;
  unassigned: number;
  pilotDocuments: number;
  testDocuments: number;
}

function shuffle<T>(items: T[], seed: number): T[] {
  const out = items.slice();
  const rng = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export async function createSplit(pool: Pool, projectId: string, input: TSplitInput): Promise<SplitSummary> {
  const segs = await pool.query<{ id: string; documentId: string }>(
    `SELECT s.id, s."documentId" FROM "Segment" s JOIN "Document" d ON d.id = s."documentId"
     WHERE s."projectId" = $1 ${input.metaphoricalOnly ? "AND s.metaphorical" : ""} ORDER BY d.position, d."externalId", s.index`,
    [projectId],
  );
  const total = segs.rows.length;
  if (input.pilot + input.test > total) {
    throw new AppError("BAD_REQUEST", `The split asks for ${input.pilot} + ${input.test} segments, but the project has ${total}${input.metaphoricalOnly ? " metaphorical" : ""} segments.`);
  }
  const pilot: string[] = [];
  const test: string[] = [];
  const pilotDocs: string[] = [];
  const testDocs: string[] = [];
  if (input.by === "random") {
    const order = shuffle(segs.rows.map((r) => r.id), input.seed);
    pilot.push(...order.slice(0, input.pilot));
    test.push(...order.slice(input.pilot, input.pilot + input.test));
  } else {
    const byDoc = new Map<string, string[]>();
    for (const r of segs.rows) byDoc.set(r.documentId, [...(byDoc.get(r.documentId) ?? []), r.id]);
    for (const doc of shuffle([...byDoc.keys()], input.seed)) {
      const ids = byDoc.get(doc)!;
      if (pilot.length < input.pilot) {
        pilot.push(...ids);
        pilotDocs.push(doc);
      } else if (test.length < input.test) {
        test.push(...ids);
        testDocs.push(doc);
      }
    }
  }
  await inTransaction(pool, async (client) => {
    await client.query(`UPDATE "Segment" SET split = NULL WHERE "projectId" = $1 AND split IS NOT NULL`, [projectId]);
    await client.query(`UPDATE "Document" SET split = NULL WHERE "projectId" = $1 AND split IS NOT NULL`, [projectId]);
    await client.query(`UPDATE "Segment" SET split = 'PILOT' WHERE "projectId" = $1 AND id = ANY($2::text[])`, [projectId, pilot]);
    await client.query(`UPDATE "Segment" SET split = 'TEST' WHERE "projectId" = $1 AND id = ANY($2::text[])`, [projectId, test]);
    await client.query(`UPDATE "Document" SET split = 'PILOT' WHERE "projectId" = $1 AND id = ANY($2::text[])`, [projectId, pilotDocs]);
    await client.query(`UPDATE "Document" SET split = 'TEST' WHERE "projectId" = $1 AND id = ANY($2::text[])`, [projectId, testDocs]);
    await client.query(`INSERT INTO "AuditLog" (id, "projectId", action, detail) VALUES (gen_random_uuid()::text, $1, 'split', $2::jsonb)`, [
      projectId,
      JSON.stringify({ ...input, pilot: pilot.length, test: test.length }),
    ]);
  });
  return { pilot: pilot.length, test: test.length, unassigned: total - pilot.length - test.length, pilotDocuments: pilotDocs.length, testDocuments: testDocs.length };
}

export async function getSplitCounts(pool: Pool, projectId: string): Promise<{ pilot: number; test: number; none: number }> {
  const res = await pool.query<{ split: string | null; n: number }>(`SELECT split::text AS split, count(*)::int AS n FROM "Segment" WHERE "projectId" = $1 GROUP BY split`, [projectId]);
  const get = (k: string | null) => res.rows.find((r) => r.split === k)?.n ?? 0;
  return { pilot: get("PILOT"), test: get("TEST"), none: get(null) };
}
