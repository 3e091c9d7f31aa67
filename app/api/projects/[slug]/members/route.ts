import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { findMembers, setMemberRoles } from "@/lib/db/projects/members";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";

export const dynamic = "force-dynamic";

const ZPutMemberInput = z.object({
  email: z.string().trim().email(),
  roles: z.array(z.enum(["MANAGER", "ANNOTATOR", "ADJUDICATOR"])).max(3),
});

export const GET = withProject<{ slug: string }>("project.manage", async (_req, { access }) =>
  NextResponse.json({ members: await findMembers(getDb(), access.project.id) }),
);

export const PUT = withProject<{ slug: string }>("project.manage", async (req, { access }) => {
  const input = await parseJsonBody(req, ZPutMemberInput);
  await setMemberRoles(getDb(), { projectId: access.project.id, actorId: access.user.id, email: input.email, roles: input.roles });
  return NextResponse.json({ ok: true });
});
