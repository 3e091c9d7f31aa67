// POST { version } marks the project's scheme version read by the caller ("the guidelines changed
// since your last visit", lib/db/workspace/scheme-seen.ts). Any member: it only records what they saw.
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { markSchemeSeen } from "@/lib/db/workspace/scheme-seen";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";

const ZSeen = z.object({ version: z.number().int().min(1) }).strict();

export const POST = withProject<{ slug: string }>("project.read", async (req, { access }) => {
  const { version } = await parseJsonBody(req, ZSeen);
  return NextResponse.json(await markSchemeSeen(getDb(), access.project.id, access.user.id, version));
});
