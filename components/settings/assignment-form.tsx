"use client";
import { useState, useTransition } from "react";
import { raterLabel } from "@/lib/import/imported-annotator";
import { useRouter } from "next/navigation";
import { createAssignmentsAction } from "@/app/projects/[slug]/settings/actions";
import { ActionMessage, buttonClass, cardClass, inputClass, type TActionMessage } from "./action-message";

export interface AnnotatorOption {
  userId: string;
  email: string;
  assigned: number;
  /** an account an import created for a name in a file (`…@annotators.tropos.local`): nobody signs in with it */
  imported: boolean;
}

/** The project's scheme in force: an assignment is per item for the whole scheme, no choice to make. */
export interface SchemeInForce {
  name: string;
  version: number;
}

/**
 * k annotators per item, optionally per split; existing assignments are kept and counted. Names the
 * scheme the items are annotated under, and ticks nobody: whom new work goes to is a choice (issue
 * 29 point 2: everyone was pre-ticked). The accounts imports created hold imported work, not people
 * to send new items to, and are listed apart; the per-item count counts the project's annotators
 * only (lib/db/assignments/create-assignments.ts).
 */
export function AssignmentForm({ slug, annotators, scheme, shuffleDefault }: { slug: string; annotators: AnnotatorOption[]; scheme: SchemeInForce; shuffleDefault: boolean }) {
  const people = annotators.filter((a) => !a.imported);
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
            <label className="text-sm">Annotators per item<input name="perItem" type="number" min={1} max={50} defaultValue={Math.max(1, Math.min(3, people.length))} required className={inputClass} /></label>
            <p className="text-sm" data-testid="assign-scheme">
              Scheme<span className="mt-1 block text-slate-700">{scheme.name} (version {scheme.version}), every field</span>
            </p>
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
            <legend className="text-sm font-medium">Annotators <span className="font-normal text-slate-500">(tick whom new items go to)</span></legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {people.map((a) => (
                <label key={a.userId} className="flex items-center gap-1 text-sm">
                  <input type="checkbox" name="annotator" value={a.userId} /> {a.email} <span className="text-slate-500">({a.assigned} assigned)</span>
                </label>
              ))}
            </div>
          </fieldset>
          {annotators.some((a) => a.imported) && (
            <fieldset data-testid="imported-annotators">
              <legend className="text-sm font-medium">Accounts created by imports</legend>
              <p className="text-xs text-slate-500">They hold the annotations read from files; nobody signs in with them, so they are not chosen unless you tick them.</p>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {annotators.filter((a) => a.imported).map((a) => (
                  <label key={a.userId} className="flex items-center gap-1 text-sm text-slate-600">
                    <input type="checkbox" name="annotator" value={a.userId} /> <span title={a.email}>{raterLabel(a.email)}</span> <span className="text-slate-500">({a.assigned} assigned)</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <button type="submit" disabled={pending} className={buttonClass}>{pending ? "Creating…" : "Create assignments"}</button>
        </form>
      )}
      <ActionMessage message={message} testId="assign-message" />
    </section>
  );
}
