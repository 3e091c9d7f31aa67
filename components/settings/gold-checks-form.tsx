"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { setGoldChecksAction } from "@/app/projects/[slug]/settings/gold-checks-actions";
import type { TGoldCheckSettings } from "@/lib/db/gold-checks/gold-check-settings";
import type { TGoldFieldRules } from "@/lib/gold-checks/field-rules";
import { ActionMessage, buttonClass, cardClass, inputClass, type TActionMessage } from "./action-message";

/** A number typed in a field, or undefined when left empty. */
function typed(f: FormData, name: string): number | undefined {
  const v = String(f.get(name) ?? "").trim();
  return v === "" ? undefined : Number(v);
}

/** Every gold field's own pass mark (typed in %) and tolerance, as the form has them. */
function fieldRulesOf(f: FormData, settings: TGoldCheckSettings): TGoldFieldRules {
  const out: TGoldFieldRules = {};
  for (const id of settings.goldFields) {
    const mark = typed(f, `mark:${id}`);
    const tolerance = settings.toleranceFields.includes(id) ? typed(f, `tolerance:${id}`) : undefined;
    if (mark !== undefined || tolerance !== undefined) out[id] = { ...(mark !== undefined ? { passMark: mark / 100 } : {}), ...(tolerance !== undefined ? { tolerance } : {}) };
  }
  return out;
}

/** Qualification set and pass mark (and each field's own), hidden gold checks and their share (issue 31 points 1–2). */
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
        fieldRules: fieldRulesOf(f, settings),
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
        {settings.goldFields.length > 0 && (
          <fieldset className="sm:col-span-2 text-sm">
            <legend className="font-medium">Per field (empty: the pass mark above, exact match)</legend>
            <table className="mt-1 text-left">
              <thead>
                <tr className="text-xs text-slate-600"><th className="pr-3 font-normal">Field</th><th className="pr-3 font-normal">Pass mark (%)</th><th className="font-normal">Right within (scales, numbers)</th></tr>
              </thead>
              <tbody>
                {settings.goldFields.map((id) => (
                  <tr key={id}>
                    <td className="pr-3 font-mono">{id}</td>
                    <td className="pr-3">
                      <input name={`mark:${id}`} aria-label={`Pass mark of ${id} (%)`} type="number" min={0} max={100} step={1} placeholder={String(Math.round(settings.passMark * 100))}
                        defaultValue={settings.fieldRules[id]?.passMark === undefined ? "" : Math.round(settings.fieldRules[id]!.passMark! * 100)} className={inputClass} />
                    </td>
                    <td>
                      {settings.toleranceFields.includes(id) ? (
                        <input name={`tolerance:${id}`} aria-label={`Tolerance of ${id}`} type="number" min={0} step="any" placeholder="0 (exact)" defaultValue={settings.fieldRules[id]?.tolerance ?? ""} className={inputClass} />
                      ) : (
                        <span className="text-xs text-slate-500">exact match</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </fieldset>
        )}
        <div className="sm:col-span-2"><button type="submit" disabled={pending} className={buttonClass}>{pending ? "Saving…" : "Save gold checks"}</button></div>
      </form>
      <ActionMessage message={message} testId="gold-checks-message" />
    </section>
  );
}
