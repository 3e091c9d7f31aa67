// The language pairs of a study over several target languages (MMTE: EN→ZH and EN→IT): each
// report of the dashboard is one pair's, chosen here; links keep the other options in the address.
export function LanguageTabs({
  slug,
  sourceLang,
  languages,
  current,
  qs,
  note = "Every table and figure below is of the chosen pair; the comparison of the pairs is at the end.",
}: {
  slug: string;
  sourceLang: string;
  languages: readonly string[];
  current: string | undefined;
  qs: string;
  /** what the choice covers (the built-in dashboard's ends with the comparison of the pairs) */
  note?: string;
}) {
  const href = (l: string) => {
    const p = new URLSearchParams(qs);
    p.set("language", l);
    return `/projects/${slug}/dashboard?${p}`;
  };
  return (
    <nav aria-label="Language pair" className="flex flex-wrap items-center gap-2 text-sm" data-testid="language-tabs">
      <span className="text-xs font-medium text-slate-600">Language pair</span>
      {languages.map((l) => (
        <a
          key={l}
          href={href(l)}
          aria-current={l === current ? "page" : undefined}
          className={`rounded-full border px-3 py-0.5 ${l === current ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-indigo-400"}`}
        >
          {sourceLang} → {l}
        </a>
      ))}
      <span className="text-xs text-slate-500">{note}</span>
    </nav>
  );
}
