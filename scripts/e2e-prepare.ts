// Prepares the end-to-end database: fresh, migrated, demo-seeded, plus an outsider who annotates
// another project (for cross-project access checks). Prints the URL on the last line.
import { recreateDatabase } from "../tests/test-database";

async function main() {
  const url = await recreateDatabase(process.env.E2E_DB_NAME ?? "tropos_e2e");
  process.env.DATABASE_URL = url;
  const { getDb } = await import("../lib/db/client");
  const { getPgPool, closePgPool } = await import("../lib/db/pg-pool");
  const { seedDemo, DEMO_PASSWORD } = await import("../lib/db/demo/seed-demo");
  const { hashPassword } = await import("../lib/auth/password");
  const db = getDb();
  await seedDemo(db, getPgPool());
  const outsider = await db.user.create({
    data: { email: "outsider@e2e.tropos", name: "Outsider", passwordHash: await hashPassword(DEMO_PASSWORD) },
  });
  // a user that exists only to be locked out by the throttling test
  await db.user.create({ data: { email: "lockout@e2e.tropos", passwordHash: await hashPassword(DEMO_PASSWORD) } });
  const other = await db.project.create({ data: { slug: "other", name: "Another team's project" } });
  await db.projectMember.create({ data: { projectId: other.id, userId: outsider.id, role: "ANNOTATOR" } });
  await db.$disconnect();
  await closePgPool();
  console.log(url);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
