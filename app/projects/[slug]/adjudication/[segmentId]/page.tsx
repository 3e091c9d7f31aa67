import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { requireProjectPage } from "@/lib/http/page-access";
import { isAppError } from "@/lib/errors";
import { SchemeItemView } from "@/components/adjudication/scheme-item-view";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { getSchemeAdjudicationPageData } from "@/lib/db/adjudication/scheme-decisions";
import { getAnnotatorTendency } from "@/lib/db/adjudication/annotator-tendency";
import { getPgPool } from "@/lib/db/pg-pool";

export const dynamic = "force-dynamic";

export default async function AdjudicationItemPage({ params, searchParams }: { params: Promise<{ slug: string; segmentId: string }>; searchParams: Promise<{ language?: string | string[] }> }) {
  const { slug, segmentId } = await params;
  // one target language of a study over several (?language=); the first the segment has otherwise
  const language = [(await searchParams).language].flat()[0];
  const access = await requireProjectPage(slug, "adjudication.write", `/projects/${slug}/adjudication/${segmentId}`);
  const db = getDb();
  // every field of the scheme's definition, per unit, formatted by kind
  const runtime = await getProjectRuntime(db, access.project.id);
  let data;
  try {
    data = await getSchemeAdjudicationPageData(db, access.project.id, segmentId, runtime, language);
  } catch (e) {
    // a segment of another project is not found here, whatever its id
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
  // each annotator of this item over the whole project: the context to weigh their values
  const tendency = await getAnnotatorTendency(getPgPool(), access.project.id, runtime, data.annotators.map((a) => a.email));
  return <SchemeItemView slug={slug} data={data} tendency={tendency} />;
}
