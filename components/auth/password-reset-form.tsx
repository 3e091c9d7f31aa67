"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { requestPasswordResetAction, resetPasswordAction } from "@/app/reset-password/actions";

const input =
  "mt-1 w-full rounded border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200";
const card = "mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm";
const primary = "w-full rounded bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-60";

/** Asks for a reset link by email (the answer never says whether the account exists). */
export function PasswordResetRequestForm() {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "");
    setBusy(true);
    const res = await requestPasswordResetAction({ email });
    setBusy(false);
    setMessage(
      res.ok
        ? { ok: true, text: "If an account exists for this email, a reset link is on its way. Without a mail server, your administrator finds it in the server log (or makes one with `tropos user reset-password`)." }
        : { ok: false, text: res.message },
    );
  }

  return (
    <form onSubmit={onSubmit} className={card} noValidate>
      <div>
        <label htmlFor="email" className="block text-sm font-medium">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" required autoFocus className={input} />
      </div>
      {message && (
        <p role={message.ok ? "status" : "alert"} data-testid={message.ok ? "form-message" : "form-error"}
          className={`rounded px-3 py-2 text-sm ${message.ok ? "bg-green-50 text-green-800" : "bg-red-50 text-red-700"}`}>
          {message.text}
        </p>
      )}
      <button type="submit" disabled={busy} className={primary}>{busy ? "Sending…" : "Send reset link"}</button>
      <p className="text-sm"><a href="/signin" className="text-indigo-700 underline">Back to sign-in</a></p>
    </form>
  );
}

/** Sets a new password through a reset link, then goes to the sign-in page. */
export function PasswordResetForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get("password") ?? "");
    if (password !== String(form.get("confirm") ?? "")) {
      setError("The two passwords differ.");
      return;
    }
    setBusy(true);
    setError(null);
    const res = await resetPasswordAction({ token, password });
    setBusy(false);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    router.push("/signin?reset=done");
  }

  return (
    <form onSubmit={onSubmit} className={card} noValidate>
      <p className="text-sm text-slate-600">For <span data-testid="reset-email" className="font-medium">{email}</span>. This ends every session of the account.</p>
      <div>
        <label htmlFor="password" className="block text-sm font-medium">New password</label>
        <input id="password" name="password" type="password" autoComplete="new-password" required minLength={8} autoFocus className={input} />
      </div>
      <div>
        <label htmlFor="confirm" className="block text-sm font-medium">New password again</label>
        <input id="confirm" name="confirm" type="password" autoComplete="new-password" required minLength={8} className={input} />
      </div>
      {error && <p role="alert" data-testid="form-error" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>}
      <button type="submit" disabled={busy} className={primary}>{busy ? "Saving…" : "Set new password"}</button>
    </form>
  );
}
