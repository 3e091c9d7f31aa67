import { describe, expect, it } from "vitest";
import { markSpans } from "./mark-spans";

describe("markSpans (MMTE app. D's @target@ notation)", () => {
  it("marks each span, in text order, as the paper writes target words", () => {
    expect(markSpans("He injected new life into the performance.", [{ start: 3, end: 11 }])).toBe("He @injected@ new life into the performance.");
    expect(markSpans("他给表演注入了新的生命", [{ start: 4, end: 6 }])).toBe("他给表演@注入@了新的生命");
    // several separate words (a rendering distributed over the sentence), given in any order
    expect(markSpans("They put them in a dire situation.", [{ start: 14, end: 16 }, { start: 5, end: 8 }])).toBe("They @put@ them @in@ a dire situation.");
  });

  it("marks overlapping or touching spans once, clips spans past the end, leaves a text without spans as it is", () => {
    expect(markSpans("abcdef", [{ start: 1, end: 3 }, { start: 2, end: 4 }, { start: 4, end: 5 }])).toBe("a@bcde@f");
    expect(markSpans("abc", [{ start: 1, end: 9 }])).toBe("a@bc@");
    expect(markSpans("abc", [])).toBe("abc");
    expect(markSpans("abc", [{ start: 2, end: 2 }])).toBe("abc");
  });
});
