"use client";
import { signOut } from "next-auth/react";

export function SignOutButton() {
  return (
    <button type="button" autoFocus onClick={() => signOut({ callbackUrl: "/signin" })}
      className="mt-4 w-full rounded bg-slate-800 px-4 py-2 font-medium text-white hover:bg-slate-900">
      Sign out
    </button>
  );
}
