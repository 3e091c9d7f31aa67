// MMTE's fields in its agreement table's order (the paper's table 3): what the MMTE analyses
// (agreement, rating distributions, figures 3–5, the papers' agreement export) are written for.
// They bind them in a project's scheme by id (binding.ts); pages list the ones the scheme has.
export const MMTE_AGREEMENT_FIELDS = ["EQUIVALENCE", "EMOTION", "AUTHENTICITY", "FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"] as const;
export type TMmteAgreementField = (typeof MMTE_AGREEMENT_FIELDS)[number];
