// A project's dashboard computed in the background, where its next view would otherwise wait for a
// full read and every statistic (about 9 s at 960,000 values; issue 28's "cold" view): after an
// import (browser, background job, CLI), a restore, and at a server start for the projects worked
// on most recently (warmRecentlyActiveProjects). What the default view of the dashboard page computes is kept in memory (the
// next view in this process computes nothing) and stored: the report data's copies and the
// statistics kept under their fields' versions (lib/db/reports/kept-parts.ts), so that a view on
// another server, or after a restart, computes only what changed since.
import type { Db } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { flushReportSnapshots, reportCacheEnabled } from "@/lib/db/reports/report-data-cache";
import { flushKeptParts } from "@/lib/db/reports/kept-parts";
import { parseReportQuery } from "@/lib/reports/report-query";
import { getSchemeDashboardPageData } from "@/lib/reports/scheme-dashboard-page-data";

/** Computes and stores the project's dashboard as its page shows it by default; failures are only logged. */
export async function warmDashboard(db: Db, projectId: string): Promise<void> {
  if (!reportCacheEnabled()) return;
  const pool = getPgPool();
  try {
    const runtime = await getProjectRuntime(db, projectId);
    // (the page's default: app/projects/[slug]/dashboard/page.tsx with no search parameters)
    await getSchemeDashboardPageData(db, pool, projectId, runtime, parseReportQuery({}), { ciGiven: false });
    await flushReportSnapshots(pool);
    await flushKeptParts(pool);
  } catch (e) {
    console.error(`[reports] computing the dashboard of project ${projectId} ahead of its view failed: ${(e as Error).message}`);
  }
}
