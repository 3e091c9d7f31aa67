/**
 * MetaHOPE error scheme (Liang & Han 2026, "MetaHOPE: metaphor translation
 * evaluation framework…"): five error categories (§3, table 1), five
 * severities with linear penalties (§3), and the MRW realisation patterns used
 * for alignment (§4.2, figure 4).
 *
 * The paper's text, for the tests: definitions and examples quoted from the
 * paper; where the paper is silent (the wording of each severity level) the
 * text is Tropos's and says so in `source`. The preset (../metahope.json) is
 * what projects run; ../metahope.test.ts holds it against this.
 */
import type { MetahopeCategory, MetahopeSeverity, RealisationPattern } from "@/lib/import/types";

export type TMetahopeCategory = MetahopeCategory;
export type TMetahopeSeverity = MetahopeSeverity;
export type TRealisationPattern = RealisationPattern;

/** Order of table 1 / §3 list; also the order of digit-free letter keys I, R, M, S, P. */
export const METAHOPE_CATEGORIES = ["IMP", "RAM", "MIS", "STL", "PRF"] as const satisfies readonly MetahopeCategory[];

export interface TMetahopeExample {
  source: string;
  problematic: string;
  suggested: string;
  explanation: string;
}

export interface TMetahopeCategoryDefinition {
  code: TMetahopeCategory;
  name: string;
  /** §3 one-line definition, verbatim. */
  definition: string;
  /** Keyboard letter (see lib/keymap). */
  key: string;
  examples: readonly TMetahopeExample[];
  source: string;
}

export const METAHOPE_CATEGORY_DEFINITIONS: Record<TMetahopeCategory, TMetahopeCategoryDefinition> = {
  IMP: {
    code: "IMP",
    name: "Impact",
    definition: "Over-literal translation; structural shifts affecting emphasis.",
    key: "i",
    examples: [
      {
        source: "The government cracked down on protesters after the unrest.",
        problematic: "抗议者在骚乱后被镇压。",
        suggested: "政府在骚乱后镇压抗议者。",
        explanation:
          "The translation shifts the clause from active to passive voice, suppressing the agent (the government) and changing the distribution of agency, thereby altering communicative impact.",
      },
    ],
    source: "MetaHOPE §3, table 1",
  },
  RAM: {
    code: "RAM",
    name: "Required Adaptation is Missing",
    definition: "Missing cultural or idiomatic adaptation of metaphor.",
    key: "r",
    examples: [
      {
        source: "The company is a black sheep in the field.",
        problematic: "这个公司是行业里的问题公司。",
        suggested: "这个公司是行业里的害群之马。",
        explanation:
          "The metaphor is paraphrased rather than adapted into an idiomatic Chinese equivalent. The figurative meaning is partially retained, but metaphorical and cultural adaptation is missing.",
      },
    ],
    source: "MetaHOPE §3, table 1",
  },
  MIS: {
    code: "MIS",
    name: "Mistranslation",
    definition: "Meaning mismatch; incorrect interpretation of metaphor.",
    key: "m",
    examples: [
      {
        source: "The company is on its last legs after years of losses.",
        problematic: "该公司在多年亏损后正处于它的最后几条腿上。",
        suggested: "该公司在多年亏损后已处于倒闭边缘。",
        explanation:
          "The metaphor is translated literally into an unintelligible expression, causing loss of the intended meaning (near collapse or bankruptcy).",
      },
    ],
    source: "MetaHOPE §3, table 1",
  },
  STL: {
    code: "STL",
    name: "Style",
    definition: "Loss of metaphorical effect, imagery, or emotional tone.",
    key: "s",
    examples: [
      {
        source: "Officials lashed out at the decision, calling it irresponsible.",
        problematic: "官员对这一决定表示不满，称其不负责任。",
        suggested: "官员强烈抨击这一决定，称其不负责任。",
        explanation:
          "The translation weakens the metaphorical intensity and emotional force of the source expression, resulting in stylistic attenuation.",
      },
    ],
    source: "MetaHOPE §3, table 1",
  },
  PRF: {
    code: "PRF",
    name: "Proof-reading error",
    definition: "Awkward or unnatural expression (not reflecting meaning).",
    key: "p",
    examples: [
      {
        source: "The plan has gained momentum in recent weeks.",
        problematic: "该计划在最近几周获得了动量。",
        suggested: "该计划在最近几周获得了势头。",
        explanation:
          "The translation is understandable but unnatural in Chinese. A more idiomatic lexical choice would improve fluency and naturalness.",
      },
    ],
    source: "MetaHOPE §3, table 1",
  },
};

/**
 * §5 Discussion: a metaphor rendered as a paraphrase is penalised in the
 * MetaHOPE design ("we include it as a penalty"), applied strictly on the test
 * set. Shown in the guidelines panel.
 */
export const METAHOPE_PARAPHRASE_POLICY =
  "When a metaphor is translated to a paraphrase in the target language instead of in a metaphorical expression … In our current MetaHOPE annotation design, we include it as a penalty (MetaHOPE §5).";

// ---------------------------------------------------------------------------
// Severities (§3)
// ---------------------------------------------------------------------------

export const METAHOPE_SEVERITY_NAMES = ["minor", "medium", "major", "severe", "critical"] as const;
export type TMetahopeSeverityName = (typeof METAHOPE_SEVERITY_NAMES)[number];

export interface TMetahopeSeverityDefinition {
  name: TMetahopeSeverityName;
  penalty: TMetahopeSeverity;
  /** Digit key in the error-span scope (1 = minor … 5 = critical). */
  key: string;
  definition: string;
  source: string;
}

/**
 * §3: "we keep the 5 severity levels, i.e. minor, medium, major, severe, and
 * critical, but use the following score alignment (2, 4, 6, 8, 10) instead of
 * the exponential score range used by original HOPE". No error scores 0 and
 * is never stored as a span (§4.3.2 treats 0, 2, …, 10 as ordered levels).
 *
 * The paper names the levels without defining them; the definitions are
 * Tropos's working wording, graded by effect on the metaphor's meaning and
 * usability, and are marked as such so the guidelines panel can say so.
 */
export const METAHOPE_SEVERITIES: readonly TMetahopeSeverityDefinition[] = [
  {
    name: "minor",
    penalty: 2,
    key: "1",
    definition: "A small blemish: the meaning and the metaphorical effect are intact; a reader would barely notice.",
    source: "MetaHOPE §3 (level, penalty); definition: Tropos",
  },
  {
    name: "medium",
    penalty: 4,
    key: "2",
    definition: "Noticeable: the reader gets the intended meaning but with some effort, or some imagery or tone is weakened.",
    source: "MetaHOPE §3 (level, penalty); definition: Tropos",
  },
  {
    name: "major",
    penalty: 6,
    key: "3",
    definition: "Part of the meaning or of the metaphorical effect is lost or distorted; the sentence needs revision to be usable.",
    source: "MetaHOPE §3 (level, penalty); definition: Tropos",
  },
  {
    name: "severe",
    penalty: 8,
    key: "4",
    definition: "The metaphor's intended meaning is mostly lost or wrongly conveyed; a reader is likely to be misled.",
    source: "MetaHOPE §3 (level, penalty); definition: Tropos",
  },
  {
    name: "critical",
    penalty: 10,
    key: "5",
    definition:
      "The translation is unusable for this point: meaning reversed, unintelligible, offensive, or hallucinated content.",
    source: "MetaHOPE §3 (level, penalty); definition: Tropos",
  },
] as const;

export const METAHOPE_PENALTIES = [2, 4, 6, 8, 10] as const satisfies readonly MetahopeSeverity[];
/** The ordered penalty levels used for agreement, "no error" included (§4.3.2). */
export const METAHOPE_PENALTY_LEVELS = [0, 2, 4, 6, 8, 10] as const;

// ---------------------------------------------------------------------------
// Realisation patterns (§4.2, figure 4)
// ---------------------------------------------------------------------------

export const REALISATION_PATTERNS = [
  "DIRECT",
  "PARAPHRASE",
  "DISTRIBUTED",
  "IMPLICIT",
  "PARTIAL",
  "OMISSION",
] as const satisfies readonly RealisationPattern[];

export interface TPatternExample {
  /**
   * Sentences as printed. The paper sets the English word in bold (the source
   * MRW for EN-ZH, its realisation for ZH-EN); here that word is marked `@…@`.
   */
  source: string;
  target: string;
  direction: "EN-ZH" | "ZH-EN";
}

export interface TRealisationPatternDefinition {
  code: TRealisationPattern;
  /** Figure 4 heading, verbatim. */
  name: string;
  definition: string;
  /** Whether the alignment must carry at least one target span (OMISSION has none). */
  requiresSpan: boolean;
  examples: readonly TPatternExample[];
  source: string;
}

/**
 * §4.2: "metaphor-related meaning … may be reformulated, redistributed across
 * multiple units, implicitly conveyed through syntactic structure or discourse
 * context, partially preserved, or omitted altogether. Alignment decisions …
 * are therefore made according to how metaphor-related meaning is represented
 * in translation rather than through strict lexical matching."
 */
export const REALISATION_PATTERN_DEFINITIONS: Record<TRealisationPattern, TRealisationPatternDefinition> = {
  DIRECT: {
    code: "DIRECT",
    name: "Direct lexical correspondence",
    definition: "A target word or phrase corresponds lexically to the source MRW.",
    requiresSpan: true,
    examples: [
      {
        source: "... the more luxurious the luncheon rooms at @headquarters@, the more inefficient the business”.",
        target: "总部餐厅越豪华, 企业的运营效率就越低。”",
        direction: "EN-ZH",
      },
      {
        source: "...先后关闭了它在台湾和南朝鲜的分厂, 而将资金转移到中国。",
        target: "... @closed@ its factories in Taiwan and South Korea and transferred its funds to China.",
        direction: "ZH-EN",
      },
    ],
    source: "MetaHOPE §4.2, fig. 4 (1)",
  },
  PARAPHRASE: {
    code: "PARAPHRASE",
    name: "Paraphrastic realization",
    definition: "The metaphor-related meaning is reformulated (paraphrased) rather than rendered by a corresponding word.",
    requiresSpan: true,
    examples: [
      {
        source: "... could not expect everybody to “@goose-step@” in the same direction ...",
        target: "也不能指望所有党员都会盲目追随党的领导方向。",
        direction: "EN-ZH",
      },
      {
        source: "于是刘庄子人打定主意: 请不着就 “抢” 。",
        target: "Therefore, the villagers decided: if they couldn’t invite him, they would “@seize the opportunity@” themselves.",
        direction: "ZH-EN",
      },
    ],
    source: "MetaHOPE §4.2, fig. 4 (2)",
  },
  DISTRIBUTED: {
    code: "DISTRIBUTED",
    name: "Distributed realization across multiple units",
    definition: "The metaphor-related meaning is redistributed across several target units (mark each span).",
    requiresSpan: true,
    examples: [
      {
        source: "... financial considerations would not @stand@ in the way of implementing ...",
        target: "...财政因素不会成为实施安东尼·希登 (Anthony Hidden) 提出的93项整改建议的障碍。",
        direction: "EN-ZH",
      },
      { source: "...不少农家陷入断炊困境", target: "... @putting@ them @in@ a dire situation.", direction: "ZH-EN" },
    ],
    source: "MetaHOPE §4.2, fig. 4 (3)",
  },
  IMPLICIT: {
    code: "IMPLICIT",
    name: "Implicit realization through syntactic structure (e.g., context needed)",
    definition:
      "The metaphor-related meaning is conveyed implicitly through syntactic structure or discourse context rather than by a specific word.",
    // Spans are optional: the annotator may mark the carrying structure.
    requiresSpan: false,
    examples: [
      { source: "Nor, it seems, @is@ anyone else.", target: "但似乎没有其他企业愿意承担全国范围内的推广任务。", direction: "EN-ZH" },
    ],
    source: "MetaHOPE §4.2, fig. 4 (4)",
  },
  PARTIAL: {
    code: "PARTIAL",
    name: "Partial metaphorical reformulation",
    definition: "The metaphor-related meaning is only partially preserved in the reformulation.",
    requiresSpan: true,
    examples: [
      {
        source: "Britain still cannot decide when to play the mandarin @game@ of silence ...",
        target: "英国至今仍无法决定何时应该对中国保持沉默.....",
        direction: "EN-ZH",
      },
      {
        source: "...冰箱出了问题, 打个电话, 随叫随到.....",
        target: "... can call for immediate assistance if their refrigerators @need repair@.",
        direction: "ZH-EN",
      },
    ],
    source: "MetaHOPE §4.2, fig. 4 (5)",
  },
  OMISSION: {
    code: "OMISSION",
    name: "Omission",
    definition: "The metaphor-related meaning is omitted altogether; no target span.",
    requiresSpan: false,
    examples: [
      {
        source: "All of which is not just a problem for a properly @penitent@ British Rail: it’s a problem for the government too.",
        target: "这不仅是英国铁路的问题, 更是政府的问题",
        direction: "EN-ZH",
      },
      { source: "... 冰箱冷冻室容积达96升", target: "... its 96-liter freezer capacity", direction: "ZH-EN" },
    ],
    source: "MetaHOPE §4.2, fig. 4 (6)",
  },
};

// ---------------------------------------------------------------------------
// Post-editing (§1, §3 fig. 1; the workbooks' "Human Gold Standard" column)
// ---------------------------------------------------------------------------

/**
 * The MetaHOPE post-edit's kind (the edit field's variant): one reference translation per
 * annotator and sentence, neither MMTE's figurative nor its literal one. Stored as PostEdit.kind
 * and GoldReference.kind REFERENCE, so a project running both studies keeps an annotator's MMTE
 * post-edits and MetaHOPE post-edit apart.
 */
export const METAHOPE_POST_EDIT_KINDS = ["reference"] as const;
