import { SignInForm } from "@/components/auth/sign-in-form";
import { oidcEnabled } from "@/lib/auth/options";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string }> }) {
  const sp = await searchParams;
  // Only same-site paths are accepted as a destination (no open redirect).
  const callbackUrl = sp.callbackUrl?.startsWith("/") && !sp.callbackUrl.startsWith("//") ? sp.callbackUrl : "/projects";
  return (
    <div className="mx-auto mt-12 max-w-sm">
      <h1 className="text-2xl font-semibold">Sign in to Tropos</h1>
      <p className="mt-1 text-sm text-slate-600">Metaphor translation evaluation</p>
      <SignInForm callbackUrl={callbackUrl} oidc={oidcEnabled() ? (process.env.OIDC_NAME ?? "Single sign-on") : null} initialError={sp.error} />
    </div>
  );
}
