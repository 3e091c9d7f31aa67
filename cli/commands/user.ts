// tropos user create --email … [--name …] [--admin] [--password …]
// tropos user reset-password --email … [--base-url …]
// tropos user project-creator --email … [--off]
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { parseCommandArgs } from "../cli-args";
import { withDatabase, type CliIo } from "../cli-context";
import { CliError, usageError } from "../cli-error";
import { IMPORTED_ANNOTATOR_DOMAIN, isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";

export const USER_HELP = `Usage: tropos user create --email EMAIL [--name NAME] [--password PASSWORD] [--admin]
       tropos user reset-password --email EMAIL [--base-url URL]
       tropos user project-creator --email EMAIL [--off]

create: creates the account, or updates its password, name and admin flag when it exists (a new
password ends the account's sessions). Without --password a random one is generated and printed once.

reset-password: prints a one-time link (valid one hour) where the user chooses a new password.
Using it ends the account's sessions and clears its sign-in delay after wrong guesses. The link
starts with --base-url, else NEXTAUTH_URL, else http://localhost:$PORT (3000).

project-creator: gives the account the right to create projects without being a site admin (the
browser's New project wizard; they manage the projects they create); --off takes it away. Also in
the browser: Users (/admin/users), for site admins.`;

const ZProjectCreator = z.object({
  email: z.string({ error: "is required" }).trim().email("must be an email address"),
  off: z.boolean().default(false),
  _: z.array(z.string()).max(0),
});

const ZCreate = z.object({
  email: z.string({ error: "is required" }).trim().email("must be an email address"),
  name: z.string().trim().min(1).optional(),
  password: z.string().min(8, "must be at least 8 characters").optional(),
  admin: z.boolean().default(false),
  _: z.array(z.string()).max(0),
});

const ZReset = z.object({
  email: z.string({ error: "is required" }).trim().email("must be an email address"),
  "base-url": z.string().url("must be a URL such as https://tropos.example.org").optional(),
  _: z.array(z.string()).max(0),
});

export async function userCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    io.stdout.write(`${USER_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (sub === "reset-password") return resetPasswordCommand(rest, io);
  if (sub === "project-creator") return projectCreatorCommand(rest, io);
  if (sub !== "create") throw usageError(`unknown subcommand "${sub}"; use create, reset-password or project-creator`, "user");
  const { values: a, help } = parseCommandArgs("user create", rest, { email: { type: "string" }, name: { type: "string" }, password: { type: "string" }, admin: { type: "boolean" } }, ZCreate);
  if (help) {
    io.stdout.write(`${USER_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const { hashPassword } = await import("@/lib/auth/password");
    const password = a.password ?? randomBytes(12).toString("base64url");
    const email = a.email.toLowerCase();
    // placeholder raters (imports) are no login accounts: a password would make one
    if (isImportedAnnotatorEmail(email)) throw new CliError(`${email} is an imported rater's address (${IMPORTED_ANNOTATOR_DOMAIN}); it cannot be a login account`, 1);
    const passwordHash = await hashPassword(password);
    const user = await ctx.db.user.upsert({
      where: { email },
      // a new password ends the account's sessions (User.sessionVersion)
      update: { passwordHash, isAdmin: a.admin, sessionVersion: { increment: 1 }, ...(a.name ? { name: a.name } : {}) },
      create: { email, name: a.name ?? null, passwordHash, isAdmin: a.admin },
    });
    ctx.stdout.write(`User ${user.email}${user.isAdmin ? " (site admin)" : ""} is ready.\n`);
    if (!a.password) ctx.stdout.write(`Password: ${password}\n`);
    return 0;
  });
}

async function resetPasswordCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs("user reset-password", argv, { email: { type: "string" }, "base-url": { type: "string" } }, ZReset);
  if (help) {
    io.stdout.write(`${USER_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const { createPasswordReset } = await import("@/lib/db/auth/password-resets");
    const { passwordResetLink } = await import("@/lib/auth/password-reset-token");
    const reset = await createPasswordReset(ctx.db, { email: a.email, origin: "cli" });
    if (!reset) throw new CliError(`no account with the email ${a.email.toLowerCase()} (create it with \`tropos user create\`)`, 1);
    const base = a["base-url"] ?? process.env.NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
    ctx.stdout.write(`Password reset link for ${reset.email} (valid until ${reset.expiresAt.toISOString()}, one use):\n`);
    ctx.stdout.write(`${passwordResetLink(base, reset.token)}\n`);
    return 0;
  });
}

async function projectCreatorCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs("user project-creator", argv, { email: { type: "string" }, off: { type: "boolean" } }, ZProjectCreator);
  if (help) {
    io.stdout.write(`${USER_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const { setProjectCreator } = await import("@/lib/db/projects/creators");
    const { isAppError } = await import("@/lib/errors");
    try {
      const saved = await setProjectCreator(ctx.db, { email: a.email }, !a.off, null, "cli");
      ctx.stdout.write(`${saved.email} ${saved.projectCreator ? "may now create projects" : "may no longer create projects"}.\n`);
      return 0;
    } catch (e) {
      if (isAppError(e) && e.code === "NOT_FOUND") throw new CliError(`no account with the email ${a.email.toLowerCase()} (create it with \`tropos user create\`)`, 1);
      throw e;
    }
  });
}
