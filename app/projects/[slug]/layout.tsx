import { requireProjectPage } from "@/lib/http/page-access";
import { ProjectNav } from "@/components/project/project-nav";
import { existingProjectPages } from "@/app/projects/[slug]/existing-pages";

export default async function ProjectLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "project.read", `/projects/${slug}`);
  return (
    <div>
      <div className="text-sm text-slate-500">Project</div>
      <h1 className="text-2xl font-semibold" data-testid="project-name">{access.project.name}</h1>
      <ProjectNav slug={slug} roles={access.roles} isAdmin={access.user.isAdmin} existing={existingProjectPages} />
      <div className="mt-4">{children}</div>
    </div>
  );
}
