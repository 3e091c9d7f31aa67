import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { findProjectsForUser } from "@/lib/db/projects/projects";
import { withUser } from "@/lib/http/api-handler";

export const dynamic = "force-dynamic";

/** Projects the caller belongs to (all of them for a site admin). */
export const GET = withUser(async (_req, { user }) => NextResponse.json({ projects: await findProjectsForUser(getDb(), user) }));
