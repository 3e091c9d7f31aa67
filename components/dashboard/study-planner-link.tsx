// The dashboard's way to the study planner (app/projects/[slug]/dashboard/planner), for managers.
export function StudyPlannerLink({ slug }: { slug: string }) {
  return (
    <p className="mb-3 text-sm text-slate-600">
      Planning the next study? The <a className="text-indigo-700 underline" href={`/projects/${slug}/dashboard/planner`}>study planner</a> estimates how precise α
      would be for a number of items and raters per item, from these values.
    </p>
  );
}
