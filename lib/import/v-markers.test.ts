import { describe, expect, it } from "vitest";
import { readMarkers, writeMarkers } from "./v-markers";

describe("<v> markers", () => {
  it("gives the text without markers and the span's UTF-16 offsets, in Chinese too", () => {
    expect(readMarkers("I want you to <v>take a moment</v> to think.")).toEqual({ ok: true, text: "I want you to take a moment to think.", spans: [{ start: 14, end: 27 }], unclosedAtEnd: false });
    expect(readMarkers("我们<v>宇宙</v>的光")).toEqual({ ok: true, text: "我们宇宙的光", spans: [{ start: 2, end: 4 }], unclosedAtEnd: false });
    expect(readMarkers("An omission <v></v>here.")).toMatchObject({ text: "An omission here.", spans: [{ start: 12, end: 12 }] });
    expect(readMarkers("a < b and <b>bold</b>")).toMatchObject({ text: "a < b and <b>bold</b>", spans: [] });
  });

  it("refuses unbalanced markers, and reads a <v> never closed as a span to the end", () => {
    expect(readMarkers("a</v> b")).toEqual({ ok: false, message: "</v> at character 2 without an opening <v> (unbalanced markers)" });
    expect(readMarkers("<v>a <v>b</v>")).toEqual({ ok: false, message: "a second <v> at character 6 before the first is closed (unbalanced markers)" });
    expect(readMarkers("tail <v>to the end")).toEqual({ ok: true, text: "tail to the end", spans: [{ start: 5, end: 15 }], unclosedAtEnd: true });
  });

  it("writes what it reads", () => {
    const text = "The same country, one problem after another.";
    const marked = writeMarkers(text, 4, 16);
    expect(marked).toBe("The <v>same country</v>, one problem after another.");
    expect(readMarkers(marked)).toMatchObject({ text, spans: [{ start: 4, end: 16 }] });
  });
});
