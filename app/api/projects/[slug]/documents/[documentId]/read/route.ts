// POST marks a document read by the caller (scrolled through on the item page, or marked read
// there): a scheme with workflow.readDocumentFirst opens its sentences to them from then on.
// Only for a document with a sentence assigned to the caller (lib/db/workspace/document-reads.ts).
import { NextResponse } from "next/server";
import { withProject } from "@/lib/http/api-handler";
import { getDb } from "@/lib/db/client";
import { markDocumentRead } from "@/lib/db/workspace/document-reads";
import { decodeRouteParam } from "@/lib/http/route-param";

export const POST = withProject<{ slug: string; documentId: string }>("annotation.write", async (_req, { access, params }) => {
  return NextResponse.json(await markDocumentRead(getDb(), { projectId: access.project.id, userId: access.user.id, documentId: decodeRouteParam(params.documentId) }));
});
