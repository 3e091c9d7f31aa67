// Save (or revise) the final value of one item field, with a rationale. 409 with the current
// decision when baseVersion is stale; 404 for an item of another project. A project that runs its
// own scheme checks the decision against the stored definition (400 naming the field).
import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { saveAdjudication } from "@/lib/db/adjudication/adjudication";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";

export const dynamic = "force-dynamic";

const ZSaveDecisionInput = z.object({
  segmentId: z.string().min(1),
  translationId: z.string().min(1).nullable().optional(),
  mrwId: z.string().min(1).nullable().optional(),
  /** the item text a role-scope field of the project's own scheme is anchored to */
  role: z.string().min(1).nullable().optional(),
  field: z.string().min(1),
  value: z.unknown().refine((v) => v !== undefined, "a value is required"),
  rationale: z.string().trim().max(5000).default(""),
  baseVersion: z.number().int().min(0),
});

export const PUT = withProject<{ slug: string }>("adjudication.write", async (req, { access }) => {
  const input = await parseJsonBody(req, ZSaveDecisionInput);
  const saved = await saveAdjudication(getDb(), { ...input, projectId: access.project.id, adjudicatorId: access.user.id });
  return NextResponse.json(saved);
});
