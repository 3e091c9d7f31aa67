// Types of the adjudication page's data as the client receives it.
import type { TAdjudicationPageData } from "@/lib/db/adjudication";

export type TItemUnit = TAdjudicationPageData["units"][number];
export type TItemAnnotator = TAdjudicationPageData["annotators"][number];
