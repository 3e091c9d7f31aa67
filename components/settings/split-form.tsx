"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { createSplitAction } from "@/app/projects/[slug]/settings/actions";
import { ActionMessage, buttonClass, cardClass, inputClass, type TActionMessage } from "./action-message";

/** Pilot/test split by document or random with a seed (MetaHOPE: 20 pilot, 200 test per direction). */
export function SplitForm({ slug, current, segments }: { slug: string; current: { pilot: number; test: number; none: number }; segments: number }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<TActionMessage>(null);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    start(async () => {
      const res = await createSplitAction({
        slug,
        pilot: Number(f.get("pilot")),
        test: Number(f.get("test")),
        by: String(f.get("by")) as "document" | "random",
        seed: Number(f.get("seed")),
        metaphoricalOnly: f.get("metaphoricalOnly") === "on",
      });
      if (res.ok) {
        setMessage({ kind: "ok", text: `Split saved: ${res.data.pilot} pilot, ${res.data.test} test, ${res.data.unassigned} without a split.` });
        router.refresh();
      } else setMessage({ kind: "error", text: res.message });
    });
  }

  return (
    <section className={cardClass} aria-labelledby="split-heading">
      <h3 id="split-heading" className="font-medium">Pilot and test sets</h3>
      <p className="text-sm text-slate-600" data-testid="split-current">
        Now: {current.pilot} pilot, {current.test} test, {current.none} without a split (of {segments} segments). Saving replaces the current split.
      </p>
      <form onSubmit={onSubmit} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
        <label className="text-sm">Pilot segments<input name="pilot" type="number" min={0} defaultValue={20} required className={inputClass} /></label>
        <label className="text-sm">Test segments<input name="test" type="number" min={0} defaultValue={200} required className={inputClass} /></label>
        <label className="text-sm">Split by
          <select name="by" defaultValue="document" className={inputClass}>
            <option value="document">whole documents</option>
            <option value="random">random segments</option>
          </select>
        </label>
        <label className="text-sm">Seed<input name="seed" type="number" defaultValue={1} required className={inputClass} /></label>
        <label className="flex items-center gap-2 self-end text-sm"><input name="metaphoricalOnly" type="checkbox" /> metaphorical segments only</label>
        <div className="col-span-2 sm:col-span-5"><button type="submit" disabled={pending} className={buttonClass}>{pending ? "Saving…" : "Save split"}</button></div>
      </form>
      <ActionMessage message={message} testId="split-message" />
    </section>
  );
}
