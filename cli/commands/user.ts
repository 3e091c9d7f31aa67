// tropos user create --email … [--name …] [--admin] [--password …]
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { parseCommandArgs } from "../cli-args";
import { withDatabase, type CliIo } from "../cli-context";
import { usageError } from "../cli-error";

export const USER_HELP = `Usage: tropos user create --email EMAIL [--name NAME] [--password PASSWORD] [--admin]

Creates the account, or updates its password, name and admin flag when it exists.
Without --password a random one is generated and printed once.`;

const ZCreate = z.object({
  email: z.string({ error: "is required" }).trim().email("must be an email address"),
  name: z.string().trim().min(1).optional(),
  password: z.string().min(8, "must be at least 8 characters").optional(),
  admin: z.boolean().default(false),
  _: z.array(z.string()).max(0),
});

export async function userCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    io.stdout.write(`${USER_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (sub !== "create") throw usageError(`unknown subcommand "${sub}"; use create`, "user");
  const { values: a, help } = parseCommandArgs("user create", rest, { email: { type: "string" }, name: { type: "string" }, password: { type: "string" }, admin: { type: "boolean" } }, ZCreate);
  if (help) {
    io.stdout.write(`${USER_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const { hashPassword } = await import("@/lib/auth/password");
    const password = a.password ?? randomBytes(12).toString("base64url");
    const email = a.email.toLowerCase();
    const passwordHash = await hashPassword(password);
    const user = await ctx.db.user.upsert({
      where: { email },
      update: { passwordHash, isAdmin: a.admin, ...(a.name ? { name: a.name } : {}) },
      create: { email, name: a.name ?? null, passwordHash, isAdmin: a.admin },
    });
    ctx.stdout.write(`User ${user.email}${user.isAdmin ? " (site admin)" : ""} is ready.\n`);
    if (!a.password) ctx.stdout.write(`Password: ${password}\n`);
    return 0;
  });
}
