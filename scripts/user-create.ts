// `npm run user:create -- --email a@b.c [--name "…"] [--password …] [--admin]`
// Without --password, a random one is generated and printed once (never logged elsewhere).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
import { resolveDatabase } from "./database-url";

const ZArgs = z.object({
  email: z.string().trim().email("--email must be an email address"),
  name: z.string().optional(),
  password: z.string().min(8, "--password must be at least 8 characters").optional(),
  admin: z.boolean().default(false),
});

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      admin: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log("Usage: npm run user:create -- --email EMAIL [--name NAME] [--password PASSWORD] [--admin]");
    return;
  }
  const parsed = ZArgs.safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("; "));
  const args = parsed.data;
  const { url, embedded } = await resolveDatabase(() => undefined);
  process.env.DATABASE_URL = url;
  try {
    const { getDb } = await import("../lib/db/client");
    const { hashPassword } = await import("../lib/auth/password");
    const password = args.password ?? randomBytes(12).toString("base64url");
    const email = args.email.toLowerCase();
    const db = getDb();
    const user = await db.user.upsert({
      where: { email },
      // a new password ends the account's sessions (User.sessionVersion)
      update: { passwordHash: await hashPassword(password), isAdmin: args.admin, sessionVersion: { increment: 1 }, ...(args.name ? { name: args.name } : {}) },
      create: { email, name: args.name ?? null, passwordHash: await hashPassword(password), isAdmin: args.admin },
    });
    console.log(`User ${user.email}${user.isAdmin ? " (site admin)" : ""} is ready.`);
    if (!args.password) console.log(`Password: ${password}`);
    await db.$disconnect();
  } finally {
    await embedded?.stop();
  }
}

main().catch((e) => {
  console.error(`user:create: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
