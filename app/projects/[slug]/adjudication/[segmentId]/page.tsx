import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { getAdjudicationPageData } from "@/lib/db/adjudication";
import { requireProjectPage } from "@/lib/http/page-access";
import { isAppError } from "@/lib/errors";
import { ItemView } from "@/components/adjudication/item-view";
import { SchemeItemView } from "@/components/adjudication/scheme-item-view";
import { getProjectRuntime, getSchemeInForce } from "@/lib/db/project-schemes";
import { queueFieldsOf } from "@/lib/reports/disagreements";
import { getSchemeAdjudicationPageData } from "@/lib/db/adjudication-scheme";

export const dynamic = "force-dynamic";

export default async function AdjudicationItemPage({ params, searchParams }: { params: Promise<{ slug: string; segmentId: string }>; searchParams: Promise<{ language?: string | string[] }> }) {
  const { slug, segmentId } = await params;
  // one target language of a study over several (?language=); the first the segment has otherwise
  const language = [(await searchParams).language].flat()[0];
  const access = await requireProjectPage(slug, "adjudication.write", `/projects/${slug}/adjudication/${segmentId}`);
  const db = getDb();
  // a project that runs its own scheme: every field of its definition, per unit, formatted by kind
  const runtime = await getProjectRuntime(db, access.project.id);
  let data;
  try {
    data = runtime.kind === "scheme" ? { scheme: await getSchemeAdjudicationPageData(db, access.project.id, segmentId, runtime, language) } : { builtIn: await getAdjudicationPageData(db, access.project.id, segmentId, language) };
  } catch (e) {
    // a segment of another project is not found here, whatever its id
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
  if (data.scheme) return <SchemeItemView slug={slug} data={data.scheme} />;
  // the fields in the order of the project's stored preset
  return <ItemView slug={slug} data={data.builtIn!} fieldOrder={queueFieldsOf(await getSchemeInForce(db, access.project.id))} />;
}
