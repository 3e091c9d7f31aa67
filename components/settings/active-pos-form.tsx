"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { setActivePosAction } from "@/app/projects/[slug]/settings/actions";
import { ActionMessage, buttonClass, cardClass, type TActionMessage } from "./action-message";

type Pos = "NOUN" | "VERB" | "ADJ" | "ADV" | "OTHER";
const LABEL: Record<Pos, string> = { NOUN: "Nouns", VERB: "Verbs", ADJ: "Adjectives", ADV: "Adverbs", OTHER: "Other (function words, …)" };

/** Which POS classes are active MRWs; saving re-computes `active` for every MRW of the project. */
export function ActivePosForm({ slug, counts, active }: { slug: string; counts: { pos: Pos; total: number; active: number }[]; active: Pos[] }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<TActionMessage>(null);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    start(async () => {
      const res = await setActivePosAction({ slug, activePos: f.getAll("pos").map(String) as Pos[] });
      if (res.ok) {
        setMessage({ kind: "ok", text: `Saved; ${res.data.changed} MRWs changed.` });
        router.refresh();
      } else setMessage({ kind: "error", text: res.message });
    });
  }

  return (
    <section className={cardClass} aria-labelledby="pos-heading">
      <h3 id="pos-heading" className="font-medium">Active MRWs by part of speech</h3>
      <p className="text-sm text-slate-600">By default only content words are annotated. MRWs whose file gave no part of speech stay active.</p>
      <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
        {counts.map((c) => (
          <label key={c.pos} className="flex items-center gap-1 text-sm">
            <input type="checkbox" name="pos" value={c.pos} defaultChecked={active.includes(c.pos)} /> {LABEL[c.pos]}
            <span className="text-slate-500" data-testid={`pos-count-${c.pos}`}>({c.active}/{c.total} active)</span>
          </label>
        ))}
        <button type="submit" disabled={pending} className={buttonClass}>{pending ? "Saving…" : "Apply"}</button>
      </form>
      <ActionMessage message={message} testId="pos-message" />
    </section>
  );
}
