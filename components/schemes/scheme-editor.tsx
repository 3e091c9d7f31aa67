"use client";
// Settings → Scheme: edit a project's scheme as JSON or YAML, starting from a preset, the example
// or a file, with every validation error at its line (click to go there), a live preview of the
// workspace, and saving as a new version (refused, with the values concerned, when it would
// orphan stored annotations).
import { useMemo, useRef, useState, useTransition } from "react";
import { parseSchemeText, type TSchemeError } from "@/lib/schemes/language/parse-scheme-text";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { SchemePreview } from "./scheme-preview";
import { SCHEME_STARTING_POINTS } from "./scheme-starting-points";

export type TSaveSchemeAnswer = { ok: true; version: number; changes: string[] } | { ok: false; message: string; orphans?: { message: string }[] };

/**
 * `projectVersion` is the project's latest stored version (null: none yet). The scheme's own
 * `"version"` is its author's number and the project numbers its saves 1, 2, 3 … itself (issue 29
 * point 8: "version 1" in the editor was stored as version 2 without a word), so both are named.
 */
export function SchemeEditor({ initialText, projectVersion: storedVersion, save }: { initialText: string; projectVersion: number | null; save: (text: string, note: string, fileName: string) => Promise<TSaveSchemeAnswer> }) {
  const [text, setText] = useState(initialText);
  // the name of a file the manager opened; null for the stored scheme or a starting point, whose
  // errors are given as line and column (a lab's own scheme named "mmte.json" was misleading)
  const [source, setSource] = useState<string | null>(null);
  const [projectVersion, setProjectVersion] = useState(storedVersion);
  // no extension: JSON or YAML is told from the text (lib/schemes/language/parse-scheme-text.ts)
  const fileName = source ?? "scheme";
  const [note, setNote] = useState("");
  const [tab, setTab] = useState<"preview" | "errors">("preview");
  const [answer, setAnswer] = useState<TSaveSchemeAnswer | null>(null);
  const [pending, startSaving] = useTransition();
  const area = useRef<HTMLTextAreaElement>(null);

  const parsed = useMemo(() => parseSchemeText(fileName, text), [fileName, text]);
  // the preview keeps the last valid scheme while the text has errors (state adjusted during
  // render, React's pattern for a value derived from the previous renders)
  const [lastValid, setLastValid] = useState<TSchemeDefinition | null>(parsed.ok ? parsed.scheme : null);
  if (parsed.ok && parsed.scheme !== lastValid) setLastValid(parsed.scheme);
  const errors: TSchemeError[] = parsed.ok ? [] : parsed.errors;

  function goTo(e: TSchemeError) {
    const el = area.current;
    if (!el || !e.line) return;
    const lines = text.split("\n");
    const start = lines.slice(0, e.line - 1).reduce((n, l) => n + l.length + 1, 0) + Math.max(0, (e.column ?? 1) - 1);
    const end = lines.slice(0, e.line).reduce((n, l) => n + l.length + 1, 0) - 1;
    el.focus();
    el.setSelectionRange(start, Math.max(start, end));
    // scroll the line into view: the textarea's line height times the line number
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 18;
    el.scrollTop = Math.max(0, (e.line - 3) * lineHeight);
  }

  async function openFile(f: File) {
    setSource(f.name);
    setText(await f.text());
    setAnswer(null);
  }

  const lineCount = text.split("\n").length;
  return (
    <div className="space-y-3" data-testid="scheme-editor">
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col gap-1">
          <span className="font-medium text-slate-700">Start from</span>
          <select
            className="rounded border border-slate-300 px-2 py-1"
            defaultValue=""
            onChange={(e) => {
              const s = SCHEME_STARTING_POINTS.find((p) => p.id === e.target.value);
              if (s && (text === initialText || confirm("Replace the text in the editor?"))) {
                setText(s.text);
                setSource(null);
                setAnswer(null);
              }
              e.target.value = "";
            }}
          >
            <option value="">a preset or the example…</option>
            {SCHEME_STARTING_POINTS.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium text-slate-700">or a file (.json, .yaml)</span>
          <input type="file" accept=".json,.yaml,.yml,application/json,text/yaml" onChange={(e) => e.target.files?.[0] && void openFile(e.target.files[0])} className="text-xs" data-testid="scheme-file" />
        </label>
        <span className={`ml-auto rounded px-2 py-1 text-xs ${parsed.ok ? "bg-green-50 text-green-800" : "bg-red-50 text-red-700"}`} data-testid="scheme-status" role="status">
          {parsed.ok
            ? `Valid: ${parsed.scheme.fields.length} field(s), scheme "${parsed.scheme.id}" version ${parsed.scheme.version} · saves as version ${(projectVersion ?? 0) + 1} of this project`
            : `${errors.length} error(s)`}
        </span>
      </div>

      <div className="grid gap-3 xl:grid-cols-2">
        <div className="flex flex-col gap-2">
          <div className="flex overflow-hidden rounded border border-slate-300 bg-white font-mono text-xs leading-[18px]">
            <pre aria-hidden className="select-none border-r border-slate-200 bg-slate-50 px-2 py-2 text-right text-slate-400">
              {Array.from({ length: lineCount }, (_, i) => {
                const bad = errors.some((e) => e.line === i + 1);
                return <div key={i} className={bad ? "bg-red-100 text-red-700" : ""}>{i + 1}</div>;
              })}
            </pre>
            <textarea
              ref={area}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setAnswer(null);
              }}
              spellCheck={false}
              wrap="off"
              aria-label="Scheme (JSON or YAML)"
              data-testid="scheme-text"
              rows={Math.min(40, Math.max(16, lineCount + 1))}
              className="flex-1 resize-y overflow-auto whitespace-pre px-2 py-2 outline-none"
            />
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <input value={note} onChange={(e) => setNote(e.target.value)} placeholder="What changed (shown to annotators)" className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1" aria-label="Change note" />
            <button
              type="button"
              disabled={!parsed.ok || pending}
              onClick={() =>
                startSaving(async () => {
                  const saved = await save(text, note, fileName);
                  if (saved.ok) setProjectVersion(saved.version);
                  setAnswer(saved);
                })
              }
              className="rounded bg-indigo-600 px-3 py-1 text-white disabled:opacity-50"
              data-testid="scheme-save"
            >
              {pending ? "Saving…" : "Save as a new version"}
            </button>
          </div>
          {answer && (
            <div role={answer.ok ? "status" : "alert"} data-testid="scheme-save-answer" className={`rounded px-3 py-2 text-sm ${answer.ok ? "bg-green-50 text-green-800" : "bg-red-50 text-red-700"}`}>
              {answer.ok ? (
                <>
                  Saved as version {answer.version} of this project&apos;s scheme.
                  {answer.changes.length > 0 && <ul className="mt-1 list-disc pl-5 text-xs">{answer.changes.map((c, i) => <li key={i}>{c}</li>)}</ul>}
                </>
              ) : (
                <>
                  {answer.message}
                  {answer.orphans && <ul className="mt-1 list-disc pl-5 text-xs">{answer.orphans.map((o, i) => <li key={i}>{o.message}</li>)}</ul>}
                </>
              )}
            </div>
          )}
        </div>

        <div>
          <div role="tablist" className="mb-2 flex gap-1 text-sm">
            <button type="button" role="tab" aria-selected={tab === "preview"} onClick={() => setTab("preview")} className={`rounded px-2 py-1 ${tab === "preview" ? "bg-slate-200" : ""}`}>Preview</button>
            <button type="button" role="tab" aria-selected={tab === "errors"} onClick={() => setTab("errors")} className={`rounded px-2 py-1 ${tab === "errors" ? "bg-slate-200" : ""}`}>
              Errors {errors.length > 0 && <span className="rounded bg-red-600 px-1 text-xs text-white">{errors.length}</span>}
            </button>
          </div>
          {errors.length > 0 && (
            <ul className="mb-2 max-h-48 space-y-0.5 overflow-y-auto text-xs" data-testid="scheme-errors">
              {errors.map((e, i) => (
                <li key={i}>
                  <button type="button" onClick={() => goTo(e)} className="text-left text-red-700 hover:underline">
                    {e.line ? <span className="font-mono">{errorPlace(source, e)}</span> : null} {e.path ? <span className="font-mono">{e.path}</span> : null}: {e.message}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {tab === "preview" &&
            (lastValid ? (
              <>
                {!parsed.ok && <p className="mb-2 text-xs text-amber-700">Showing the last valid version while the text has errors.</p>}
                <SchemePreview key={JSON.stringify(lastValid).length + lastValid.id} scheme={lastValid} />
              </>
            ) : (
              <p className="text-sm text-slate-500">The preview appears once the scheme is valid.</p>
            ))}
        </div>
      </div>
    </div>
  );
}

/** `file.yaml:11:6` for an opened file, else `line 11, column 6` (the editor's text has no file name). */
function errorPlace(source: string | null, e: TSchemeError): string {
  if (source) return `${source}:${e.line}${e.column ? `:${e.column}` : ""}`;
  return `line ${e.line}${e.column ? `, column ${e.column}` : ""}`;
}
