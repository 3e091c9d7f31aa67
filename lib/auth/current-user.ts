// Who is calling: the signed-in user, re-read from the database on every request (a deleted
// user or a revoked admin flag takes effect at once).
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { getDb } from "@/lib/db/client";

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
  const user = await getDb().user.findUnique({
    where: { id: uid },
    select: { id: true, email: true, name: true, isAdmin: true },
  });
  return user;
}
