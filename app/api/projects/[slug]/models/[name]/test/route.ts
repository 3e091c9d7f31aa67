// POST /api/projects/[slug]/models/[name]/test — the connection test (GET /models on the
// endpoint, with the key from the server's environment); answers with the model ids or the reason.
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { findApiModelEndpoint } from "@/lib/db/models/endpoints";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";
import { listModels } from "@/lib/models/chat-completion";
import { checkModelBaseUrl } from "@/lib/models/model-base-url";

export const POST = withProject<{ slug: string; name: string }>("project.manage", async (req, { access, params }) => {
  await parseJsonBody(req, z.object({}).strict());
  const endpoint = await findApiModelEndpoint(getDb(), access.project.id, z.string().min(1).max(60).parse(params.name));
  checkModelBaseUrl(endpoint.baseUrl);
  const r = await listModels(endpoint);
  return NextResponse.json(r.ok ? { ok: true, models: r.models, hasModel: r.models.includes(endpoint.model) } : { ok: false, message: r.message });
});
