import { describe, expect, it } from "vitest";
import { clipIssue, clipText, ISSUE_MESSAGE_CHARS, PREVIEW_TEXT_CHARS } from "./answer-limits";

describe("clipText", () => {
  it("keeps short strings and cuts long ones to the limit with an ellipsis, never inside a surrogate pair", () => {
    expect(clipText("short")).toBe("short");
    const long = "x".repeat(PREVIEW_TEXT_CHARS + 1);
    expect(clipText(long)).toHaveLength(PREVIEW_TEXT_CHARS);
    expect(clipText(long).endsWith("…")).toBe(true);
    // "😀" is two UTF-16 units: a cut between them would leave a lone surrogate
    const emoji = `${"a".repeat(8)}😀😀`;
    expect(clipText(emoji, 10)).toBe(`${"a".repeat(8)}…`);
  });

  it("clips an issue's message only", () => {
    const i = { file: "f", line: 3, field: "text", message: "m".repeat(ISSUE_MESSAGE_CHARS * 3) };
    expect(clipIssue(i)).toEqual({ ...i, message: expect.stringMatching(/^m+…$/) });
    expect(clipIssue(i).message).toHaveLength(ISSUE_MESSAGE_CHARS);
  });
});
