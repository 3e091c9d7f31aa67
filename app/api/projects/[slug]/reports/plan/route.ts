// The study planner of one field (issue 31 point 5): POST { field, items, raters, resamples?, seed?,
// split?, language? } → the plan (lib/db/reports/study-plan.ts), what `tropos plan --json` prints.
// A POST, not a GET: it computes (seconds for large plans) and its body is a small form. Managers
// only (project.manage): planning the next study is the lead's.
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { parseJsonBody, withProject } from "@/lib/http/api-handler";
import { getProjectStudyPlan, ZStudyPlanRequest } from "@/lib/db/reports/study-plan";

export const dynamic = "force-dynamic";

export const POST = withProject<{ slug: string }>("project.manage", async (req, { access }) => {
  const request = await parseJsonBody(req, ZStudyPlanRequest);
  return NextResponse.json(await getProjectStudyPlan(getDb(), getPgPool(), access.project.id, request));
});
