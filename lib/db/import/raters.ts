// Who an import's work is by (issue 27, point 7). A rater a file names (annotator, post-editor,
// adjudicator, approver) is a member of the project when the file gives the email of a member
// holding the role that work needs; anyone else is a placeholder rater of this project
// (lib/import/imported-annotator.ts), which is no login account. An account that is not a member
// of the project is never looked up, touched or attached: the members are read once, so neither
// the answer nor its timing depends on whether an email has an account elsewhere.
import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import { importedRaterEmail, looksLikeEmail, placeholderRaterName } from "@/lib/import/imported-annotator";

/** The work a rater is named for: annotators and post-editors, adjudicators, or approvers (any member). */
export type TRaterRole = "ANNOTATOR" | "ADJUDICATOR" | "APPROVER";

/** How an import's answer shows a rater: a member by the email the project shows, a placeholder by its name. */
export interface TImportRater {
  /** the name as the file gives it */
  name: string;
  /** the member's email; null for a placeholder rater */
  email: string | null;
  /** a placeholder rater of this project ("imported rater") */
  imported: boolean;
  /** a placeholder rater this import made (never said of a member) */
  created: boolean;
}

/** Roles of a member that let them be named for the work (a manager may adjudicate and approve). */
const ACCEPTS: Record<TRaterRole, readonly string[]> = {
  ANNOTATOR: ["ANNOTATOR"],
  ADJUDICATOR: ["ADJUDICATOR", "MANAGER"],
  APPROVER: ["ANNOTATOR", "ADJUDICATOR", "MANAGER"],
};

export class ProjectRaters {
  private readonly ids = new Map<string, string>();
  private readonly shown = new Map<string, TImportRater>();

  private constructor(
    private readonly client: PoolClient,
    private readonly projectId: string,
    private readonly members: Map<string, { id: string; email: string; roles: Set<string> }>,
  ) {}

  /** The project's members by lower-cased email, read on the import's connection. */
  static async open(client: PoolClient, projectId: string): Promise<ProjectRaters> {
    const r = await client.query<{ id: string; email: string; role: string }>(
      `SELECT u.id, u.email, m.role::text AS role FROM "ProjectMember" m JOIN "User" u ON u.id = m."userId" WHERE m."projectId" = $1`,
      [projectId],
    );
    const members = new Map<string, { id: string; email: string; roles: Set<string> }>();
    for (const x of r.rows) {
      const key = x.email.toLowerCase();
      const m = members.get(key) ?? { id: x.id, email: x.email, roles: new Set<string>() };
      m.roles.add(x.role);
      members.set(key, m);
    }
    return new ProjectRaters(client, projectId, members);
  }

  /** The user id the work of `name` is stored under; a placeholder is made (and given the role) when needed. */
  async resolve(name: string, role: TRaterRole): Promise<string> {
    const key = `${role}\u0000${name}`;
    const hit = this.ids.get(key);
    if (hit) return hit;
    const trimmed = name.trim();
    const member = looksLikeEmail(trimmed) ? this.members.get(trimmed.toLowerCase()) : undefined;
    if (member && ACCEPTS[role].some((r) => member.roles.has(r))) {
      this.ids.set(key, member.id);
      if (role === "ANNOTATOR") this.shown.set(name, { name, email: member.email, imported: false, created: false });
      return member.id;
    }
    // a placeholder of this project: its address is in the reserved domain and names the project,
    // so the conflict target can only be this project's own placeholder of the same name
    const ins = await this.client.query<{ id: string; created: boolean }>(
      `INSERT INTO "User" (id, email, name) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id, (xmax = 0) AS created`,
      [randomUUID(), importedRaterEmail(this.projectId, trimmed), placeholderRaterName(trimmed)],
    );
    const { id, created } = ins.rows[0];
    if (role !== "APPROVER") {
      await this.client.query(
        `INSERT INTO "ProjectMember" (id, "projectId", "userId", role) VALUES (gen_random_uuid()::text, $1, $2, $3::"Role")
         ON CONFLICT ("projectId", "userId", role) DO NOTHING`,
        [this.projectId, id, role],
      );
    }
    this.ids.set(key, id);
    if (role === "ANNOTATOR") this.shown.set(name, { name, email: null, imported: true, created: created || this.shown.get(name)?.created === true });
    return id;
  }

  /** The annotators (and post-editors) the file named, as the answer shows them. */
  annotators(): TImportRater[] {
    return [...this.shown.values()];
  }
}
