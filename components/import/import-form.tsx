"use client";
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ImportPreview } from "./import-preview";
import { issueText, ZImportAnswer, type TIssue, type TOutcome } from "./import-types";
import { JobProgress } from "./job-progress";
import { ZJobView, type TJobView } from "@/lib/jobs/job-view";
import { uploadWithProgress } from "./upload-with-progress";

const FORMATS: [string, string][] = [
  ["auto", "Detect automatically"],
  ["jsonl", "Tropos JSONL (full project)"],
  ["vuamc", "VUAMC corpus (CSV/TSV)"],
  ["moh", "MOH corpus (CSV/TSV)"],
  ["psucmc", "PSUCMC corpus (CSV/TSV)"],
  ["conll", "CoNLL / BIO tokens"],
  ["mt", "MT outputs (segment, system, translation)"],
  ["annotations", "Existing annotations (item, annotator, field, value)"],
  ["chid", "ChID cloze items (JSON lines; CR-ST)"],
  ["meta4xnli-nli", "Meta4XNLI premise–hypothesis pairs (TSV)"],
  ["metrics", "Automatic metric scores (segmentId, system, metric, value)"],
  ["mqm", "MQM errors: WMT MQM or Marot TSV (<v> spans)"],
  ["label-studio", "Label Studio JSON export (needs a mapping: command line)"],
  ["metahope-xlsx", "MetaHOPE annotation workbook (.xlsx)"],
];

type Phase = "idle" | "previewing" | "previewed" | "importing" | "job" | "done";

/**
 * Upload → preview (a dry run: parsed, validated against the project, nothing stored) → import.
 * Any change of file or option invalidates the preview, so what is imported is what was shown.
 * The import itself runs as a background job (lib/jobs): the page shows its progress and can
 * cancel it; leaving the page does not stop it (the jobs page lists it).
 */
export function ImportForm({ slug, maxUploadMb }: { slug: string; maxUploadMb: number }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [outcomes, setOutcomes] = useState<TOutcome[]>([]);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [hasFiles, setHasFiles] = useState(false);
  const [job, setJob] = useState<TJobView | null>(null);
  const [jobErrors, setJobErrors] = useState<TIssue[]>([]);

  useEffect(() => {
    if (startedAt === null) return;
    const t = setInterval(() => setElapsed(Math.round((Date.now() - startedAt) / 1000)), 500);
    return () => clearInterval(t);
  }, [startedAt]);

  const busy = phase === "previewing" || phase === "importing" || phase === "job";
  const previewOk = phase === "previewed" && outcomes.length > 0 && outcomes.every((o) => o.ok);

  function invalidate() {
    if (!busy) {
      setPhase("idle");
      setOutcomes([]);
      setMessage(null);
    }
  }

  async function send(dryRun: boolean) {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const files = data.getAll("file").filter((f): f is File => typeof f !== "string" && f.size > 0);
    if (!files.length) {
      setMessage({ kind: "error", text: "Choose a file first." });
      return;
    }
    const size = files.reduce((n, f) => n + f.size, 0);
    if (size > maxUploadMb * 1024 * 1024) {
      setMessage({ kind: "error", text: `The files are larger than the upload limit of ${maxUploadMb} MB; import them with \`npm run tropos -- import\`.` });
      return;
    }
    data.set("dryRun", dryRun ? "1" : "0");
    data.set("background", dryRun ? "0" : "1");
    setPhase(dryRun ? "previewing" : "importing");
    setMessage(null);
    setJob(null);
    setJobErrors([]);
    setProgress(0);
    setElapsed(0);
    setStartedAt(Date.now());
    try {
      const res = await uploadWithProgress(`/api/projects/${encodeURIComponent(slug)}/import`, data, setProgress);
      if (res.status === 202) {
        // queued as a background job: JobProgress follows it from here
        const queued = ZJobView.parse(JSON.parse(res.text).job);
        setJob(queued);
        setPhase("job");
        return;
      }
      let answer;
      try {
        answer = ZImportAnswer.parse(JSON.parse(res.text));
      } catch {
        throw new Error(`The server answered ${res.status} without a readable result.`);
      }
      setOutcomes(answer.outcomes ?? []);
      if (res.status === 200) {
        if (dryRun) setPhase("previewed");
        else {
          setPhase("done");
          const c = (answer.outcomes ?? []).reduce((n, o) => n + (o.counts.segments ?? 0), 0);
          setMessage({ kind: "ok", text: `Imported ${answer.outcomes?.length ?? 0} file(s) (${c} segments). The overview shows the new counts.` });
          router.refresh();
        }
      } else {
        setPhase(answer.outcomes ? "previewed" : "idle");
        setMessage({ kind: "error", text: answer.error?.message ?? `The import failed (HTTP ${res.status}).` });
      }
    } catch (e) {
      setPhase("idle");
      setMessage({ kind: "error", text: (e as Error).message });
    } finally {
      setStartedAt(null);
    }
  }

  function jobEnded(j: TJobView) {
    const outcomes = ((j.result as { outcomes?: { file: string; stored: boolean; counts: Record<string, number>; errors: TIssue[] }[] } | null)?.outcomes ?? []);
    const stored = outcomes.filter((o) => o.stored);
    const segments = stored.reduce((n, o) => n + (o.counts.segments ?? 0), 0);
    if (j.status === "done") {
      setPhase("done");
      setMessage({ kind: "ok", text: `Imported ${stored.length} file(s) (${segments} segments). The overview shows the new counts.` });
      router.refresh();
    } else if (j.status === "cancelled") {
      setPhase("previewed");
      setMessage({ kind: "error", text: stored.length ? `Cancelled. Stored before the cancel: ${stored.map((o) => o.file).join(", ")}.` : "Cancelled. Nothing was stored." });
      if (stored.length) router.refresh();
    } else {
      setPhase("previewed");
      const error = j.error as { message?: string; errors?: TIssue[] } | null;
      setMessage({ kind: "error", text: error?.message ?? "The import failed." });
      setJobErrors(error?.errors ?? []);
      if (stored.length) router.refresh();
    }
  }

  const input = "mt-1 block w-full rounded border border-slate-300 px-2 py-1.5 text-sm";
  return (
    <div className="space-y-4">
      <form
        ref={formRef}
        onSubmit={(e) => {
          e.preventDefault();
          void send(!previewOk);
        }}
        onChange={invalidate}
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        aria-describedby="import-help"
      >
        <p id="import-help" className="text-sm text-slate-600">
          UTF-8 (with or without BOM), LF or CRLF; up to {maxUploadMb} MB per upload. A file with any error is refused as a whole and nothing of it is stored; importing the same file again updates instead of duplicating.{" "}
          <Link href="/formats/jsonl" className="text-indigo-700 underline" data-testid="jsonl-reference-link">Tropos JSONL format reference</Link>
        </p>
        <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-3">
          <label className="text-sm md:col-span-2">
            Files
            <input name="file" type="file" multiple required className={input} data-testid="import-file"
              onChange={(e) => {
                setHasFiles((e.target.files?.length ?? 0) > 0);
              }} />
          </label>
          <label className="text-sm">
            Format
            <select name="format" defaultValue="auto" className={input}>
              {FORMATS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
          </label>
        </div>
        <details className="mt-3">
          <summary className="cursor-pointer text-sm text-slate-700">More options (MT system, languages, annotator, encoding)</summary>
          <div className="mt-2 grid grid-cols-2 gap-3 md:grid-cols-5">
            <label className="text-sm">MT system name<input name="system" placeholder="from the file" className={input} /></label>
            <label className="text-sm">Source language<input name="sourceLang" placeholder="project's" className={input} /></label>
            <label className="text-sm">Target language<input name="targetLang" placeholder="project's" className={input} /></label>
            <label className="text-sm">Annotator (MetaHOPE workbook, CoNLL tags)<input name="annotator" placeholder="from the file name" className={input} /></label>
            <label className="text-sm">Legacy encoding
              <select name="encoding" defaultValue="" className={input}>
                <option value="">UTF-8 only</option>
                <option value="latin1">Latin-1</option>
                <option value="cp1252">Windows-1252</option>
              </select>
            </label>
            {/* an annotator's CoNLL tags are stored as written unless the lab asks for repair (issue 30.6) */}
            <label className="col-span-2 flex items-start gap-2 text-sm md:col-span-5">
              <input type="checkbox" name="repairBio" value="1" className="mt-1" data-testid="import-repair-bio" />
              <span>Repair BIO tags (CoNLL tags of an annotator): store an I- tag that starts a metaphor as B-, with a warning per repaired token. Off: the tags are kept as written and agreement counts them so.</span>
            </label>
          </div>
        </details>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" disabled={busy || !hasFiles} data-testid="import-submit"
            className="rounded bg-indigo-600 px-4 py-1.5 text-sm text-white hover:bg-indigo-700 disabled:opacity-50">
            {previewOk ? "Import" : "Preview"}
          </button>
          {previewOk && <button type="button" onClick={() => void send(true)} disabled={busy} className="text-sm text-indigo-700 underline">Preview again</button>}
          {phase === "done" && <Link href={`/projects/${slug}`} className="text-sm text-indigo-700 underline">Go to the overview</Link>}
          <Link href={`/projects/${slug}/jobs`} className="ml-auto text-sm text-slate-600 underline">All jobs of this project</Link>
        </div>
        {job && <JobProgress key={job.id} slug={slug} job={job} onEnded={jobEnded} />}
        {busy && phase !== "job" && (
          <div className="mt-3" role="status" aria-live="polite" data-testid="import-progress">
            <div className="text-sm text-slate-700">
              {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : phase === "previewing" ? `Checking the file… ${elapsed}s` : `Handing the files to a background job… ${elapsed}s`}
            </div>
            <div className="mt-1 h-2 w-full overflow-hidden rounded bg-slate-200">
              <div className={`h-2 bg-indigo-500 ${progress >= 1 ? "animate-pulse" : ""}`} style={{ width: `${Math.max(5, Math.round(progress * 100))}%` }} />
            </div>
          </div>
        )}
      </form>
      {message && (
        <p role={message.kind === "error" ? "alert" : "status"} data-testid="import-message"
          className={`rounded px-3 py-2 text-sm ${message.kind === "error" ? "bg-red-50 text-red-700" : "bg-green-50 text-green-800"}`}>
          {message.text}
        </p>
      )}
      {previewOk && <p className="text-sm text-slate-700" data-testid="preview-ready">The preview is valid. Nothing is stored until you press Import.</p>}
      {jobErrors.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-red-700" data-testid="job-errors">
          {jobErrors.slice(0, 50).map((e, i) => <li key={i}>{issueText(e)}</li>)}
          {jobErrors.length > 50 && <li>… and {jobErrors.length - 50} more</li>}
        </ul>
      )}
      {outcomes.map((o) => <ImportPreview key={o.file} outcome={o} />)}
    </div>
  );
}
