import Link from "next/link";
import { JSONL_REFERENCE } from "@/lib/import/jsonl-reference";

export const metadata = { title: "Tropos JSONL — format reference" };

// The import format a lead writes by hand or from a script. Public on purpose: it holds no project
// data, and a lead preparing a file may not have signed in yet. The entries and examples come from
// lib/import/jsonl-reference.ts, which a test parses with the importer itself.
export default function JsonlFormatPage() {
  return (
    <article className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">Tropos JSONL</h1>
        <p className="text-slate-700">
          One JSON object per line, UTF-8 (with or without BOM, LF or CRLF). Every line has a <code>type</code>; lines may come in any order, but a
          segment needs its document and an MRW its segment in the same file. Keys are checked strictly: a misspelt key is an error naming the line and
          the key, and nothing of a file with an error is stored. The project&apos;s own export (<em>Full project (JSONL)</em>) is this format and
          imports again unchanged.
        </p>
        <p className="text-slate-700">
          Character offsets count from 0 in UTF-16 code units (as JavaScript strings do), and <code>end</code> is exclusive.
        </p>
        <p>
          <a className="text-indigo-700 underline" href="/formats/jsonl/example.jsonl" download>
            Download every example below as one file
          </a>
        </p>
      </header>
      <nav aria-label="Line types" className="flex flex-wrap gap-2 text-sm">
        {JSONL_REFERENCE.map((e) => (
          <a key={e.type} href={`#${e.type}`} className="rounded border border-slate-300 bg-white px-2 py-0.5 font-mono text-indigo-700">
            {e.type}
          </a>
        ))}
      </nav>
      {JSONL_REFERENCE.map((e) => (
        <section key={e.type} id={e.type} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="font-mono text-lg font-medium">&quot;type&quot;: &quot;{e.type}&quot;</h2>
          <p className="text-slate-700">{e.what}</p>
          <ul className="list-disc pl-5 text-sm text-slate-600">
            {e.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          <pre className="overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(e.example)}</pre>
        </section>
      ))}
      <p className="text-sm text-slate-600">
        Other formats (MQM TSV, Marot, Label Studio, CoNLL/BIO, VUAMC/PSUCMC, MetaHOPE workbooks, MT outputs, metric scores) are detected on the{" "}
        <Link href="/projects" className="text-indigo-700 underline">
          import page
        </Link>{" "}
        of a project.
      </p>
    </article>
  );
}
