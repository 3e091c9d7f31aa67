// /study?projects=a,b: one study kept in several projects (a lab that prefers one project per
// language pair), compared: MMTE figure 7 over every language pair of every project, then each
// project's MMTE table 3 per pair. Every project is authorised for report.read on its own; one the
// caller may not read is named as unavailable, whether it exists or not.
import Link from "next/link";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { requireUser } from "@/lib/http/page-access";
import { authorizeProject, type ProjectAccess } from "@/lib/authz/authorize-project";
import { isAppError } from "@/lib/errors";
import { getStudyComparison } from "@/lib/db/reports/study-comparison";
import { StudyView } from "@/components/study/study-view";

export const dynamic = "force-dynamic";

const ZSlugs = z
  .string()
  .optional()
  .transform((s) => [...new Set((s ?? "").split(",").map((x) => x.trim()).filter(Boolean))])
  .pipe(z.array(z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/)).max(12));

export default async function StudyPage({ searchParams }: { searchParams: Promise<{ projects?: string | string[] }> }) {
  const raw = [(await searchParams).projects].flat().filter(Boolean).join(",");
  const user = await requireUser(`/study?projects=${encodeURIComponent(raw)}`);
  const parsed = ZSlugs.safeParse(raw);
  if (!parsed.success || parsed.data.length === 0) {
    return (
      <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
        Choose the projects of the study on <Link href="/projects" className="underline">your projects</Link> (Compare projects), or give them in the address: /study?projects=slug-1,slug-2.
      </p>
    );
  }
  const allowed: ProjectAccess["project"][] = [];
  const unavailable: string[] = [];
  for (const slug of parsed.data) {
    try {
      allowed.push((await authorizeProject(getPgPool(), user, slug, "report.read")).project);
    } catch (e) {
      if (isAppError(e) && (e.code === "NOT_FOUND" || e.code === "FORBIDDEN")) unavailable.push(slug);
      else throw e;
    }
  }
  const study = await getStudyComparison(getDb(), allowed);
  return <StudyView study={study} unavailable={unavailable} />;
}
