// The keyboard key of an option, shown on its button (keys come from the scheme).
export function KeyBadge({ k }: { k?: string }) {
  if (!k) return null;
  return <kbd className="ml-1 rounded border border-slate-300 bg-slate-50 px-1 font-mono text-[10px] text-slate-500">{k}</kbd>;
}
