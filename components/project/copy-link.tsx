"use client";
// A link shown once for copying (invitation links): a read-only field that selects itself on
// focus, and a Copy button (the clipboard API needs a secure context; the field works anywhere).
import { useState } from "react";

export function CopyLink({ label, url }: { label: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const id = `copy-${url.slice(-12)}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">{label}</label>
      <div className="mt-1 flex gap-2">
        <input id={id} readOnly value={url} data-testid="invite-link" onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded border border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-xs" />
        <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setCopied(true);
            } catch {
              (document.getElementById(id) as HTMLInputElement | null)?.select();
            }
          }}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
