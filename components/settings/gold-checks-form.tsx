"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { setGoldChecksAction } from "@/app/projects/[slug]/settings/gold-checks-actions";
import type { TGoldCheckSettings } from "@/lib/db/gold-checks/gold-check-settings";
import { ActionMessage, buttonClass, cardClass, inputClass, type TActionMessage } from "./action-message";

/** Qualification set and pass mark, hidden gold checks and their share (issue 31 points 1–2). */
export function GoldChecksForm({ slug, settings }: { slug: string; settings: TGoldCheckSettings }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<TActionMessage>(null);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    start(async () => {
      const res = await setGoldChecksAction({
        slug,
        qualification: String(f.get("qualification") ?? ""),
        passMark: Number(f.get("passMark")) / 100,
        checks: String(f.get("checks") ?? ""),
        checkShare: Number(f.get("checkShare")) / 100,
      });
      if (res.ok) {
        setMessage({ kind: "ok", text: `Saved: ${res.data.qualification} qualification item${res.data.qualification === 1 ? "" : "s"}, ${res.data.checks} hidden check${res.data.checks === 1 ? "" : "s"}.` });
        router.refresh();
      } else setMessage({ kind: "error", text: res.message });
    });
  }

  return (
    <section className={cardClass} aria-labelledby="gold-checks-heading">
      <h3 id="gold-checks-heading" className="font-medium">Gold checks</h3>
      <p className="text-sm text-slate-600">
        Items with gold values ({settings.goldFields.length ? `scored fields: ${settings.goldFields.join(", ")}` : "no field of the scheme declares gold yet"}), by id. Every annotator submits the
        qualification items first; the main queue opens when each field&apos;s share of correct answers reaches the pass mark. Hidden checks are mixed into each queue at the share given.
        Gold items never count in the study&apos;s figures or exports; <code>--what gold-checks</code> exports the attempts and the accuracy on checks.
      </p>
      <form onSubmit={onSubmit} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <label className="text-sm">Qualification items (ids)
          <textarea name="qualification" rows={3} defaultValue={settings.qualification.join("\n")} className={inputClass} data-testid="gold-qualification-items" />
        </label>
        <label className="text-sm">Hidden check items (ids)
          <textarea name="checks" rows={3} defaultValue={settings.checks.join("\n")} className={inputClass} data-testid="gold-check-items" />
        </label>
        <label className="text-sm">Pass mark per field (%)
          <input name="passMark" type="number" min={0} max={100} step={1} defaultValue={Math.round(settings.passMark * 100)} className={inputClass} data-testid="gold-pass-mark" />
        </label>
        <label className="text-sm">Hidden checks in each queue (%)
          <input name="checkShare" type="number" min={0} max={50} step={0.5} defaultValue={Math.round(settings.checkShare * 1000) / 10} className={inputClass} data-testid="gold-check-share" />
        </label>
        <div className="sm:col-span-2"><button type="submit" disabled={pending} className={buttonClass}>{pending ? "Saving…" : "Save gold checks"}</button></div>
      </form>
      <ActionMessage message={message} testId="gold-checks-message" />
    </section>
  );
}
