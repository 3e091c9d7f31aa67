// PUT one annotation value (the save contract shared with the other engineers):
// { segmentId, translationId?, mrwId?, field, value, baseVersion } → 200 { id, version },
// 409 CONFLICT with the current value, 400 naming the invalid field, 403/404 from the guard,
// 423 DOCUMENT_NOT_READ while the scheme asks for the document to be read first.
// An `Idempotency-Key` header (optional) makes a retry of a committed save answer its first 200.
import { withItemSave } from "@/lib/http/save-handler";
import { getPgPool } from "@/lib/db/pg-pool";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { ZSaveAnnotationInput } from "@/lib/workspace/api-types";
import { sharedProjectSchemeConfig } from "@/lib/workspace/project-config";
import { saveReceiptKey } from "@/lib/http/idempotency-key";
import { getDb } from "@/lib/db/client";
import { getProjectRuntimeAt } from "@/lib/db/projects/project-schemes";
import { refuseUnreadDocument, refuseUnreadPrefetched } from "@/lib/db/workspace/document-reads";

// the guard reads the item's context in its own query (lib/http/save-handler.ts): one round trip less per save
export const PUT = withItemSave("annotation.write", ZSaveAnnotationInput, async (req, { access, input, item }) => {
  const runtime = await getProjectRuntimeAt(getDb(), access.project.id, access.project.schemeVersion);
  // the document gate from what the guard read with the item (no round trip), else its own lookup
  if (item.key.segmentId === input.segmentId && item.key.annotatorId === access.user.id) refuseUnreadPrefetched(runtime.definition.workflow, item.row, input.segmentId);
  else await refuseUnreadDocument(getDb(), { projectId: access.project.id, schemeVersion: access.project.schemeVersion, userId: access.user.id, segmentKey: input.segmentId });
  const result = await saveAnnotation(getPgPool(), {
    projectId: access.project.id,
    annotatorId: access.user.id,
    config: sharedProjectSchemeConfig(access.project.schemeConfig),
    input,
    runtime,
    receipt: saveReceiptKey(req, "annotation", { projectId: access.project.id }, input),
    itemContext: item,
  });
  // the standard Response: NextResponse adds a cookies wrapper this answer does not use (about 0.1 ms a save)
  return Response.json(result);
});
