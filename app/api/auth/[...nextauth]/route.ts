// next-auth's routes, behind a byte limit on the body (lib/http/limited-auth-handler.ts): they are
// open to anyone, and next-auth itself would read any body whole.
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { withAuthBodyLimit } from "@/lib/http/limited-auth-handler";

const handler = withAuthBodyLimit(NextAuth(authOptions));
export { handler as GET, handler as POST };
