import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { listProjectJobs } from "@/lib/db/jobs/jobs";
import { JobsTable } from "@/components/project/jobs-table";

export const dynamic = "force-dynamic";

// The project's background jobs (imports, exports, model suggestions): who started what, status, progress, errors.
export default async function JobsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "project.manage", `/projects/${slug}/jobs`);
  const jobs = await listProjectJobs(getDb(), access.project.id);
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-medium">Background jobs</h2>
      <p className="text-sm text-slate-600">Imports, background exports and model suggestions run in the background: they go on when you leave the page. The 50 most recent jobs, newest first; this table follows them as they run.</p>
      <JobsTable slug={slug} jobs={jobs} />
    </div>
  );
}
