// The scheme report on a scheme with a field of every kind (lib/schemes/language/fixtures/every-kind.json):
// distributions per kind, the dashboard's rows (a vector's dimensions as rows of their own, spans
// and texts without agreement but with a reason), notes naming the field's unit, and accuracy
// against item gold counted only where the item has one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { buildSchemeReport } from "./scheme-report";
import { schemeAccuracyRows, schemeAgreementRows } from "./scheme-dashboard";
import type { TSchemeValueRow } from "./scheme-agreement";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SchemeDashboardView } from "@/components/dashboard/scheme-dashboard-view";

const EVERY = ZSchemeDefinition.parse(JSON.parse(readFileSync(path.join(__dirname, "../schemes/language/fixtures/every-kind.json"), "utf8")));

const ANNOTATORS = ["a@t", "b@t"];
/** Two annotators on three segments (one translation each, system S): values of every kind; b differs now and then. */
function rows(): TSchemeValueRow[] {
  const out: TSchemeValueRow[] = [];
  for (const [k, annotator] of ANNOTATORS.entries()) {
    for (const i of [0, 1, 2]) {
      const seg = `seg${i}`;
      const t = `${seg}|t${i}:-`;
      const mt = `${seg}|t${i}:m${i}`;
      const at = (field: string, unit: string, value: unknown, system: string | null = null) => out.push({ field, unit, annotator, value, system });
      at("register", `${seg}|document`, i === 2 && k === 1 ? "news" : "fiction");
      at("transparency", `${seg}|-:-`, 1 + i + k);
      at("metaphor-tags", `${seg}|-:-`, k === 0 ? ["O", "B-METAPHOR", "I-METAPHOR"] : ["O", "B-METAPHOR", "O"]);
      at("premise-ok", `${seg}|role:premise`, i !== 1 || k === 0);
      at("meaning", t, ["kept", "literal", "lost"][(i + k) % 3], "S");
      at("cues", t, i === 0 ? [] : ["sorrow", "joy"].slice(0, 1 + k), "S");
      at("why-lost", t, "because", "S");
      at("fluency", t, 50 + 10 * i + k, "S");
      at("seconds", t, 10 * (i + 1) + k, "S");
      at("post-edit", t, "他泄露了秘密。", "S");
      const sev = { severity: 2 };
      at("errors", t, k === 0 ? [{ start: 0, end: 2, label: "MIS", attributes: sev }] : [{ start: 0, end: 2, label: "STL", attributes: sev }, { start: 3, end: 4, label: "MIS", attributes: sev }], "S");
      at("alignment", mt, { pattern: k === 0 || i === 0 ? "OMISSION" : "DIRECT", spans: k === 0 || i === 0 ? [] : [{ start: 0, end: 1 }] }, "S");
      at("emotion", mt, { joy: 0.1 * (i + k), fear: 0.5 }, "S");
      // refused by the field: left out everywhere
      at("meaning", t, "maybe", "S");
    }
  }
  return out;
}

const empty = { itemGold: [], adjudicatedGold: [], progress: [], systems: ["S"], itemLists: new Map(), itemMetadata: new Map(), unitTexts: new Map() };

describe("buildSchemeReport on every kind", () => {
  const report = buildSchemeReport({ version: 3, definition: EVERY }, { values: rows(), ...empty });

  it("counts values per category of each kind, one list of categories per field", () => {
    const d = (field: string, system = "all") => report.distributions.find((x) => x.field === field && x.system === system)!;
    expect(d("register")).toMatchObject({ categories: ["news", "fiction"], counts: [1, 5], values: 6, units: 3, raters: 2 });
    expect(d("transparency").names).toEqual(["1 opaque", "2", "3", "4", "5", "6", "7 transparent"]);
    expect(d("transparency").counts).toEqual([1, 2, 2, 1, 0, 0, 0]);
    expect(d("metaphor-tags")).toMatchObject({ categories: ["O", "B-METAPHOR", "I-METAPHOR"], counts: [9, 6, 3] });
    expect(d("premise-ok")).toMatchObject({ names: ["yes", "no"], counts: [5, 1] });
    // the refused "maybe" is not counted
    expect(d("meaning", "S")).toMatchObject({ categories: ["kept", "literal", "lost"], counts: [2, 2, 2], values: 6 });
    expect(d("cues")).toMatchObject({ categories: ["joy", "sorrow", "(none)"], counts: [2, 4, 2] });
    expect(d("fluency").categories).toHaveLength(10);
    expect(d("fluency").names[5]).toBe("50–60");
    expect(d("seconds").categories).toEqual(["10", "11", "20", "21", "30", "31"]);
    expect(d("errors")).toMatchObject({ names: ["mistranslation", "style"], counts: [6, 3] });
    expect(d("alignment")).toMatchObject({ categories: ["DIRECT", "OMISSION"], counts: [2, 4] });
    for (const f of ["why-lost", "post-edit", "emotion"]) expect(d(f)).toMatchObject({ categories: [], values: 6 });
  });

  it("gives the dashboard one row per figure field and system, vector dimensions apart", () => {
    const rs = schemeAgreementRows(report);
    expect([...new Set(rs.map((r) => r.field))]).toEqual(["register", "transparency", "metaphor-tags", "premise-ok", "meaning", "cues", "fluency", "seconds", "alignment", "emotion.joy", "emotion.fear"]);
    expect(rs.find((r) => r.field === "emotion.joy" && r.system === "S")).toMatchObject({ label: "Emotion intensity · joy", level: "interval", kappaWeights: "quadratic" });
    expect(rs.filter((r) => r.field === "meaning").map((r) => r.system)).toEqual(["S", "all"]);
    // two annotators: one κ, not a range
    const meaning = rs.find((r) => r.field === "meaning" && r.system === "all")!;
    expect(meaning.kappa.pairs).toBe(1);
    expect(meaning.kappa.cell).not.toBeNull();
    expect(report.fields.filter((f) => f.noAgreement).map((f) => f.id)).toEqual(["why-lost", "post-edit"]);
    expect(report.scheme).toEqual({ id: "every-kind", name: "Every field kind", version: 3 });
  });

  it("renders on the dashboard with every kind (labels, vector dimensions, fields without agreement)", () => {
    const html = renderToStaticMarkup(
      createElement(SchemeDashboardView, {
        slug: "p",
        scheme: report.scheme,
        filter: {},
        systems: report.systems,
        fields: report.fields,
        progress: [{ annotator: "a@t", assigned: 3, done: 1, inProgress: 1, todo: 1, skipped: 0 }],
        agreement: schemeAgreementRows(report),
        accuracy: schemeAccuracyRows(report),
        distributions: report.distributions,
        includes: report.includes,
        figureCount: report.figures.length,
        elapsedMs: 1,
      }),
    );
    for (const text of ["Register of the document", "Emotion intensity · joy", "Emotion intensity · fear", "Metaphorical tokens", "Without categories:", "33.3"]) expect(html).toContain(text);
  });

  it("names the field's unit in small-sample notes", () => {
    const note = (field: string) => report.figures.find((f) => f.field === field && f.statistic === "exact_agreement" && f.system === "all")!.note;
    expect(note("meaning")).toBe("only 3 translations: unstable, read with care");
    expect(note("transparency")).toBe("only 3 items: unstable, read with care");
    expect(note("metaphor-tags")).toBe("only 9 tokens: unstable, read with care");
    expect(note("alignment")).toBe("only 3 MRW instances: unstable, read with care");
    expect(note("register")).toBe("only 3 documents: unstable, read with care");
  });

  it("accuracy against item gold: only where the item has gold; per annotator and pooled", () => {
    const withGold = ZSchemeDefinition.parse({ ...EVERY, fields: EVERY.fields.map((f) => (f.id === "meaning" ? { ...f, gold: { from: "item", key: "answer" } } : f)) });
    const itemGold = [
      { field: "meaning", segmentId: "seg0", value: "kept" },
      { field: "meaning", segmentId: "seg1", value: "literal" },
    ];
    const r = buildSchemeReport({ version: 1, definition: withGold }, { values: rows(), ...empty, itemGold });
    // a: kept, literal (both right); b: literal, lost (both wrong)
    expect(schemeAccuracyRows(r).map((x) => [x.system, x.annotator, x.cell.value, x.cell.n])).toEqual([
      ["S", null, 50, 4],
      ["S", "a@t", 100, 2],
      ["S", "b@t", 0, 2],
      ["S", "mean of the annotators", 50, 2],
      ["all", null, 50, 4],
      ["all", "a@t", 100, 2],
      ["all", "b@t", 0, 2],
      ["all", "mean of the annotators", 50, 2],
    ]);
    expect(r.includes.accuracy.meaning).toMatch(/; gold: the item's "answer" value$/);
    expect(r.figures.find((f) => f.statistic === "accuracy")!.includes).toBe(r.includes.accuracy.meaning);
  });

  it("keeps only the fields asked for (a vector by its id)", () => {
    const r = buildSchemeReport({ version: 1, definition: EVERY }, { values: rows(), ...empty }, {}, { fields: ["emotion", "meaning"] });
    expect([...new Set(r.figures.map((f) => f.field))]).toEqual(["meaning", "emotion.joy", "emotion.fear"]);
  });
});
