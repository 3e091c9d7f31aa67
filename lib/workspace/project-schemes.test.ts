import { describe, expect, it } from "vitest";
import { projectSchemes } from "./project-schemes";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, ZSchemeConfig } from "@/lib/schemes/scheme-config";

describe("projectSchemes", () => {
  it("is MetaHOPE alone for a MetaHOPE-only project, MMTE alone for MMTE, both when both are on", () => {
    expect(projectSchemes(METAHOPE_SCHEME_CONFIG)).toEqual(["METAHOPE"]);
    expect(projectSchemes(DEFAULT_SCHEME_CONFIG)).toEqual(["MMTE"]);
    expect(projectSchemes(ZSchemeConfig.parse({ alignment: true, metahopeErrors: true }))).toEqual(["MMTE", "METAHOPE"]);
  });

  it("counts a scheme with only one part on (post-edits only is still MMTE)", () => {
    const postEditsOnly = ZSchemeConfig.parse({ mmteQuality: false, mmteMrw: { equivalence: false, emotion: false, authenticity: false }, metahopeErrors: true });
    expect(projectSchemes(postEditsOnly)).toEqual(["MMTE", "METAHOPE"]);
  });
});
