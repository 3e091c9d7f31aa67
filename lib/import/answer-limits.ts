/**
 * How much of a file an import's answer shows (issue 27, point 8): a dry run used to echo a
 * 150 MB segment text back whole. Previews show the first PREVIEW_ROWS rows of each kind and at
 * most PREVIEW_TEXT_CHARS of each string, the first PREVIEW_RATERS raters; an issue's message at most ISSUE_MESSAGE_CHARS (a
 * message may quote a value of the file). The answer stays small whatever the file holds.
 */
import type { ImportIssue } from "./types";

export const PREVIEW_ROWS = 10;
/** raters (annotators) listed by name in an answer */
export const PREVIEW_RATERS = 100;
export const PREVIEW_TEXT_CHARS = 200;
export const ISSUE_MESSAGE_CHARS = 500;

/** `s` cut to `max` characters, with an ellipsis saying it was cut (never splitting a surrogate pair). */
export function clipText(s: string, max = PREVIEW_TEXT_CHARS): string {
  if (s.length <= max) return s;
  let end = max - 1;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${s.slice(0, end)}…`;
}

/** The issue as an answer shows it: its message clipped (file, line, column and field are short). */
export function clipIssue(i: ImportIssue): ImportIssue {
  return i.message.length <= ISSUE_MESSAGE_CHARS ? i : { ...i, message: clipText(i.message, ISSUE_MESSAGE_CHARS) };
}
