"use client";
// Settings → Languages and annotator groups (issue 19 point 1): the project's target languages
// (one study over several language pairs, as MMTE's EN→ZH and EN→IT), and annotator groups bound
// to one language and a slice of the corpus, with their members and their assignments. The
// server refuses what would hide work (lib/db/projects/annotator-groups.ts); its message is shown as it is.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { addGroupMembersAction, assignGroupAction, createGroupAction, removeGroupMemberAction, updateTargetLanguagesAction } from "@/app/projects/[slug]/settings/actions";
import { ActionMessage, buttonClass, cardClass, inputClass, type TActionMessage } from "./action-message";

export interface TGroupView {
  name: string;
  language: string;
  split: "PILOT" | "TEST" | null;
  documents: string[];
  members: { email: string }[];
  assigned: number;
}

const smallButton = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs hover:border-indigo-400 disabled:opacity-50";

export function LanguagesGroupsForm({
  slug,
  sourceLang,
  targetLangs,
  groups,
  annotators,
}: {
  slug: string;
  sourceLang: string;
  targetLangs: string[];
  groups: TGroupView[];
  /** the project's annotators (emails) */
  annotators: string[];
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<TActionMessage>(null);
  const run = (work: () => Promise<{ ok: true; data: unknown } | { ok: false; message: string }>, ok: (data: never) => string) =>
    start(async () => {
      setMessage(null);
      const res = await work();
      if (res.ok) {
        setMessage({ kind: "ok", text: ok(res.data as never) });
        router.refresh();
      } else setMessage({ kind: "error", text: res.message });
    });
  const inGroup = new Set(groups.flatMap((g) => g.members.map((m) => m.email)));

  return (
    <section className={cardClass} aria-labelledby="languages-heading" data-testid="languages-groups">
      <h3 id="languages-heading" className="font-medium">Languages and annotator groups</h3>
      <p className="text-sm text-slate-600">
        One study may hold translations into several languages (MMTE: EN→ZH and EN→IT). Each annotator works in one language: their group&apos;s, or the first language when they are in no group, and sees only that language&apos;s translations. Reports are per language pair, with the pairs compared on the dashboard.
      </p>

      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const value = String(new FormData(e.currentTarget).get("targetLangs") ?? "");
          run(() => updateTargetLanguagesAction({ slug, targetLangs: value }), (d: { targetLangs: string[] }) => `Target languages: ${d.targetLangs.join(", ")}.`);
        }}
      >
        <label className="text-sm">
          Target languages of {sourceLang} (comma-separated, the first is the primary one)
          <input name="targetLangs" defaultValue={targetLangs.join(", ")} className={`${inputClass} w-64`} aria-describedby="langs-help" />
        </label>
        <button type="submit" disabled={pending} className={buttonClass}>Save languages</button>
        <span id="langs-help" className="text-xs text-slate-500">A language with translations or groups cannot be removed.</span>
      </form>

      <table className="mt-4 min-w-full text-sm" data-testid="groups-table">
        <caption className="mb-1 text-left text-xs font-medium text-slate-600">Annotator groups</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
            <th className="px-2 py-1 font-medium">Group</th>
            <th className="px-2 py-1 font-medium">Language</th>
            <th className="px-2 py-1 font-medium">Slice</th>
            <th className="px-2 py-1 font-medium">Members</th>
            <th className="px-2 py-1 font-medium">Assign</th>
          </tr>
        </thead>
        <tbody>
          {groups.length === 0 && (
            <tr>
              <td colSpan={5} className="px-2 py-2 text-slate-500">No groups: every annotator works in {targetLangs[0]}.</td>
            </tr>
          )}
          {groups.map((g) => (
            <tr key={g.name} className="border-b border-slate-100 align-top" data-testid={`group-${g.name}`}>
              <th scope="row" className="px-2 py-1 text-left font-medium">{g.name}</th>
              <td className="px-2 py-1">{sourceLang} → {g.language}</td>
              <td className="px-2 py-1 text-xs">{[g.split ? `${g.split.toLowerCase()} split` : null, g.documents.length ? `documents ${g.documents.join(", ")}` : null].filter(Boolean).join("; ") || "every item"}</td>
              <td className="px-2 py-1">
                <ul className="space-y-0.5">
                  {g.members.map((m) => (
                    <li key={m.email} className="flex items-center gap-2 text-xs">
                      {m.email}
                      <button type="button" disabled={pending} className={smallButton} aria-label={`Remove ${m.email} from ${g.name}`}
                        onClick={() => run(() => removeGroupMemberAction({ slug, group: g.name, email: m.email }), () => `Removed ${m.email} from ${g.name}.`)}>
                        remove
                      </button>
                    </li>
                  ))}
                </ul>
                <form className="mt-1 flex gap-1" onSubmit={(e) => {
                  e.preventDefault();
                  const email = String(new FormData(e.currentTarget).get("email") ?? "");
                  if (email) run(() => addGroupMembersAction({ slug, group: g.name, emails: [email] }), () => `Added ${email} to ${g.name}.`);
                }}>
                  <select name="email" aria-label={`Add an annotator to ${g.name}`} className="rounded border border-slate-300 px-1 py-0.5 text-xs" defaultValue="">
                    <option value="">add an annotator…</option>
                    {annotators.filter((a) => !g.members.some((m) => m.email === a)).map((a) => <option key={a} value={a}>{a}{inGroup.has(a) ? " (in another group)" : ""}</option>)}
                  </select>
                  <button type="submit" disabled={pending} className={smallButton}>add</button>
                </form>
              </td>
              <td className="px-2 py-1">
                <form className="flex flex-wrap items-center gap-1 text-xs" onSubmit={(e) => {
                  e.preventDefault();
                  const f = new FormData(e.currentTarget);
                  run(() => assignGroupAction({ slug, group: g.name, perItem: Number(f.get("perItem")), shuffle: true }), (d: { created: number }) => `Created ${d.created} assignments for ${g.name}.`);
                }}>
                  <input name="perItem" type="number" min={1} max={50} defaultValue={Math.max(1, Math.min(3, g.members.length))} aria-label={`Annotators per item in ${g.name}`} className="w-14 rounded border border-slate-300 px-1 py-0.5" />
                  per item
                  <button type="submit" disabled={pending || g.members.length === 0} className={smallButton}>Assign</button>
                  <span className="text-slate-500">{g.assigned} assigned</span>
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <form
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5"
        aria-label="New annotator group"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const split = String(f.get("split") ?? "");
          const documents = String(f.get("documents") ?? "").split(",").map((d) => d.trim()).filter(Boolean);
          const members = f.getAll("members").map(String);
          const name = String(f.get("name") ?? "");
          run(
            () => createGroupAction({ slug, name, language: String(f.get("language") ?? ""), split: split === "" ? undefined : (split as "PILOT" | "TEST"), documents, members }),
            () => `Created group ${name}.`,
          );
        }}
      >
        <label className="text-sm">New group<input name="name" required placeholder="zh-1" className={inputClass} /></label>
        <label className="text-sm">Language
          <select name="language" className={inputClass} defaultValue={targetLangs[0]}>
            {targetLangs.map((l) => <option key={l} value={l}>{sourceLang} → {l}</option>)}
          </select>
        </label>
        <label className="text-sm">Items
          <select name="split" className={inputClass} defaultValue="">
            <option value="">every split</option>
            <option value="PILOT">pilot set</option>
            <option value="TEST">test set</option>
          </select>
        </label>
        <label className="text-sm">Documents (ids, optional)<input name="documents" placeholder="doc-1, doc-2" className={inputClass} /></label>
        <label className="text-sm">Members
          <select name="members" multiple className={`${inputClass} h-20`}>
            {annotators.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </label>
        <div className="col-span-2 sm:col-span-5">
          <button type="submit" disabled={pending} className={buttonClass}>Create group</button>
        </div>
      </form>
      <ActionMessage message={message} testId="languages-groups-message" />
    </section>
  );
}
