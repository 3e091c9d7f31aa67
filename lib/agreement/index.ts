/**
 * Inter-coder agreement statistics for Tropos: pure TypeScript, no framework
 * or database imports. Each statistic lives in its own file with its formula,
 * source and conventions; this file only re-exports them.
 */
export type { AgreementResult, AlphaLevel, Code, KappaWeights, Ratings } from "./types";
export { cohenKappa, type CohenKappaOptions, type CohenKappaResult } from "./cohen-kappa";
export { confusionMatrix, confusionMatrixOfEncoded, type ConfusionMatrix } from "./confusion-matrix";
export { pairwiseCohenMatrix, type PairwiseCohenMatrix } from "./pairwise-cohen-matrix";
export { fleissKappa, fleissKappaOfEncoded, type FleissKappaResult, type FleissCategoryKappa } from "./fleiss-kappa";
export { encodeForAlpha, krippendorffAlpha, krippendorffAlphaLevels, krippendorffAlphaOfEncoded, type KrippendorffAlphaResult } from "./krippendorff-alpha";
export { percentAgreement, percentAgreementOfEncoded, type PercentAgreementResult } from "./percent-agreement";
export { pairwiseAgreement, type PairwiseAgreementResult } from "./pairwise-agreement";
export { pearsonR, pearsonROfEncoded, type PearsonRResult } from "./pearson-r";
export {
  bootstrapCI,
  quantile7,
  type BootstrapOptions,
  type BootstrapResult,
  type RatingsStatistic,
} from "./bootstrap-ci";
export { bootstrapCIs, resampleEncoded } from "./bootstrap-cis";
export { encodeRatings, type EncodedRatings } from "./encode-ratings";
export { seededRandom, type SeededRandom } from "./seeded-random";
export { studyPlan, type TPlannedInterval, type TStudyPlan, type TStudyPlanOptions, type TStudyPlanRow } from "./study-planner";
