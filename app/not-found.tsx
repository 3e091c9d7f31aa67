import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p className="text-sm font-semibold text-slate-500">404 — Not found</p>
      <h1 className="mt-2 text-xl font-semibold">There is nothing here</h1>
      <p className="mt-2 text-sm text-slate-600">The page does not exist, or it belongs to a project you are not a member of.</p>
      <Link href="/projects" className="mt-6 inline-block text-indigo-700 underline">
        Back to your projects
      </Link>
    </div>
  );
}
