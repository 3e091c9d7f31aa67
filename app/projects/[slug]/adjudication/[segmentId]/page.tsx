import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { getAdjudicationPageData } from "@/lib/db/adjudication";
import { requireProjectPage } from "@/lib/http/page-access";
import { isAppError } from "@/lib/errors";
import { ItemView } from "@/components/adjudication/item-view";

export const dynamic = "force-dynamic";

export default async function AdjudicationItemPage({ params }: { params: Promise<{ slug: string; segmentId: string }> }) {
  const { slug, segmentId } = await params;
  const access = await requireProjectPage(slug, "adjudication.write", `/projects/${slug}/adjudication/${segmentId}`);
  let data;
  try {
    data = await getAdjudicationPageData(getDb(), access.project.id, segmentId);
  } catch (e) {
    // a segment of another project is not found here, whatever its id
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
  return <ItemView slug={slug} data={data} />;
}
