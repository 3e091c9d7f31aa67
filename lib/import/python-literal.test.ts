import { describe, expect, it } from "vitest";
import { parsePythonList } from "@/lib/import/python-literal";

describe("parsePythonList", () => {
  it("parses str(list) output with both quote styles and escapes", () => {
    expect(parsePythonList(`['第一', "'", 'it\\'s', "a\\\\b", '\\u4e2d']`)).toEqual({ ok: true, value: ["第一", "'", "it's", "a\\b", "中"] });
    expect(parsePythonList("[0, 1, 1]")).toEqual({ ok: true, value: [0, 1, 1] });
    expect(parsePythonList("[]")).toEqual({ ok: true, value: [] });
  });
  it("never evaluates: anything but literals is an error with a position", () => {
    const r = parsePythonList("[__import__('os').system('x')]");
    expect(r.ok).toBe(false);
    expect(parsePythonList("['a', 'b'")).toMatchObject({ ok: false });
    expect(parsePythonList("['a'] + ['b']")).toMatchObject({ ok: false, error: "unexpected text after ']'" });
  });
});
