// "Includes: …" under a figure: which annotations it rests on (issue 13, point 1), on the
// built-in and the scheme-runtime dashboards alike.
export function Includes({ text, testId }: { text: string; testId?: string }) {
  return (
    // a span (block): it also sits inside chart captions, where a <p> may not
    <span className="block text-xs text-slate-500" data-testid={testId}>
      <span className="font-medium text-slate-600">Includes:</span> {text}.
    </span>
  );
}
