import Link from "next/link";
import { PROJECT_CREATOR_REFUSAL } from "@/lib/db/projects/creators";

// /projects/new refused (403): says which right creating projects needs and who gives it (issue 29
// point 3: the site-wide page said "Your role in this project does not include it", with no project).
export default function NewProjectForbidden() {
  return (
    <div className="mx-auto mt-16 max-w-lg rounded-lg border border-amber-200 bg-white p-8 text-center shadow-sm" data-testid="new-project-refused">
      <p className="text-sm font-semibold text-amber-800">403 — Not allowed to create projects</p>
      <h1 className="mt-2 text-xl font-semibold">You cannot create projects yet</h1>
      <p className="mt-2 text-sm text-slate-600">{PROJECT_CREATOR_REFUSAL}</p>
      <Link href="/projects" className="mt-6 inline-block text-indigo-700 underline">
        Back to your projects
      </Link>
    </div>
  );
}
