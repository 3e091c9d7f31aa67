"use client";
// The document an annotator reads before its sentences open (a scheme with
// workflow.readDocumentFirst; MetaHOPE's guideline: read the whole news document first). Reaching
// the end of the text by scrolling records it read; "I have read the document" records it without
// scrolling (a reader who knows it already). The scroll box takes the focus, so Space, Page Down and
// End read on from the keyboard, and at the end (at once, for a document that fits) record it. Once recorded, the page reloads into the workspace.
import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";

export interface TDocumentGateProps {
  slug: string;
  documentId: string;
  title: string | null;
  /** the whole document, in order */
  segments: { id: string; index: number; text: string }[];
  /** the sentence the annotator opened: marked in the text */
  currentSegmentId: string;
}

export function DocumentGate({ slug, documentId, title, segments, currentSegmentId }: TDocumentGateProps) {
  const router = useRouter();
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(0);
  const [state, setState] = useState<"reading" | "saving" | "error">("reading");
  const [error, setError] = useState<string | null>(null);

  const markRead = useCallback(async () => {
    setState("saving");
    setError(null);
    const res = await fetch(`/api/projects/${slug}/documents/${encodeURIComponent(documentId)}/read`, { method: "POST" }).catch(() => null);
    if (res?.ok) {
      router.refresh();
      return;
    }
    const body = res ? ((await res.json().catch(() => null)) as { error?: { message?: string } } | null) : null;
    setError(body?.error?.message ?? "Could not record that you read the document; check your connection and try again.");
    setState("error");
  }, [slug, documentId, router]);

  const fractionSeen = () => {
    const el = box.current;
    if (!el) return 0;
    return el.scrollHeight <= el.clientHeight ? 1 : (el.scrollTop + el.clientHeight) / el.scrollHeight;
  };

  // reaching the end by scrolling records the reading (a document short enough to fit needs the
  // button or a reading key: seeing it is not reading it)
  const onScroll = () => {
    const fraction = fractionSeen();
    setSeen((s) => Math.max(s, fraction));
    if (fraction >= 0.995 && state === "reading") void markRead();
  };

  // Space, Page Down and End read on by scrolling; with nothing left to scroll (a document that fits,
  // or the end already reached) they record the reading themselves (issue 29 point 6: on a short
  // document they did nothing, and only Tab to the button worked)
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.altKey || e.metaKey || !(e.key === " " || e.key === "PageDown" || e.key === "End")) return;
    if (fractionSeen() < 0.995 || state === "saving") return;
    e.preventDefault();
    setSeen(1);
    void markRead();
  };

  useEffect(() => {
    box.current?.focus();
    const fraction = fractionSeen();
    // what shows before any scrolling counts as seen, for the progress bar only
    const t = setTimeout(() => setSeen((s) => Math.max(s, fraction)), 0);
    return () => clearTimeout(t);
  }, []);

  const current = segments.findIndex((s) => s.id === currentSegmentId);
  return (
    <section aria-label="Read the document first" data-testid="document-gate" className="mx-auto max-w-3xl space-y-3">
      <header className="rounded border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950">
        <h1 className="text-base font-semibold">Read the whole document first{title ? `: ${title}` : ""}</h1>
        <p className="mt-1">
          This project&apos;s guidelines ask you to read the document before you annotate its sentences
          {current >= 0 ? ` (you opened sentence ${current + 1} of ${segments.length}, marked below)` : ""}. Scroll to the end (Space, Page Down or End) and the sentence opens;
          if you have read it already, say so with the button.
        </p>
      </header>
      <div
        ref={box}
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        data-testid="document-gate-text"
        aria-label={`Document text, ${segments.length} sentences`}
        className="max-h-[60vh] overflow-y-auto rounded border border-slate-300 bg-white p-4 leading-relaxed focus:outline-none focus:ring-2 focus:ring-sky-400"
      >
        {segments.map((s) => (
          <p key={s.id} data-current={s.id === currentSegmentId || undefined} className={`mb-2 ${s.id === currentSegmentId ? "rounded bg-amber-100 px-1 ring-1 ring-amber-300" : ""}`}>
            <span className="mr-2 select-none text-xs text-slate-400">{s.index + 1}</span>
            {s.text}
          </p>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <div className="h-2 w-40 overflow-hidden rounded bg-slate-200" role="progressbar" aria-label="Read so far" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(seen * 100)}>
          <div className="h-full bg-sky-500" style={{ width: `${Math.round(seen * 100)}%` }} />
        </div>
        <span className="text-slate-600">{state === "saving" ? "Recording that you read it …" : `${Math.round(seen * 100)}% read`}</span>
        <button
          type="button"
          disabled={state === "saving"}
          onClick={() => void markRead()}
          className="ml-auto rounded bg-sky-700 px-3 py-1.5 font-medium text-white hover:bg-sky-800 disabled:opacity-50"
        >
          I have read the document
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
