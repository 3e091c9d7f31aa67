"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { createAssignmentsAction } from "@/app/projects/[slug]/settings/actions";
import { ActionMessage, buttonClass, cardClass, inputClass, type TActionMessage } from "./action-message";

export interface AnnotatorOption {
  userId: string;
  email: string;
  assigned: number;
}

/** k annotators per item, per scheme, optionally per split; existing assignments are kept and counted. */
export function AssignmentForm({ slug, annotators, shuffleDefault }: { slug: string; annotators: AnnotatorOption[]; shuffleDefault: boolean }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<TActionMessage>(null);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const split = String(f.get("split"));
    start(async () => {
      const res = await createAssignmentsAction({
        slug,
        perItem: Number(f.get("perItem")),
        scheme: String(f.get("scheme")) as "MMTE" | "METAHOPE",
        split: split === "ALL" ? undefined : (split as "PILOT" | "TEST"),
        annotatorIds: f.getAll("annotator").map(String),
        shuffle: f.get("shuffle") === "on",
      });
      if (res.ok) {
        setMessage({ kind: "ok", text: `Created ${res.data.created} assignments.` });
        router.refresh();
      } else setMessage({ kind: "error", text: res.message });
    });
  }

  return (
    <section className={cardClass} aria-labelledby="assign-heading">
      <h3 id="assign-heading" className="font-medium">Assignments</h3>
      <p className="text-sm text-slate-600">Each item (a segment with all its translations) goes to the chosen number of annotators, balancing their load. Running it again only fills what is missing.</p>
      {annotators.length === 0 ? (
        <p className="mt-3 text-sm text-amber-800">The project has no annotators yet: add them on the Members page.</p>
      ) : (
        <form onSubmit={onSubmit} className="mt-3 space-y-3">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <label className="text-sm">Annotators per item<input name="perItem" type="number" min={1} max={50} defaultValue={Math.min(3, annotators.length)} required className={inputClass} /></label>
            <label className="text-sm">Scheme
              <select name="scheme" defaultValue="MMTE" className={inputClass}>
                <option value="MMTE">MMTE</option>
                <option value="METAHOPE">MetaHOPE</option>
              </select>
            </label>
            <label className="text-sm">Items
              <select name="split" defaultValue="ALL" className={inputClass}>
                <option value="ALL">all segments</option>
                <option value="PILOT">pilot set</option>
                <option value="TEST">test set</option>
              </select>
            </label>
            <label className="flex items-center gap-2 self-end text-sm"><input name="shuffle" type="checkbox" defaultChecked={shuffleDefault} /> shuffle order per annotator</label>
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Annotators</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {annotators.map((a) => (
                <label key={a.userId} className="flex items-center gap-1 text-sm">
                  <input type="checkbox" name="annotator" value={a.userId} defaultChecked /> {a.email} <span className="text-slate-500">({a.assigned} assigned)</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" disabled={pending} className={buttonClass}>{pending ? "Creating…" : "Create assignments"}</button>
        </form>
      )}
      <ActionMessage message={message} testId="assign-message" />
    </section>
  );
}
