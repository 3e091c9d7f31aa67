import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { getProjectOverview } from "@/lib/db/projects/projects";
import { ProgressTable } from "@/components/project/progress-table";
import { AutoRefresh } from "@/components/project/auto-refresh";

export const dynamic = "force-dynamic";

export default async function ProjectOverviewPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "project.read", `/projects/${slug}`);
  const o = await getProjectOverview(getDb(), access.project.id);
  const canSeeEveryone = access.user.isAdmin || access.roles.includes("MANAGER") || access.roles.includes("ADJUDICATOR");
  // Annotators see only their own progress line.
  const progress = canSeeEveryone ? o.progress : o.progress.filter((p) => p.userId === access.user.id);
  const stats: [string, number | string][] = [
    ["Documents", o.documents],
    ["Segments", o.segments],
    ["MRWs", o.mrws],
    ["MT systems", o.systems],
    ["Translations", o.translations],
    ["Assignments done", `${o.assignmentsDone} / ${o.assignmentsTotal}`],
  ];
  return (
    <div className="space-y-6">
      <AutoRefresh />
      <p className="text-sm text-slate-600">
        {access.project.sourceLang} → {access.project.targetLangs.join(", ")} · your roles:{" "}
        {access.roles.length ? access.roles.map((r) => r.toLowerCase()).join(", ") : "site admin"}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="overview-counts">
        {stats.map(([k, v]) => (
          <div key={k} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
            <dt className="text-xs uppercase tracking-wide text-slate-500">{k}</dt>
            <dd className="mt-1 text-xl font-semibold" data-testid={`count-${k.toLowerCase().replace(/\s+/g, "-")}`}>{v}</dd>
          </div>
        ))}
      </dl>
      <section>
        <h2 className="mb-2 text-lg font-medium">{canSeeEveryone ? "Progress per annotator" : "Your progress"}</h2>
        <ProgressTable rows={progress.map(({ email, name, done, imported, total, timeSpentMs }) => ({ email, name, done, imported, total, timeSpentMs }))} />
      </section>
    </div>
  );
}
