import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { getProjectOverview } from "@/lib/db/projects/projects";
import { withProject } from "@/lib/http/api-handler";

export const dynamic = "force-dynamic";

/** Overview counts; per-annotator progress only for managers/adjudicators (annotators see their own). */
export const GET = withProject<{ slug: string }>("project.read", async (_req, { access }) => {
  const o = await getProjectOverview(getDb(), access.project.id);
  const all = access.user.isAdmin || access.roles.some((r) => r === "MANAGER" || r === "ADJUDICATOR");
  return NextResponse.json({
    project: { slug: access.project.slug, name: access.project.name, sourceLang: access.project.sourceLang, targetLang: access.project.targetLang },
    roles: access.roles,
    ...o,
    progress: all ? o.progress : o.progress.filter((p) => p.userId === access.user.id),
  });
});
