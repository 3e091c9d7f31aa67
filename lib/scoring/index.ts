export * from "./sacrebleu-tokenizers";
export * from "./bleu";
export * from "./rouge-l";
export * from "./edit-rate";
export * from "./pearson";
export * from "./aggregate";
export * from "./mmte-scores";
export * from "./metahope-scores";
