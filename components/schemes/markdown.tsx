// Scheme guidelines are Markdown (lib/schemes/language/scheme-option.ts, ZMarkdown). This renders
// the part guidelines use — headings, paragraphs, lists, **bold**, *italic*, `code`, links — as
// React elements, so nothing in a scheme is ever injected as HTML. Anything else shows as text.
import type { ReactNode } from "react";

const INLINE = /(\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

function inline(text: string, key: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const k = `${key}-${i}`;
    if (/^(\*\*|__)/.test(part) && part.length > 4) return <strong key={k}>{part.slice(2, -2)}</strong>;
    if (/^`/.test(part) && part.length > 2) return <code key={k} className="rounded bg-slate-100 px-0.5 text-[0.9em]">{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      // only web links: a javascript: or data: URL in a scheme file stays text
      return /^https?:\/\//.test(link[2]) ? <a key={k} href={link[2]} target="_blank" rel="noreferrer" className="text-indigo-700 underline">{link[1]}</a> : part;
    }
    if (/^[*_]/.test(part) && part.length > 2 && part.endsWith(part[0])) return <em key={k}>{part.slice(1, -1)}</em>;
    return part;
  });
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks: ReactNode[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let para: string[] = [];
  const flush = () => {
    const key = `b${blocks.length}`;
    if (para.length) blocks.push(<p key={key}>{inline(para.join(" "), key)}</p>);
    else if (list) {
      const items = list.items.map((it, i) => <li key={i}>{inline(it, `${key}-${i}`)}</li>);
      blocks.push(list.ordered ? <ol key={key} className="list-decimal pl-5">{items}</ol> : <ul key={key} className="list-disc pl-5">{items}</ul>);
    }
    para = [];
    list = null;
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (line.trim() === "") flush();
    else if (heading) {
      flush();
      const key = `b${blocks.length}`;
      blocks.push(<p key={key} className="font-semibold text-slate-800">{inline(heading[2], key)}</p>);
    } else if (bullet || numbered) {
      const ordered = !bullet;
      if (para.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]);
    } else if (list && /^\s+/.test(raw)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return <div className={`space-y-1.5 ${className ?? ""}`}>{blocks}</div>;
}
