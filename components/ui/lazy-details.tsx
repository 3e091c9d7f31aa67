"use client";
// A <details> whose content is rendered only once it is opened: the dashboard's table of every
// figure (a thousand rows on a large project) would otherwise be rendered on the server and sent
// as HTML on every visit, though it starts folded.
import { useState, type ReactNode } from "react";

export function LazyDetails({ summary, summaryId, children }: { summary: ReactNode; summaryId?: string; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className="cursor-pointer font-medium" id={summaryId}>
        {summary}
      </summary>
      {opened ? <div className="mt-2">{children}</div> : null}
    </details>
  );
}
