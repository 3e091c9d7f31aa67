/**
 * MMTE annotation scheme (Wang et al. 2024, "MMTE: Corpus and Metrics for
 * Evaluating Machine Translation Quality of Metaphorical Language").
 *
 * The paper's text, for the tests: labels, definitions and examples exactly as
 * the paper gives them (§3.2, table 2, appendix B.1–B.5). The preset
 * (../mmte.json) is what projects run; ../mmte.test.ts holds it against this,
 * and paper-quotes.test.ts holds this against the paper.
 *
 * Examples keep the paper's `@word@` marking of the target word. Where the
 * paper prints an example without the marking (e.g. table 2) it is copied as
 * printed. Paper typos are kept verbatim (e.g. the B.2 Error example).
 */

/** Level of measurement, used to pick the agreement distance (nominal κ/α vs. ordinal/weighted). */
export type TMeasurementLevel = "nominal" | "ordinal";

export interface TGuidelineExample {
  /** English source sentence, target word marked `@…@` when the paper marks it. */
  en: string;
  /** Chinese translation as printed in the paper. */
  zh?: string;
  /** Italian translation as printed in the paper (table 2 gives EN–IT pairs too). */
  it?: string;
  /** Where in the paper the example is printed. */
  source: string;
}

export interface TLabelDefinition<L extends string | number = string> {
  value: L;
  /** Short display name as the paper writes it. */
  name: string;
  definition: string;
  examples: readonly TGuidelineExample[];
  /** Where the definition is taken from. */
  source: string;
}

// ---------------------------------------------------------------------------
// Quality (B.1) and Authenticity (B.4): 5-point Likert
// ---------------------------------------------------------------------------

export const LIKERT_VALUES = [1, 2, 3, 4, 5] as const;
export type TLikert = (typeof LIKERT_VALUES)[number];

/** B.1 / B.4: "5) Very Good; 4) Good; 3) Acceptable; 2) Poor; 1) Very Poor." Ordered 1..5 so digit keys map to values. */
export const LIKERT_SCALE: readonly TLabelDefinition<TLikert>[] = [
  { value: 1, name: "Very Poor", definition: "1) Very Poor", examples: [], source: "MMTE app. B.1, B.4" },
  { value: 2, name: "Poor", definition: "2) Poor", examples: [], source: "MMTE app. B.1, B.4" },
  { value: 3, name: "Acceptable", definition: "3) Acceptable", examples: [], source: "MMTE app. B.1, B.4" },
  { value: 4, name: "Good", definition: "4) Good", examples: [], source: "MMTE app. B.1, B.4" },
  { value: 5, name: "Very Good", definition: "5) Very Good", examples: [], source: "MMTE app. B.1, B.4" },
] as const;

export const MMTE_QUALITY_FIELDS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"] as const;
export type TMmteQualityField = (typeof MMTE_QUALITY_FIELDS)[number];

export interface TCriterionDefinition {
  name: string;
  definition: string;
  source: string;
}

/** B.1: "compare the source sentence and its translation without reference to the correct translation". */
export const MMTE_QUALITY_INSTRUCTION =
  "Please compare the source sentence and its translation without reference to the correct translation, and evaluate the translation from following aspects.";

export const MMTE_QUALITY: Record<TMmteQualityField, TCriterionDefinition> = {
  FLUENCY: {
    name: "Fluency",
    definition:
      "To what extent the translation is well-formed and grammatical, ensuring that it sounds like it was originally written in the target language.",
    source: "MMTE app. B.1",
  },
  INTELLIGIBILITY: {
    name: "Intelligibility",
    definition:
      "To what extent the translation is easily understood and conveys metaphorical meaning sufficiently, such that readers can gain the intended interpretation.",
    source: "MMTE app. B.1",
  },
  FIDELITY: {
    name: "Fidelity",
    definition:
      "The extent to which the translation is faithful to the source sentence, such that there is minimal distortion, twisting, or altering of meaning.",
    source: "MMTE app. B.1",
  },
  OVERALL: {
    name: "Overall",
    definition: "An overall assessment to indicate the quality of the entire sentence seen as a whole.",
    source: "MMTE app. B.1",
  },
};

// ---------------------------------------------------------------------------
// Equivalence (§3.2, table 2, B.2)
// ---------------------------------------------------------------------------

/** Labels when the source MRW is metaphorical: three equivalence types, two mistranslation types (§3.2). */
export const EQUIVALENCE_METAPHORICAL_LABELS = ["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR"] as const;
export type TEquivalenceMetaphoricalLabel = (typeof EQUIVALENCE_METAPHORICAL_LABELS)[number];

/** Labels when the source is non-metaphorical: "only classify the translations into three categories: Literal, Metaphorical, and Error" (§3.2). */
export const EQUIVALENCE_LITERAL_LABELS = ["LITERAL", "METAPHORICAL", "ERROR"] as const;
export type TEquivalenceLiteralLabel = (typeof EQUIVALENCE_LITERAL_LABELS)[number];

export type TEquivalenceLabel = TEquivalenceMetaphoricalLabel | TEquivalenceLiteralLabel;

export const EQUIVALENCE_INSTRUCTION =
  "Please compare the source sentence and its translation, and determine to what extent the target word and its translation are Equivalent in figuration.";

export const EQUIVALENCE_METAPHORICAL: readonly TLabelDefinition<TEquivalenceMetaphoricalLabel>[] = [
  {
    value: "FULL",
    name: "Full-Equivalence",
    definition:
      "When comparing the source sentence and translation sentence, both the literal meanings and the contextual meanings of the target word are the same.",
    examples: [
      { en: "He @injected@ new life into the performance.", zh: "他给表演注入了新的生命", source: "MMTE app. B.2" },
      { en: "The White House sits on Pennsylvania Avenue.", zh: "白宫 坐落在 宾夕法尼亚大道上。", source: "MMTE table 2" },
      {
        en: "The ex-slave tasted freedom shortly before she died.",
        it: "l'ex schiava ha assaporato la libertà poco prima di morire.",
        source: "MMTE table 2",
      },
      { en: "She swallowed the last words of her speech", zh: "她咽下了最后几句话.", source: "MMTE §4.2" },
    ],
    source: "MMTE §3.2, app. B.2",
  },
  {
    value: "PART",
    name: "Part-Equivalence",
    definition:
      "When comparing the source sentence and translation sentence, only the contextual meanings of the target word are similar. The literal meaning of the target word between the source sentence and translation are different, but they are both metaphorical.",
    examples: [
      { en: "@Wallow@ in your success!", zh: "@沉浸@在你的成功中吧!", source: "MMTE app. B.2" },
      {
        en: "My personal feelings color my judgement in this case.",
        it: "i miei sentimenti personali offuscano il mio giudizio in questo caso.",
        source: "MMTE table 2",
      },
    ],
    source: "MMTE §3.2, app. B.2",
  },
  {
    value: "NON",
    name: "Non-Equivalence",
    definition:
      "When comparing the source and translation, only the contextual meanings of the target word are similar. However, the translation is a non-metaphorical expression, making the literal meaning of the target word between the source and translation different.",
    examples: [
      { en: "Sales were @climbing@ after prices were lowered.", zh: "价格下跌后销售额@上升@。", source: "MMTE app. B.2" },
      { en: "This drug will sharpen your vision.", zh: "这药能 改善 你的视力。", source: "MMTE table 2" },
      { en: "Fire had devoured our home.", it: "l'incendio distrusse la casa.", source: "MMTE table 2" },
    ],
    source: "MMTE §3.2, app. B.2",
  },
  {
    value: "MISUNDERSTANDING",
    name: "Misunderstanding",
    definition:
      "When the literal meanings are similar between the target word in the source text and the target word in the translation, but the translation conveys no contextual meaning like the target in the source language.",
    examples: [
      { en: "I @attacked@ the problem as soon as I got out of bed.", zh: "我一下床就@攻击@了问题", source: "MMTE app. B.2" },
    ],
    source: "MMTE §3.2, app. B.2",
  },
  {
    value: "ERROR",
    name: "Error",
    definition:
      "When the target word is mistranslated, meaning that not only the contextual meanings are different between the source and translation, but their literal meanings also differ.",
    // Printed as-is in the paper, typo included ("@Stamp@ fruit extract the juice." / "@果果@提取果汁。").
    examples: [{ en: "@Stamp@ fruit extract the juice.", zh: "@果果@提取果汁。", source: "MMTE app. B.2" }],
    source: "MMTE §3.2, app. B.2",
  },
] as const;

/**
 * Literal-source labels. The paper names them (§3.2) but gives neither
 * definitions nor examples; the definitions below are Tropos wording derived
 * from the names and from §4.4 ("the original literal expression is
 * translated to a literal version") and are marked as such.
 */
export const EQUIVALENCE_LITERAL: readonly TLabelDefinition<TEquivalenceLiteralLabel>[] = [
  {
    value: "LITERAL",
    name: "Literal",
    definition: "The non-metaphorical source word is translated by a literal (non-metaphorical) expression with the same meaning.",
    examples: [],
    source: "MMTE §3.2 (label name); definition: Tropos",
  },
  {
    value: "METAPHORICAL",
    name: "Metaphorical",
    definition: "The non-metaphorical source word is translated by a metaphorical expression.",
    examples: [],
    source: "MMTE §3.2 (label name); definition: Tropos",
  },
  {
    value: "ERROR",
    name: "Error",
    definition: "The source word is mistranslated: the meaning of the translation differs from the source.",
    examples: [],
    source: "MMTE §3.2 (label name); definition: Tropos, following the metaphorical-source Error label",
  },
] as const;

// ---------------------------------------------------------------------------
// Emotion (§3.2, B.3)
// ---------------------------------------------------------------------------

/**
 * Order is ZERO, LESS, SAME, MORE (§3.2 lists "Zero, Less, Same, and More").
 * B.3 lists them Zero, More, Same, Less; we keep the §3.2 order because it is
 * also the natural order of LESS < SAME < MORE for digit keys.
 */
export const EMOTION_LABELS = ["ZERO", "LESS", "SAME", "MORE"] as const;
export type TEmotionLabel = (typeof EMOTION_LABELS)[number];

export const EMOTION_INSTRUCTION =
  "Please compare the source sentence and its translation, and determine to what extent the target word and its translation convey equal amounts of emotion.";

export const EMOTION: readonly TLabelDefinition<TEmotionLabel>[] = [
  {
    value: "ZERO",
    name: "Zero",
    definition: "If the target word in source context conveys no emotion, please fill Zero.",
    examples: [{ en: "I can not @digest@ milk products.", zh: "我不能消化牛奶产品。", source: "MMTE app. B.3" }],
    source: "MMTE §3.2, app. B.3",
  },
  {
    value: "LESS",
    name: "Less",
    definition: "The target word in the translation conveys less emotion than the target word in the source sentence.",
    examples: [{ en: "The spaceship blazed out into space.", zh: "太空船飞向太空", source: "MMTE app. B.3" }],
    source: "MMTE §3.2, app. B.3",
  },
  {
    value: "SAME",
    name: "Same",
    definition: "The target words in the two sentences convey a similar degree of emotion.",
    examples: [{ en: "I @salute@ your courage!", zh: "我向你的勇气致敬!", source: "MMTE app. B.3" }],
    source: "MMTE §3.2, app. B.3",
  },
  {
    value: "MORE",
    name: "More",
    definition: "The target word in the translation conveys more emotion than the target word in the source sentence.",
    examples: [{ en: "The seamstress @ruffled@ the curtain fabric.", zh: "裁缝女把窗帘布弄得一团糟.", source: "MMTE app. B.3" }],
    source: "MMTE §3.2, app. B.3",
  },
] as const;

// ---------------------------------------------------------------------------
// Authenticity (§3.2, B.4)
// ---------------------------------------------------------------------------

export const AUTHENTICITY: TCriterionDefinition = {
  name: "Authenticity",
  definition:
    "Compare the target in the source sentence and its translation, and evaluate whether the target translation is authentic. In other words, to what extent is the translation idiomatic (i.e. is expressed in a way that a native speaker would express it)?",
  source: "MMTE §3.2, app. B.4",
};

// ---------------------------------------------------------------------------
// Post-editing (§3.3, B.5)
// ---------------------------------------------------------------------------

export const POST_EDIT_KINDS = ["figurative", "literal"] as const;
export type TPostEditKind = (typeof POST_EDIT_KINDS)[number];

export const POST_EDIT_GUIDELINE = {
  instruction:
    "By referring to the source sentence and its translations, in addition to the above Equivalence scale, please give two fluent and high-quality translations: 1) using figurative language (full-equivalence, part-equivalence) and 2) without using figurative language (non-equivalence). You should focus on the given target word, and make sure it is translated into an appropriate expression.",
  kinds: {
    figurative: {
      name: "Figurative",
      definition: "A fluent, high-quality translation using figurative language (full-equivalence or part-equivalence).",
      targetEquivalence: ["FULL", "PART"] as const,
    },
    literal: {
      name: "Literal",
      definition: "A fluent, high-quality translation without figurative language (non-equivalence).",
      targetEquivalence: ["NON"] as const,
    },
  },
  source: "MMTE §3.3, app. B.5",
} as const;

// ---------------------------------------------------------------------------
// Levels of measurement (for lib/agreement)
// ---------------------------------------------------------------------------

/**
 * Likert fields are ordinal. Equivalence is nominal: its labels mix two
 * dimensions (meaning preserved? still figurative?) and have no total order.
 * Emotion is nominal as a whole because ZERO ("the source conveys none") is
 * not a point on the LESS < SAME < MORE scale; agreement on the LESS/SAME/MORE
 * subset may be treated as ordinal by the caller.
 */
export const MMTE_MEASUREMENT_LEVEL = {
  FLUENCY: "ordinal",
  INTELLIGIBILITY: "ordinal",
  FIDELITY: "ordinal",
  OVERALL: "ordinal",
  AUTHENTICITY: "ordinal",
  EQUIVALENCE: "nominal",
  EMOTION: "nominal",
} as const satisfies Record<string, TMeasurementLevel>;
