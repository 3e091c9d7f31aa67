import { describe, expect, it } from "vitest";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { MMTE_METAHOPE_PRESET, presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { SHIPPED_PRESETS } from "@/lib/schemes/presets/shipped-presets";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";
import { bindPapersAgreementExport, papersAgreementExportNote, PAPERS_AGREEMENT_EXPORT } from "./papers-agreement-export";

type TEditable = { guidelines: string; fields: Record<string, unknown>[]; analyses: string[] };
function edited(preset: unknown, edit: (s: TEditable) => void): TSchemeDefinition {
  const s = structuredClone(preset) as TEditable;
  edit(s);
  return ZSchemeDefinition.parse(s);
}

describe("the papers' agreement export as a named analysis", () => {
  it("MMTE and MetaHOPE list it, once in the preset of both; no other shipped preset does", () => {
    expect(MMTE_PRESET.analyses).toContain(PAPERS_AGREEMENT_EXPORT);
    expect(METAHOPE_PRESET.analyses).toContain(PAPERS_AGREEMENT_EXPORT);
    expect(MMTE_METAHOPE_PRESET.analyses.filter((a) => a === PAPERS_AGREEMENT_EXPORT)).toHaveLength(1);
    expect(ZSchemeDefinition.safeParse(MMTE_METAHOPE_PRESET).success).toBe(true);
    for (const p of SHIPPED_PRESETS) if (p.id !== "mmte" && p.id !== "metahope") expect(p.analyses, p.id).not.toContain(PAPERS_AGREEMENT_EXPORT);
  });

  it("binds the preset of every combination of parts", () => {
    for (let m = 1; m < 1024; m++) {
      const bit = (i: number) => (m & (1 << i)) !== 0;
      const config = ZSchemeConfig.parse({
        mmteQuality: bit(0),
        mmteMrw: { equivalence: bit(1), emotion: bit(2), authenticity: bit(3), targetWords: bit(8) },
        postEdit: { figurative: bit(4), literal: bit(5) },
        alignment: bit(6),
        metahopeErrors: bit(7),
        metahopePostEdit: bit(9),
      });
      const b = bindPapersAgreementExport(presetOfParts(config));
      expect(b, JSON.stringify(config)).toEqual({ listed: true, bound: true, refused: [] });
    }
  });

  it("binds a variant with its own guideline wording and labels renamed (not revalued)", () => {
    const def = edited(MMTE_METAHOPE_PRESET, (s) => {
      s.guidelines = "Our lab's wording.";
      for (const f of s.fields) if (f.id === "EMOTION") (f.options as { label: string }[])[0].label = "No emotion";
    });
    expect(bindPapersAgreementExport(def).bound).toBe(true);
  });

  it("is not bound when not listed", () => {
    const def = edited(MMTE_PRESET, (s) => (s.analyses = s.analyses.filter((a) => a !== PAPERS_AGREEMENT_EXPORT)));
    expect(bindPapersAgreementExport(def)).toEqual({ listed: false, bound: false, refused: [] });
    expect(papersAgreementExportNote(bindPapersAgreementExport(def))).toBeNull();
  });

  it("refuses a variant whose labels, scale or fields its code cannot read right, naming why", () => {
    const moreEquivalence = edited(MMTE_PRESET, (s) => {
      for (const f of s.fields) if (f.id === "EQUIVALENCE" && (f.when as { in: boolean[] }).in[0]) (f.options as object[]).push({ value: "IDIOM", label: "Idiom" });
    });
    const b = bindPapersAgreementExport(moreEquivalence);
    expect(b.bound).toBe(false);
    expect(b.refused).toEqual([{ field: "EQUIVALENCE", reason: "has label IDIOM beyond the paper's (the export counts only the paper's labels)" }]);
    expect(papersAgreementExportNote(b)).toBe(
      "papers.agreement-export not used, the agreement export is every field's: field EQUIVALENCE has label IDIOM beyond the paper's (the export counts only the paper's labels).",
    );

    const fewerEmotions = edited(MMTE_PRESET, (s) => {
      for (const f of s.fields) if (f.id === "EMOTION") f.options = (f.options as { value: string }[]).filter((o) => o.value !== "MORE");
    });
    expect(bindPapersAgreementExport(fewerEmotions).refused).toEqual([{ field: "EMOTION", reason: "has no label MORE (the export gives a row for each of the paper's labels)" }]);

    const sevenPoints = edited(MMTE_PRESET, (s) => {
      for (const f of s.fields) if (f.id === "FLUENCY") Object.assign(f, { max: 7, labels: undefined });
    });
    expect(bindPapersAgreementExport(sevenPoints).refused).toEqual([{ field: "FLUENCY", reason: "is a 1–7 scale, the table reads 1–5" }]);

    const moreErrors = edited(METAHOPE_PRESET, (s) => {
      for (const f of s.fields) if (f.id === "METAHOPE_ERRORS") (f.labels as object[]).push({ value: "CUL", label: "Cultural" });
    });
    expect(bindPapersAgreementExport(moreErrors).refused).toEqual([{ field: "METAHOPE_ERRORS", reason: "has error category CUL beyond the paper's five (the export counts only those five)" }]);

    const ownField = edited(MMTE_PRESET, (s) => s.fields.push({ id: "COMMENT", kind: "text", label: "Comment", scope: "translation" }));
    expect(bindPapersAgreementExport(ownField).refused).toEqual([{ field: "COMMENT", reason: "is not a field of the papers' export (its figures would be missing from it)" }]);
  });
});
