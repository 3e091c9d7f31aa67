"use server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { acceptInvitation, acceptInvitationWithNewAccount } from "@/lib/db/projects/invitations";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { publicAction } from "@/lib/http/server-action";
import { AppError } from "@/lib/errors";

const ZToken = z.string().min(1).max(200);

/** A signed-in user accepts an invitation made out to their email: the role is granted at once. */
export const acceptInvitationAction = publicAction(z.object({ token: ZToken }), async (input, user) => {
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to accept the invitation.");
  return acceptInvitation(getDb(), { token: input.token, user });
});

const ZNewAccountInput = z.object({
  token: ZToken,
  name: z.string().trim().min(1, "give your name").max(200),
  password: z.string().min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`).max(1024),
});

/** Someone without an account sets name and password through the link; then they sign in. */
export const createAccountFromInvitationAction = publicAction(ZNewAccountInput, async (input) =>
  acceptInvitationWithNewAccount(getDb(), input),
);
