import Link from "next/link";
import type { Role } from "@/lib/generated/prisma/enums";
import { accessGrants, type Permission } from "@/lib/authz/permissions";

const LINKS: { href: string; label: string; permission: Permission }[] = [
  { href: "", label: "Overview", permission: "project.read" },
  { href: "/queue", label: "My queue", permission: "annotation.write" },
  { href: "/adjudication", label: "Adjudication", permission: "adjudication.write" },
  { href: "/dashboard", label: "Agreement & scores", permission: "report.read" },
  { href: "/import", label: "Import & export", permission: "project.manage" },
  // adjudicators export the gold references and adjudicated labels from the same page
  { href: "/import", label: "Export", permission: "adjudication.export" },
  { href: "/models", label: "Models", permission: "project.manage" },
  { href: "/jobs", label: "Jobs", permission: "project.manage" },
  { href: "/settings", label: "Settings", permission: "project.manage" },
  { href: "/members", label: "Members", permission: "project.manage" },
];

/** Links for what the caller's roles allow; the pages check again on the server. */
export function ProjectNav({ slug, roles, isAdmin, existing }: { slug: string; roles: Role[]; isAdmin: boolean; existing: string[] }) {
  const allowed = LINKS.filter((l) => existing.includes(l.href) && accessGrants(roles, isAdmin, l.permission));
  // one link per page: the first allowed label wins ("Import & export" for managers)
  const visible = allowed.filter((l, i) => allowed.findIndex((o) => o.href === l.href) === i);
  return (
    <nav aria-label="Project" className="mt-3 flex flex-wrap gap-2 border-b border-slate-200 pb-3 text-sm">
      {visible.map((l) => (
        <Link key={l.href} href={`/projects/${slug}${l.href}`} className="rounded px-2 py-1 text-slate-700 hover:bg-slate-200">
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
