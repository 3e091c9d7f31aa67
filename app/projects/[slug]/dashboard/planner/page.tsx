// The study planner (issue 31 point 5): a lead picks a field of the project's scheme, the numbers of
// items and raters per item to compare, and sees the expected 95 % interval of α (and κ) of each
// design, from resampling the pilot's values (components/dashboard/study-planner.tsx posts to
// POST /api/projects/[slug]/reports/plan). Managers only (project.manage), as the route.
import { getDb } from "@/lib/db/client";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { plannableFields } from "@/lib/db/reports/study-plan";
import { requireProjectPage } from "@/lib/http/page-access";
import { measurementLevelOf } from "@/lib/schemes/language/measurement-level";
import { StudyPlanner, type TPlannerField } from "@/components/dashboard/study-planner";

export const dynamic = "force-dynamic";

export default async function StudyPlannerPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "project.manage", `/projects/${slug}/dashboard/planner`);
  const { definition } = await getProjectRuntime(getDb(), access.project.id);
  const fields: TPlannerField[] = plannableFields(definition).map((id) => {
    const f = definition.fields.find((x) => x.id === id.split(".")[0])!;
    return { id, label: id === f.id ? f.label : `${f.label}: ${id.slice(f.id.length + 1)}`, level: measurementLevelOf(f)! };
  });
  return (
    <div className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Study planner</h1>
        <a className="text-sm text-indigo-700 underline" href={`/projects/${slug}/dashboard`}>
          Back to the dashboard
        </a>
      </div>
      <p className="max-w-3xl text-sm text-slate-600">
        How precise would the agreement of the next study be? From the values annotated so far (the pilot), each design of N items with r raters per item is
        simulated by resampling: N items drawn with replacement from the pilot&apos;s items that have at least r values, r of each item&apos;s values drawn
        without replacement. The table gives the expected α and the width of its 95 % interval (97.5th − 2.5th percentile of the resamples); nominal fields
        also get Fleiss&apos; κ. The same as <code>tropos plan</code>.
      </p>
      {fields.length === 0 ? (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          This project&apos;s scheme has no field with a measurement level (text and edits are compared by edit distance), so there is nothing to plan.
        </p>
      ) : (
        <StudyPlanner slug={slug} fields={fields} />
      )}
    </div>
  );
}
