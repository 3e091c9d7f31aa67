import { headers } from "next/headers";
import { SignInForm } from "@/components/auth/sign-in-form";
import { oidcEnabled } from "@/lib/auth/options";
import { safeCallbackPath } from "@/lib/auth/safe-callback-path";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string; reset?: string }> }) {
  const sp = await searchParams;
  // Only a path on this site is accepted as a destination (no open redirect): parsed against our
  // origin and compared, see lib/auth/safe-callback-path.ts.
  const h = await headers();
  const origin = process.env.NEXTAUTH_URL ?? `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host") ?? "localhost"}`;
  const callbackUrl = safeCallbackPath(sp.callbackUrl, origin);
  return (
    <div className="mx-auto mt-12 max-w-sm">
      <h1 className="text-2xl font-semibold">Sign in to Tropos</h1>
      <p className="mt-1 text-sm text-slate-600">Metaphor translation evaluation</p>
      {sp.reset === "done" && (
        <p role="status" data-testid="reset-done" className="mt-4 rounded bg-green-50 px-3 py-2 text-sm text-green-800">
          Your password was changed. Sign in with the new one.
        </p>
      )}
      <SignInForm callbackUrl={callbackUrl} oidc={oidcEnabled() ? (process.env.OIDC_NAME ?? "Single sign-on") : null} initialError={sp.error} />
    </div>
  );
}
