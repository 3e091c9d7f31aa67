// Text with character spans marked (MRWs in the source, one annotator's error spans in a
// translation). Offsets are UTF-16 indices, start inclusive, end exclusive; an empty span (an
// omission) is drawn as a caret at its position.
export interface TMark {
  start: number;
  end: number;
  title: string;
  colour: string;
}

export function MarkedText({ text, marks, lang }: { text: string; marks: TMark[]; lang?: string }) {
  const points = new Set<number>([0, text.length]);
  for (const m of marks) {
    points.add(Math.max(0, Math.min(text.length, m.start)));
    points.add(Math.max(0, Math.min(text.length, m.end)));
  }
  const cuts = [...points].sort((a, b) => a - b);
  const out: React.ReactNode[] = [];
  for (let i = 0; i < cuts.length; i++) {
    const at = cuts[i];
    for (const m of marks.filter((x) => x.start === x.end && x.start === at)) {
      out.push(<span key={`o${i}-${m.title}`} title={`${m.title} (omission)`} style={{ color: m.colour }} className="font-bold">⁁</span>);
    }
    if (i === cuts.length - 1) break;
    const next = cuts[i + 1];
    const piece = text.slice(at, next);
    const over = marks.filter((m) => m.start < m.end && m.start <= at && m.end >= next);
    if (over.length === 0) out.push(<span key={i}>{piece}</span>);
    else
      out.push(
        <mark key={i} title={over.map((m) => m.title).join("; ")} style={{ background: "transparent", borderBottom: `3px solid ${over[0].colour}`, boxShadow: over.length > 1 ? `0 3px 0 ${over[1].colour}` : undefined }}>
          {piece}
        </mark>,
      );
  }
  return <span lang={lang}>{out}</span>;
}
