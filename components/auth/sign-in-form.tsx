"use client";
import { useState } from "react";
import { signIn } from "next-auth/react";

const MESSAGES: Record<string, string> = {
  invalid: "Wrong email or password.",
  CredentialsSignin: "Wrong email or password.",
  // single sign-on refused by lib/auth/options.ts's signIn callback: no email, or not verified
  AccessDenied: "Single sign-on refused: your identity provider did not confirm your email address. Verify it there, or ask your administrator.",
};

/** The text for an error code from next-auth; "throttled:<s>" carries the wait (lib/auth/sign-in-throttle.ts). */
function messageOf(code: string): string {
  const throttled = /^throttled:(\d+)$/.exec(code);
  if (throttled) {
    const s = Number(throttled[1]);
    const wait = s >= 120 ? `${Math.ceil(s / 60)} minutes` : `${s} second${s === 1 ? "" : "s"}`;
    return `Too many sign-in attempts. Try again in ${wait}, or reset your password.`;
  }
  return MESSAGES[code] ?? "Sign-in failed.";
}

export function SignInForm({ callbackUrl, oidc, initialError }: { callbackUrl: string; oidc: string | null; initialError?: string }) {
  const [error, setError] = useState<string | null>(initialError ? messageOf(initialError) : null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    const res = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });
    setBusy(false);
    if (!res || res.error) {
      setError(messageOf(res?.error ?? "invalid"));
      return;
    }
    window.location.assign(callbackUrl);
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" noValidate>
      <div>
        <label htmlFor="email" className="block text-sm font-medium">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" required autoFocus
          className="mt-1 w-full rounded border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200" />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required
          className="mt-1 w-full rounded border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200" />
      </div>
      {error && <p role="alert" data-testid="form-error" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>}
      <button type="submit" disabled={busy}
        className="w-full rounded bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
        {busy ? "Signing in…" : "Sign in"}
      </button>
      <p className="text-sm"><a href="/reset-password" className="text-indigo-700 underline">Forgot your password?</a></p>
      {oidc && (
        <button type="button" onClick={() => signIn("oidc", { callbackUrl })}
          className="w-full rounded border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50">
          Sign in with {oidc}
        </button>
      )}
    </form>
  );
}
