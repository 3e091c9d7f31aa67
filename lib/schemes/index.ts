export * from "./mmte";
export * from "./metahope";
export * from "./fields";
export * from "./scheme-config";
export * from "./completeness";
