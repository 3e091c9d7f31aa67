/**
 * What removing a member (or their annotator role) does to their work, in words for the
 * confirmation the Members page asks for (issue 29 point 2: a removal needed no confirmation and
 * left their assignments orphaned). Pure; the counts come from lib/db/assignments/corrections.ts.
 */
export interface TWork {
  notStarted: number;
  inProgress: number;
  done: number;
  skipped: number;
}

const n = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;

export function removalConsequences(email: string, work: TWork | undefined, what: "member" | "annotator role"): string {
  const head = what === "member" ? `Remove ${email} from the project?` : `Take the annotator role from ${email}?`;
  const w = work ?? { notStarted: 0, inProgress: 0, done: 0, skipped: 0 };
  const parts: string[] = [];
  if (w.notStarted) parts.push(`their ${n(w.notStarted, "item")} not started ${w.notStarted === 1 ? "is" : "are"} withdrawn, so “Create assignments” gives ${w.notStarted === 1 ? "it" : "them"} to others`);
  const kept = w.inProgress + w.done + w.skipped;
  if (kept) parts.push(`their ${n(w.done, "finished item")}${w.inProgress ? `, ${n(w.inProgress, "started item")}` : ""}${w.skipped ? `, ${n(w.skipped, "skipped item")}` : ""} keep${kept === 1 ? "s" : ""} the values saved, which stay in reports and exports`);
  if (!parts.length) parts.push("they have no assigned items");
  return `${head} ${parts.join("; ")}. They can no longer open the project${what === "member" ? "" : "'s items"}; giving the role back restores their access, not the withdrawn items.`;
}
