import type { Metadata } from "next";
import Link from "next/link";
import "./globals.css";
import { getCurrentUser } from "@/lib/auth/current-user";

export const metadata: Metadata = {
  title: "Tropos — metaphor MT evaluation",
  description: "Human evaluation of machine translation of metaphors (MMTE, MetaHOPE)",
  icons: { icon: "/favicon.ico" },
  // annotation projects are private: keep pages out of search engines (public/robots.txt too)
  robots: { index: false, follow: false },
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const user = await getCurrentUser().catch(() => null);
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900">
        <header className="border-b border-slate-200 bg-white">
          <nav className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3" aria-label="Main">
            <Link href="/projects" className="flex items-center gap-2 text-lg font-semibold tracking-tight text-indigo-700">
              {/* a plain <img>: a 32-pixel SVG gains nothing from next/image's optimiser */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src="/logo.svg" alt="" width={22} height={22} />
              Tropos
            </Link>
            {user && (
              <Link href="/projects" className="text-sm text-slate-700 hover:text-slate-900">
                Projects
              </Link>
            )}
            <div className="ml-auto flex items-center gap-4 text-sm">
              {user ? (
                <>
                  <span className="text-slate-600" data-testid="current-user">
                    {user.email}
                    {user.isAdmin && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">admin</span>}
                  </span>
                  <Link href="/signout" className="text-slate-700 underline hover:text-slate-900">
                    Sign out
                  </Link>
                </>
              ) : (
                <Link href="/signin" className="text-slate-700 underline">
                  Sign in
                </Link>
              )}
            </div>
          </nav>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
      </body>
    </html>
  );
}
