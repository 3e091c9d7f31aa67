// A project's gold items in one order everywhere (Settings, `tropos gold show`, the order of the
// qualification in a queue): when they were marked, and the items marked together (one save of
// the set) in the corpus's order (document, then sentence). A set saved at once shares its
// `createdAt`, and the items' database ids are random, so ordering by them shuffled the set from
// one read to the next.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

export async function goldItemsInOrder(db: Db | Prisma.TransactionClient, projectId: string, role?: "QUALIFICATION" | "CHECK"): Promise<{ segmentId: string; role: "QUALIFICATION" | "CHECK"; externalId: string }[]> {
  return db.$queryRawUnsafe(
    `SELECT g."segmentId", g.role::text AS role, s."externalId"
     FROM "GoldItem" g JOIN "Segment" s ON s.id = g."segmentId" JOIN "Document" d ON d.id = s."documentId"
     WHERE g."projectId" = $1 AND ($2::text IS NULL OR g.role::text = $2)
     ORDER BY g."createdAt", d.position, d."externalId", s.index, s.id`,
    projectId,
    role ?? null,
  );
}
