import { getDb } from "@/lib/db/client";
import { findPendingPasswordReset } from "@/lib/db/auth/password-resets";
import { isAppError } from "@/lib/errors";
import { PasswordResetForm, PasswordResetRequestForm } from "@/components/auth/password-reset-form";

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  if (!token) {
    return (
      <div className="mx-auto mt-12 max-w-sm">
        <h1 className="text-2xl font-semibold">Reset your password</h1>
        <PasswordResetRequestForm />
      </div>
    );
  }
  let email: string | null = null;
  let problem: string | null = null;
  try {
    email = (await findPendingPasswordReset(getDb(), token)).email;
  } catch (e) {
    if (!isAppError(e)) throw e;
    problem = e.message;
  }
  return (
    <div className="mx-auto mt-12 max-w-sm">
      <h1 className="text-2xl font-semibold">Choose a new password</h1>
      {problem || !email ? (
        <p role="alert" data-testid="form-error" className="mt-4 rounded bg-red-50 px-3 py-2 text-sm text-red-700">
          {problem} <a href="/reset-password" className="underline">Ask for a new link</a>.
        </p>
      ) : (
        <PasswordResetForm token={token} email={email} />
      )}
    </div>
  );
}
