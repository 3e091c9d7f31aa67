// Who is calling: the signed-in user, re-read from the database on every request (a deleted
// user or a revoked admin flag takes effect at once).
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { getPgPool } from "@/lib/db/pg-pool";

export interface CurrentUser {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
}

export async function getCurrentUser(): Promise<CurrentUser | null> {
  const session = await getServerSession(authOptions);
  const uid = (session?.user as { id?: string } | undefined)?.id;
  if (!uid) return null;
  // raw query: this runs on every request (see lib/authz/authorize-project.ts)
  const { rows } = await getPgPool().query<CurrentUser>(`SELECT id, email, name, "isAdmin" FROM "User" WHERE id = $1`, [uid]);
  return rows[0] ?? null;
}
