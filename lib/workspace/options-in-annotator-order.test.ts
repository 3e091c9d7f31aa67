import { describe, expect, it } from "vitest";
import { CR_ST_PRESET } from "@/lib/schemes/presets/cr-st";
import { optionsInAnnotatorOrder } from "./options-in-annotator-order";

const CANDIDATES = ["画蛇添足", "守株待兔", "亡羊补牢", "对牛弹琴", "杯弓蛇影", "掩耳盗铃", "井底之蛙"];

describe("options in each annotator's order", () => {
  it("shuffles a cloze item's candidates per annotator and item, stably, keeping every candidate", () => {
    const a = optionsInAnnotatorOrder(CR_ST_PRESET, { candidates: CANDIDATES }, { annotatorId: "a", segmentId: "s1" });
    const again = optionsInAnnotatorOrder(CR_ST_PRESET, { candidates: CANDIDATES }, { annotatorId: "a", segmentId: "s1" });
    expect(a.lists.candidates).toEqual(again.lists.candidates);
    expect([...(a.lists.candidates as string[])].sort()).toEqual([...CANDIDATES].sort());
    const orders = new Set(["a", "b", "c", "d", "e"].map((who) => JSON.stringify(optionsInAnnotatorOrder(CR_ST_PRESET, { candidates: CANDIDATES }, { annotatorId: who, segmentId: "s1" }).lists.candidates)));
    expect(orders.size).toBeGreaterThan(1);
  });

  it("leaves a scheme without shuffle as it is (the same objects)", () => {
    const def = { ...CR_ST_PRESET, fields: CR_ST_PRESET.fields.map((f) => (f.kind === "choice" ? { ...f, shuffle: false } : f)) };
    const lists = { candidates: CANDIDATES };
    const r = optionsInAnnotatorOrder(def, lists, { annotatorId: "a", segmentId: "s1" });
    expect(r.definition).toBe(def);
    expect(r.lists).toBe(lists);
  });
});
