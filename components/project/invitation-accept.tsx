"use client";
// What an invitee does on /invite/<token>: without an account, set name and password (the account
// is created with the invited email, then signed in); with one, sign in as that email and accept.
import { useState, useTransition } from "react";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { acceptInvitationAction, createAccountFromInvitationAction } from "@/app/invite/[token]/actions";

interface Props {
  token: string;
  email: string;
  accountExists: boolean;
  signedInAs: string | null;
  minPasswordLength: number;
}

export function InvitationAccept({ token, email, accountExists, signedInAs, minPasswordLength }: Props) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [field, setField] = useState<string | null>(null);
  const callback = `/invite/${token}`;
  const input = "mt-1 w-full rounded border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200";
  const alert = error && <p role="alert" data-testid="invitation-error" className="mt-3 rounded bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>;

  if (signedInAs && signedInAs.toLowerCase() !== email) {
    return (
      <p className="mt-4 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="invitation-wrong-account">
        You are signed in as {signedInAs}, but this invitation is for {email}.{" "}
        <Link href="/signout" className="underline">Sign out</Link> and open the link again.
      </p>
    );
  }

  if (signedInAs) {
    return (
      <div className="mt-4">
        <button type="button" disabled={pending} autoFocus
          className="w-full rounded bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
          onClick={() => start(async () => {
            const res = await acceptInvitationAction({ token });
            // a full page load, so that the header and the project's navigation show the new role
            // eslint-disable-next-line @next/next/no-location-assign-relative-destination
            if (res.ok) window.location.assign(`/projects/${res.data.slug}`);
            else setError(res.message);
          })}>
          Accept and open the project
        </button>
        {alert}
      </div>
    );
  }

  if (accountExists) {
    return (
      <p className="mt-4 text-sm">
        An account for {email} exists already.{" "}
        <Link href={`/signin?callbackUrl=${encodeURIComponent(callback)}`} className="font-medium text-indigo-700 underline">Sign in to accept</Link>.
      </p>
    );
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get("name") ?? "");
    const password = String(form.get("password") ?? "");
    if (!name.trim()) return fail("name", "Give your name.");
    if (password.length < minPasswordLength) return fail("password", `The password needs at least ${minPasswordLength} characters.`);
    if (password !== String(form.get("confirm") ?? "")) return fail("confirm", "The two passwords differ.");
    start(async () => {
      const res = await createAccountFromInvitationAction({ token, name, password });
      if (!res.ok) return fail(res.field ?? null, res.message);
      const signedIn = await signIn("credentials", { email, password, redirect: false });
      if (!signedIn || signedIn.error) {
        fail(null, "Your account is ready, but signing in failed. Sign in with your email and new password.");
        return;
      }
      // a full page load: the root layout must read the new session cookie
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`/projects/${res.data.slug}`);
    });
  }

  function fail(f: string | null, message: string) {
    setField(f);
    setError(message);
  }

  const invalid = (f: string) => (field === f ? { "aria-invalid": true, "aria-describedby": "invitation-error" } : {});
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <p className="text-sm text-slate-600">Set your name and a password to create your account.</p>
      <div>
        <label htmlFor="invite-account-email" className="block text-sm font-medium">Email</label>
        <input id="invite-account-email" value={email} readOnly autoComplete="username" className={`${input} bg-slate-50`} />
      </div>
      <div>
        <label htmlFor="invite-name" className="block text-sm font-medium">Your name</label>
        <input id="invite-name" name="name" autoComplete="name" autoFocus className={input} {...invalid("name")} />
      </div>
      <div>
        <label htmlFor="invite-password" className="block text-sm font-medium">Password</label>
        <input id="invite-password" name="password" type="password" autoComplete="new-password" className={input} {...invalid("password")} />
        <p className="mt-1 text-xs text-slate-500">At least {minPasswordLength} characters; a passphrase is best.</p>
      </div>
      <div>
        <label htmlFor="invite-confirm" className="block text-sm font-medium">Password again</label>
        <input id="invite-confirm" name="confirm" type="password" autoComplete="new-password" className={input} {...invalid("confirm")} />
      </div>
      {alert}
      <button type="submit" disabled={pending} className="w-full rounded bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
        {pending ? "Creating your account…" : "Create account and join"}
      </button>
    </form>
  );
}
