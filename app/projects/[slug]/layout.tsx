import { requireProjectPage } from "@/lib/http/page-access";
import { getCurrentUser } from "@/lib/auth/current-user";
import { ProjectNav } from "@/components/project/project-nav";
import { existingProjectPages } from "@/app/projects/[slug]/existing-pages";
import { GuidelinesNews } from "@/components/project/guidelines-news";
import { getDb } from "@/lib/db/client";
import { guidelinesNews } from "@/lib/db/workspace/scheme-seen";
import { NotificationBell } from "@/components/notifications/notification-bell";

export default async function ProjectLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  // Signed out: leave the sign-in redirect to the page, which knows the path that was asked for
  // (a layout does not), so /projects/demo/queue comes back to the queue after signing in, not to
  // the project page. Every page below guards itself with requireProjectPage (pages-guard.test.ts).
  if (!(await getCurrentUser())) return <>{children}</>;
  const access = await requireProjectPage(slug, "project.read", `/projects/${slug}`);
  // the people who follow the guidelines are told when they change (a manager changes them)
  const follows = access.roles.some((r) => r === "ANNOTATOR" || r === "ADJUDICATOR");
  const news = follows ? await guidelinesNews(getDb(), access.project.id, access.user.id) : null;
  return (
    <div>
      <div className="text-sm text-slate-500">Project</div>
      <h1 className="text-2xl font-semibold" data-testid="project-name">{access.project.name}</h1>
      <ProjectNav slug={slug} roles={access.roles} isAdmin={access.user.isAdmin} existing={existingProjectPages} />
      <NotificationBell slug={slug} projectId={access.project.id} userId={access.user.id} />
      {news && <GuidelinesNews key={news.to} slug={slug} news={news} />}
      <div className="mt-4">{children}</div>
    </div>
  );
}
