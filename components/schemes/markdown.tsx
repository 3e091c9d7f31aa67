// Scheme guidelines are Markdown (lib/schemes/language/scheme-option.ts, ZMarkdown). This renders
// the part guidelines use — headings, paragraphs, lists, **bold**, *italic*, `code`, links — as
// React elements, so nothing in a scheme is ever injected as HTML. Anything else shows as text.
// Linear in the text: lines one by one, each line's inline marks in one pass (lib/schemes/language/markdown-inline.ts).
import type { ReactNode } from "react";
import { parseInlineMarkdown } from "@/lib/schemes/language/markdown-inline";

// only web links: a javascript: or data: URL in a scheme file stays text
const WEB_LINK = /^https?:\/\//;

function inline(text: string, key: string): ReactNode[] {
  return parseInlineMarkdown(text).map((part, i) => {
    const k = `${key}-${i}`;
    switch (part.kind) {
      case "strong":
        return <strong key={k}>{part.text}</strong>;
      case "em":
        return <em key={k}>{part.text}</em>;
      case "code":
        return <code key={k} className="rounded bg-slate-100 px-0.5 text-[0.9em]">{part.text}</code>;
      case "link":
        return WEB_LINK.test(part.href) ? <a key={k} href={part.href} target="_blank" rel="noreferrer" className="text-indigo-700 underline">{part.label}</a> : part.source;
      case "text":
        return part.text;
    }
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
