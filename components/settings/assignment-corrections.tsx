"use client";
// Settings → Assignments, after they were made (issue 29 point 2): each annotator's items by state,
// and the corrections a lead needs in the first week: withdraw someone's not-started items, move
// them to someone else, or even out the not-started items among several annotators. Only items
// nobody has begun move; each change is confirmed in words first and written to the audit log.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { moveAssignmentsAction, rebalanceAssignmentsAction, withdrawAssignmentsAction } from "@/app/projects/[slug]/settings/actions";
import type { TAnnotatorWorkload } from "@/lib/db/assignments/corrections";
import { ActionMessage, buttonClass, cardClass, type TActionMessage } from "./action-message";

type Pending = { text: string; run: () => Promise<TActionMessage> } | null;

export function AssignmentCorrections({ slug, workloads, annotators }: { slug: string; workloads: TAnnotatorWorkload[]; annotators: string[] }) {
  const router = useRouter();
  const [busy, start] = useTransition();
  const [message, setMessage] = useState<TActionMessage>(null);
  const [confirm, setConfirm] = useState<Pending>(null);
  const [moveTo, setMoveTo] = useState<Record<string, string>>({});
  const [balance, setBalance] = useState<Set<string>>(new Set());

  const ask = (p: NonNullable<Pending>) => {
    setMessage(null);
    setConfirm(p);
  };
  const go = () => {
    const p = confirm;
    setConfirm(null);
    if (!p) return;
    start(async () => {
      setMessage(await p.run());
      router.refresh();
    });
  };
  const failed = (r: { ok: false; message: string }): TActionMessage => ({ kind: "error", text: r.message });

  if (workloads.length === 0) return null;
  return (
    <section className={cardClass} aria-labelledby="corrections-heading" data-testid="assignment-corrections">
      <h3 id="corrections-heading" className="font-medium">Corrections: move, rebalance, withdraw</h3>
      <p className="text-sm text-slate-600">Only items nobody has begun move; started and finished ones stay with their annotator. Every change is logged.</p>
      <table className="mt-2 min-w-full text-sm">
        <thead className="text-left text-xs uppercase text-slate-500">
          <tr>
            <th className="py-1 pr-3">Annotator</th>
            <th className="py-1 pr-3">Not started</th>
            <th className="py-1 pr-3">Started</th>
            <th className="py-1 pr-3">Done</th>
            <th className="py-1 pr-3">Rebalance</th>
            <th className="py-1"><span className="sr-only">Corrections</span></th>
          </tr>
        </thead>
        <tbody>
          {workloads.map((w) => {
            const others = annotators.filter((a) => a !== w.email);
            const to = moveTo[w.email] ?? others[0] ?? "";
            return (
              <tr key={w.userId} className="border-t border-slate-100" data-testid="workload-row">
                <td className="py-1.5 pr-3" data-testid="workload-email">{w.email}</td>
                <td className="py-1.5 pr-3" data-testid="workload-not-started">{w.notStarted}</td>
                <td className="py-1.5 pr-3">{w.inProgress}</td>
                <td className="py-1.5 pr-3">{w.done + w.skipped}</td>
                <td className="py-1.5 pr-3">
                  <input type="checkbox" aria-label={`rebalance ${w.email}`} disabled={!annotators.includes(w.email)} checked={balance.has(w.email)}
                    onChange={(e) => setBalance((b) => { const n = new Set(b); if (e.target.checked) n.add(w.email); else n.delete(w.email); return n; })} />
                </td>
                <td className="flex flex-wrap items-center gap-2 py-1.5">
                  <button type="button" disabled={busy || w.notStarted === 0} className="text-xs text-red-700 underline disabled:opacity-40"
                    onClick={() => ask({
                      text: `Withdraw the ${w.notStarted} not-started item(s) of ${w.email}? “Create assignments” can then give them to others; their ${w.inProgress} started and ${w.done + w.skipped} finished item(s) stay.`,
                      run: async () => {
                        const r = await withdrawAssignmentsAction({ slug, email: w.email });
                        return r.ok ? { kind: "ok", text: `Withdrew ${r.data.withdrawn} item(s) of ${w.email}.` } : failed(r);
                      },
                    })}>
                    Withdraw not started
                  </button>
                  {others.length > 0 && (
                    <>
                      <select aria-label={`move the not-started items of ${w.email} to`} value={to} onChange={(e) => setMoveTo({ ...moveTo, [w.email]: e.target.value })} className="rounded border border-slate-300 px-1 py-0.5 text-xs">
                        {others.map((o) => <option key={o} value={o}>{o}</option>)}
                      </select>
                      <button type="button" disabled={busy || w.notStarted === 0} className="text-xs text-indigo-700 underline disabled:opacity-40"
                        onClick={() => ask({
                          text: `Move the ${w.notStarted} not-started item(s) of ${w.email} to ${to}? Items ${to} already has stay with ${w.email}.`,
                          run: async () => {
                            const r = await moveAssignmentsAction({ slug, from: w.email, to });
                            return r.ok ? { kind: "ok", text: `Moved ${r.data.moved} item(s) from ${w.email} to ${to}${r.data.kept ? `; ${r.data.kept} stayed (${to} has them already)` : ""}.` } : failed(r);
                          },
                        })}>
                        Move
                      </button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mt-2">
        <button type="button" className={buttonClass} disabled={busy || balance.size < 2}
          onClick={() => ask({
            text: `Even out the not-started items of ${[...balance].join(", ")}? Items move from the most to the least loaded until no one has two more than another.`,
            run: async () => {
              const r = await rebalanceAssignmentsAction({ slug, emails: [...balance] });
              return r.ok ? { kind: "ok", text: `Moved ${r.data.moved} item(s): ${r.data.loads.map((l) => `${l.email} ${l.before} → ${l.after}`).join(", ")}.` } : failed(r);
            },
          })}>
          Rebalance the ticked annotators
        </button>
      </div>
      {confirm && (
        <div role="alertdialog" aria-labelledby="correction-confirm-text" className="mt-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="correction-confirm">
          <p id="correction-confirm-text">{confirm.text}</p>
          <div className="mt-2 flex gap-3">
            <button type="button" autoFocus onClick={go} className={buttonClass}>Confirm</button>
            <button type="button" onClick={() => setConfirm(null)} className="rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-50">Cancel</button>
          </div>
        </div>
      )}
      <ActionMessage message={message} testId="correction-message" />
    </section>
  );
}
