import Link from "next/link";

export default function Forbidden() {
  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg border border-red-200 bg-white p-8 text-center shadow-sm">
      <p className="text-sm font-semibold text-red-700">403 — Forbidden</p>
      <h1 className="mt-2 text-xl font-semibold">You do not have access to this page</h1>
      <p className="mt-2 text-sm text-slate-600">Your role in this project does not include it. Ask a project manager if you need it.</p>
      <Link href="/projects" className="mt-6 inline-block text-indigo-700 underline">
        Back to your projects
      </Link>
    </div>
  );
}
