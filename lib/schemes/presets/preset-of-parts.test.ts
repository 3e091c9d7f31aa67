// The preset a project runs before it stores a scheme, by its configuration; whether a stored
// scheme is that preset as shipped (what the upgrade listing the papers' agreement export reads);
// and the version the Settings form's parts store, read from the fields present for any scheme.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "../language/scheme-definition";
import { sortedJson } from "../canonical-value";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, ZSchemeConfig } from "../scheme-config";
import { schemeConfigFor } from "./parts-choice";
import { hasPartsToSwitch, isPresetOfParts, MMTE_METAHOPE_PRESET, nextDefinitionOfParts, presetOfParts, withPapersAgreementExportListed } from "./preset-of-parts";
import { METAHOPE_PRESET } from "./metahope";
import { MMTE_PRESET } from "./mmte";

const ids = (s: { fields: { id: string }[] }) => [...new Set(s.fields.map((f) => f.id))];

describe("presetOfParts", () => {
  it("MMTE and MetaHOPE configurations run their presets without the parts off by default; both runs every other field", () => {
    // MMTE's target words and MetaHOPE's post-edit are off unless a project switches them on (issue 19)
    const optional = ["TARGET_WORDS", "METAHOPE_POSTEDIT"];
    const mmte = presetOfParts(DEFAULT_SCHEME_CONFIG);
    expect({ ...mmte, fields: undefined }).toEqual({ ...MMTE_PRESET, fields: undefined });
    expect(ids(mmte)).toEqual(ids(MMTE_PRESET).filter((id) => !optional.includes(id)));
    expect(ids(presetOfParts(METAHOPE_SCHEME_CONFIG))).toEqual(ids(METAHOPE_PRESET).filter((id) => !optional.includes(id)));
    expect(ids(presetOfParts(schemeConfigFor("both")))).toEqual(ids(MMTE_METAHOPE_PRESET).filter((id) => !optional.includes(id)));
    expect(ids(MMTE_METAHOPE_PRESET)).toEqual([
      "FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "TARGET_WORDS", "EQUIVALENCE", "EMOTION", "AUTHENTICITY", "POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL", "ALIGNMENT", "METAHOPE_ERRORS", "METAHOPE_POSTEDIT",
    ]);
    // switched on, a preset runs whole
    expect(presetOfParts(ZSchemeConfig.parse({ mmteMrw: { targetWords: true } }))).toBe(MMTE_PRESET);
    expect(presetOfParts({ ...METAHOPE_SCHEME_CONFIG, metahopePostEdit: true })).toBe(METAHOPE_PRESET);
  });

  it("parts switched off leave their fields out (both alternatives of EQUIVALENCE go together)", () => {
    const s = presetOfParts(ZSchemeConfig.parse({ mmteMrw: { equivalence: false }, postEdit: { literal: false }, alignment: true }));
    expect(ids(s)).toEqual(["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "EMOTION", "AUTHENTICITY", "POSTEDIT_FIGURATIVE", "ALIGNMENT"]);
    expect(s.id).toBe("built-in");
  });
});

const variant = (edit: (s: Record<string, unknown> & { fields: Record<string, unknown>[] }) => void) => {
  const s = structuredClone(MMTE_PRESET) as unknown as Record<string, unknown> & { fields: Record<string, unknown>[] };
  edit(s);
  return ZSchemeDefinition.parse(s);
};

describe("isPresetOfParts", () => {
  it("the presets as they are, together, or with parts off: a preset of parts as shipped", () => {
    for (const s of [MMTE_PRESET, METAHOPE_PRESET, MMTE_METAHOPE_PRESET, presetOfParts(METAHOPE_SCHEME_CONFIG)]) expect(isPresetOfParts(s), s.name).toBe(true);
    expect(isPresetOfParts(variant((s) => (s.fields = s.fields.filter((f) => f.id !== "POSTEDIT_LITERAL"))))).toBe(true);
  });

  it("a variant that keeps the field names but changes what they are is the lead's own scheme, not a preset of parts as shipped", () => {
    const fluency = (s: { fields: Record<string, unknown>[] }) => s.fields.find((f) => f.id === "FLUENCY")!;
    const cases = {
      "another scale": variant((s) => Object.assign(fluency(s), { max: 7, labels: { "1": "poor", "7": "perfect" } })),
      "another label text": variant((s) => Object.assign(fluency(s), { label: "Fluency (how natural it reads)" })),
      "its own guideline wording": variant((s) => (s.guidelines = `${String(s.guidelines)}\n\nRead the source aloud first.`)),
      "one more option": variant((s) => {
        const emotion = s.fields.find((f) => f.id === "EMOTION")! as { options: Record<string, unknown>[] };
        emotion.options = [...emotion.options, { value: "MIXED", label: "mixed" }];
      }),
    };
    for (const [name, s] of Object.entries(cases)) {
      expect(isPresetOfParts(s), name).toBe(false);
      // its parts are still there to switch: they are read from its fields, not from what it is
      expect(hasPartsToSwitch(s), name).toBe(true);
    }
    const idiom = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
    expect(isPresetOfParts(idiom)).toBe(false);
  });
});

describe("nextDefinitionOfParts", () => {
  it("the preset of the parts, keeping the workflow in force and the name of the same preset", () => {
    expect(nextDefinitionOfParts(null, DEFAULT_SCHEME_CONFIG)).toEqual(presetOfParts(DEFAULT_SCHEME_CONFIG));
    const renamed = { ...MMTE_METAHOPE_PRESET, name: "Built-in (MMTE and MetaHOPE)", workflow: MMTE_PRESET.workflow };
    const next = nextDefinitionOfParts(renamed, schemeConfigFor("both"))!;
    expect([next.name, next.workflow, ids(next)]).toEqual([renamed.name, MMTE_PRESET.workflow, ids(presetOfParts(schemeConfigFor("both")))]);
    expect(nextDefinitionOfParts(MMTE_PRESET, METAHOPE_SCHEME_CONFIG)!.name).toBe(METAHOPE_PRESET.name);
  });

  it("a preset as shipped switched to other parts is the preset of those parts (texts, fields and analyses), with its workflow", () => {
    const configs = [DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, schemeConfigFor("both"), ZSchemeConfig.parse({ mmteMrw: { equivalence: false }, alignment: true }), { ...METAHOPE_SCHEME_CONFIG, metahopePostEdit: true }];
    for (const from of [MMTE_PRESET, METAHOPE_PRESET, MMTE_METAHOPE_PRESET])
      for (const c of configs) {
        const preset = presetOfParts(c);
        const same = from.id === preset.id ? { name: from.name, description: from.description } : {};
        expect(nextDefinitionOfParts(from, c), `${from.id} → ${JSON.stringify(c)}`).toEqual({ ...preset, workflow: from.workflow, ...same });
      }
  });

  // a variant of MetaHOPE: its own guideline wording and one more error category
  const ownWording = "Our lab's MetaHOPE: mark every error, then post-edit.";
  const metahopeVariant = ZSchemeDefinition.parse({
    ...structuredClone(METAHOPE_PRESET),
    name: "Lab MetaHOPE",
    guidelines: ownWording,
    fields: METAHOPE_PRESET.fields.map((f) => (f.id === "METAHOPE_ERRORS" && f.kind === "spans" ? { ...f, labels: [...f.labels, { value: "CUL", label: "Cultural" }] } : f)),
  });

  it("a variant switches a part off and on: its fields go and come back, its guidelines, name, labels and analyses stay", () => {
    const off = nextDefinitionOfParts(metahopeVariant, { ...METAHOPE_SCHEME_CONFIG, metahopePostEdit: false })!;
    expect(ids(off)).toEqual(["ALIGNMENT", "METAHOPE_ERRORS"]);
    expect([off.guidelines, off.name, off.id, off.analyses]).toEqual([ownWording, "Lab MetaHOPE", METAHOPE_PRESET.id, METAHOPE_PRESET.analyses]);
    expect(off.fields.find((f) => f.id === "METAHOPE_ERRORS")).toEqual(metahopeVariant.fields.find((f) => f.id === "METAHOPE_ERRORS"));
    // on again: the preset's post-edit field where the preset has it, the rest as it was
    const on = nextDefinitionOfParts(off, { ...METAHOPE_SCHEME_CONFIG, metahopePostEdit: true })!;
    expect(sortedJson(on)).toBe(sortedJson(metahopeVariant));
    // saving the same parts changes nothing
    expect(sortedJson(nextDefinitionOfParts(metahopeVariant, { ...METAHOPE_SCHEME_CONFIG, metahopePostEdit: true }))).toBe(sortedJson(metahopeVariant));
  });

  it("a part switched back on gets its fields as the project last had them, so values of a variant's own labels stay valid", () => {
    const emotion = (d: { fields: { id: string }[] }) => d.fields.find((f) => f.id === "EMOTION");
    const mixed = variant((s) => {
      const e = s.fields.find((f) => f.id === "EMOTION")! as { options: Record<string, unknown>[] };
      e.options = [...e.options, { value: "MIXED", label: "mixed" }];
    });
    const off = nextDefinitionOfParts(mixed, ZSchemeConfig.parse({ mmteMrw: { emotion: false, targetWords: true } }))!;
    expect(emotion(off)).toBeUndefined();
    const earlier = new Map([["EMOTION", mixed.fields.filter((f) => f.id === "EMOTION")]]);
    const on = nextDefinitionOfParts(off, ZSchemeConfig.parse({ mmteMrw: { targetWords: true } }), earlier)!;
    expect(emotion(on)).toEqual(emotion(mixed));
    expect(ids(on)).toEqual(ids(mixed));
    // without an earlier version that had it: the preset's
    expect(emotion(nextDefinitionOfParts(off, ZSchemeConfig.parse({ mmteMrw: { targetWords: true } }))!)).toEqual(emotion(MMTE_PRESET));
  });

  it("switching a preset's first part on lists its analyses; its last part off removes them; a lead's own fields and analyses stay", () => {
    const own = ZSchemeDefinition.parse({
      ...structuredClone(MMTE_PRESET),
      guidelines: "Ours.",
      analyses: [...MMTE_PRESET.analyses, "emos.metrics"],
      fields: [...MMTE_PRESET.fields, { id: "source_emotions", kind: "multi", label: "Source emotions", scope: "segment", options: [{ value: "joy", label: "Joy" }] }, { id: "target_emotions", kind: "multi", label: "Target emotions", scope: "translation", options: [{ value: "joy", label: "Joy" }] }],
    });
    const both = nextDefinitionOfParts(own, { ...schemeConfigFor("both"), mmteMrw: { ...schemeConfigFor("both").mmteMrw, targetWords: true } })!;
    expect(both.analyses).toEqual(["mmte.table3", "mmte.figures3-5", "papers.agreement-export", "emos.metrics", "metahope.tables3-6"]);
    expect(ids(both)).toEqual([...ids(MMTE_PRESET), "ALIGNMENT", "METAHOPE_ERRORS", "source_emotions", "target_emotions"]);
    expect(both.guidelines).toBe("Ours.");
    const metahopeOnly = nextDefinitionOfParts(both, METAHOPE_SCHEME_CONFIG)!;
    expect(metahopeOnly.analyses).toEqual(["papers.agreement-export", "emos.metrics", "metahope.tables3-6"]);
    expect(ids(metahopeOnly)).toEqual(["ALIGNMENT", "METAHOPE_ERRORS", "source_emotions", "target_emotions"]);
    expect(ZSchemeDefinition.safeParse(metahopeOnly).success).toBe(true);
  });

  it("a scheme with none of the presets' fields has no parts to switch: nothing is stored over it", () => {
    const idiom = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
    expect(hasPartsToSwitch(idiom)).toBe(false);
    expect(nextDefinitionOfParts(idiom, DEFAULT_SCHEME_CONFIG)).toBeNull();
  });
});

describe("withPapersAgreementExportListed (the upgrade of a database of the previous release)", () => {
  const without = (d: typeof MMTE_PRESET) => ({ ...d, analyses: d.analyses.filter((a) => a !== "papers.agreement-export") });
  it("a preset as shipped that does not list the export lists it, where the preset does", () => {
    for (const p of [MMTE_PRESET, METAHOPE_PRESET, MMTE_METAHOPE_PRESET, presetOfParts(METAHOPE_SCHEME_CONFIG), { ...MMTE_METAHOPE_PRESET, name: "Built-in (MMTE and MetaHOPE)" }])
      expect(withPapersAgreementExportListed(without(p)), p.name).toEqual(p);
    expect(withPapersAgreementExportListed(MMTE_PRESET)).toBeNull();
  });
  it("a lead's own scheme, a variant of a preset included, is left alone", () => {
    expect(withPapersAgreementExportListed(without(variant((s) => (s.guidelines = "Ours."))))).toBeNull();
  });
});
