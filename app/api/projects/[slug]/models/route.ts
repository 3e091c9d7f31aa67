// GET /api/projects/[slug]/models — the project's model endpoints (managers); POST adds one.
// Endpoints carry the NAME of the key's environment variable and whether it is set on the
// server, never a key.
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { createModelEndpoint, listModelEndpoints, ZModelEndpointInput } from "@/lib/db/models/endpoints";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";

export const GET = withProject("project.manage", async (_req, { access }) => NextResponse.json({ endpoints: await listModelEndpoints(getDb(), access.project.id) }));

export const POST = withProject("project.manage", async (req, { access }) => {
  const input = await parseJsonBody(req, ZModelEndpointInput.strict());
  return NextResponse.json({ endpoint: await createModelEndpoint(getDb(), access.project.id, input) }, { status: 201 });
});
