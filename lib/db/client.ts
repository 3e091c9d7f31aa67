// The one Prisma client of the process. Prisma's native engines cannot be downloaded here, so the
// client runs its JavaScript engine over node-postgres (PrismaPg driver adapter). It shares its
// pg pool with the bulk paths (lib/db/pg-pool.ts), so DATABASE_POOL_MAX bounds the process's
// connections as a whole.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getPgPool } from "@/lib/db/pg-pool";

export type Db = PrismaClient;

const globalForDb = globalThis as unknown as { __troposDb?: PrismaClient };

/** Lazily created so that importing a module never needs a database (builds, unit tests). */
export function getDb(): PrismaClient {
  if (!globalForDb.__troposDb) {
    globalForDb.__troposDb = new PrismaClient({ adapter: new PrismaPg(getPgPool()) });
  }
  return globalForDb.__troposDb;
}

export async function disconnectDb(): Promise<void> {
  const db = globalForDb.__troposDb;
  globalForDb.__troposDb = undefined;
  await db?.$disconnect();
}
