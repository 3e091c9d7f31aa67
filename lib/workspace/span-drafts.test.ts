// A half-done span (no severity yet) in the scheme workspace survives a reload as the built-in
// workspace's drafts do (issue 28 point 2): kept beside the saved values, never sent, dropped once
// the value is complete; unknown or unreadable entries are ignored.
import { describe, expect, it } from "vitest";
import { draftsKey, readDrafts, writeDrafts, type TDraftStorage } from "./span-drafts";

function memoryStorage(): TDraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe("span drafts kept beside the values", () => {
  const key = draftsKey("u1", "proj", "seg1");
  const known = new Set(["METAHOPE_ERRORS@t1:-", "METAHOPE_ERRORS@t2:-"]);
  it("a draft written is read back after a reload; none left removes the entry", () => {
    const s = memoryStorage();
    const draft = [{ start: 0, end: 2, label: "MIS" }];
    writeDrafts(s, key, { "METAHOPE_ERRORS@t1:-": draft });
    expect(readDrafts(s, key, known)).toEqual({ "METAHOPE_ERRORS@t1:-": draft });
    // another item, another annotator: nothing
    expect(readDrafts(s, draftsKey("u1", "proj", "seg2"), known)).toEqual({});
    expect(readDrafts(s, draftsKey("u2", "proj", "seg1"), known)).toEqual({});
    writeDrafts(s, key, {});
    expect(s.map.size).toBe(0);
  });
  it("keys of other fields (a changed scheme) and unreadable entries are ignored", () => {
    const s = memoryStorage();
    s.setItem(key, JSON.stringify({ "GONE@t1:-": [1], "METAHOPE_ERRORS@t2:-": null }));
    expect(readDrafts(s, key, known)).toEqual({});
    s.setItem(key, "{not json");
    expect(readDrafts(s, key, known)).toEqual({});
  });
});
