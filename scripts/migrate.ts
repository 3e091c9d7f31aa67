// `npm run db:migrate`: the schema migrations (prisma migrate deploy), then every project made by
// an earlier release moved onto the one runtime (lib/db/upgrade/move-onto-scheme-runtime.ts). Exits 1 when
// a project could not be moved (named with why; the others are moved).
import { resolveDatabase } from "./database-url";
import { runPrisma } from "./prisma-cli";

const log = (s: string) => console.log(`[tropos] ${s}`);

async function main(): Promise<number> {
  const { url, embedded } = await resolveDatabase(log);
  try {
    if (!embedded) await runPrisma(["migrate", "deploy"], url);
    process.env.DATABASE_URL = url;
    const { getDb } = await import("../lib/db/client");
    const { moveEveryProjectAndLog } = await import("../lib/db/upgrade/move-every-project-log");
    const r = await moveEveryProjectAndLog(getDb(), log);
    if (r.moved.length === 0 && r.refused.length === 0) log("Every project runs its stored scheme already.");
    await getDb().$disconnect();
    return r.refused.length > 0 ? 1 : 0;
  } finally {
    await embedded?.stop().catch(() => undefined);
  }
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error(`[tropos] ${e.message}`);
    process.exit(1);
  },
);
