// Automatic acceptance of unanimous units (POST) and its undo (DELETE: removes only automatic rows).
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { acceptUnanimous, undoAutomaticAcceptance } from "@/lib/db/adjudication/adjudication";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";

export const dynamic = "force-dynamic";

const ZAutoAcceptInput = z.object({
  split: z.enum(["PILOT", "TEST"]).optional(),
  fields: z.array(z.string().min(1)).max(20).optional(),
});

export const POST = withProject<{ slug: string }>("adjudication.write", async (req, { access }) => {
  const input = await parseJsonBody(req, ZAutoAcceptInput);
  return NextResponse.json(await acceptUnanimous(getDb(), { projectId: access.project.id, actorId: access.user.id, ...input }));
});

export const DELETE = withProject<{ slug: string }>("adjudication.write", async (req, { access }) => {
  const fields = new URL(req.url).searchParams.get("fields");
  const parsed = z.array(z.string().min(1)).max(20).optional().parse(fields ? fields.split(",") : undefined);
  return NextResponse.json(await undoAutomaticAcceptance(getDb(), { projectId: access.project.id, actorId: access.user.id, fields: parsed }));
});
