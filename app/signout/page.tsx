import { SignOutButton } from "@/components/auth/sign-out-button";

export default function SignOutPage() {
  return (
    <div className="mx-auto mt-12 max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-xl font-semibold">Sign out</h1>
      <p className="mt-2 text-sm text-slate-600">Your work is saved as you go; nothing is lost by signing out.</p>
      <SignOutButton />
    </div>
  );
}
