/**
 * The named analyses a scheme may list (`analyses`): paper tables that are more than "agreement
 * per field", computed by code in lib/reports and lib/scoring (issue 14: "named analyses in code,
 * a preset lists which ones it uses; no expression language"). A name not in this registry is a
 * validation error at its path (`analyses[1]: unknown analysis "mmte.table4" …`), so a typo never
 * silently drops a table. Adding an analysis means adding its code and its entry here.
 *
 * `fields` names the fields the analysis binds BY ID, whichever runtime the project's scheme runs
 * under: a variant of MMTE or MetaHOPE (its own guideline text, one more label) keeps its paper
 * tables as long as it has these fields with a kind the code reads
 * (lib/reports/analyses/paper/binding.ts checks kind and scale, and names a missing field instead
 * of dropping the table). Empty for analyses that find their fields by role or gold
 * (CR-ST's candidate choice, Meta4XNLI's fields with item gold, MQM's spans with weights).
 *
 * Pure: no imports; the editor and the JSON Schema read it in the browser too.
 */
export interface TNamedAnalysis {
  name: string;
  title: string;
  /** ids of the fields it binds by id (lib/reports/analyses/paper/binding.ts); empty: found by role or gold */
  fields: readonly string[];
  /** where it is computed */
  code: string;
  /**
   * What it gives the scores export (lib/db/export/stream.ts) when it binds: "own" rows that stand
   * in for every field's generic score rows (the paper tables, in the rows the papers' scripts
   * read), rows "in" the generic report's (computed with it, lib/reports/scheme-score-rows.ts), or
   * "none". The generic rows are left out only when no listed analysis needs them.
   */
  scoreRows: "own" | "in-generic" | "none";
}

export const NAMED_ANALYSES: readonly TNamedAnalysis[] = [
  { name: "mmte.table3", title: "MMTE table 3: mean quality per system and source group, BLEU-1/4 and ROUGE-L against gold references", fields: ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "AUTHENTICITY", "EQUIVALENCE"], code: "lib/scoring/mmte-scores.ts", scoreRows: "own" },
  { name: "mmte.figures3-5", title: "MMTE figures 3–5: equivalence distribution, Pearson r between quality dimensions, emotion × equivalence", fields: ["EQUIVALENCE", "EMOTION", "FLUENCY", "INTELLIGIBILITY", "FIDELITY", "AUTHENTICITY", "OVERALL"], code: "lib/reports/analyses/paper/score-tables.ts", scoreRows: "own" },
  { name: "metahope.tables3-6", title: "MetaHOPE tables 3–6: agreement per MRW instance (SEGS and per category), EPS and EPM penalty scores", fields: ["METAHOPE_ERRORS"], code: "lib/reports/analyses/paper/metahope-agreement.ts, lib/scoring/metahope-scores.ts", scoreRows: "own" },
  { name: "papers.agreement-export", title: "The MMTE and MetaHOPE papers' agreement export: `scheme` mmte/metahope rows with Fleiss' κ per label, every α level and Pearson r, in place of the generic agreement per field (tropos export --what agreement)", fields: ["EQUIVALENCE", "EMOTION", "AUTHENTICITY", "FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "METAHOPE_ERRORS"], code: "lib/reports/analyses/paper/papers-agreement-export.ts, lib/reports/analyses/paper/agreement-figures.ts", scoreRows: "none" },
  { name: "emos.metrics", title: "EMOS: VSS, LMR, EDR and EMOS per system", fields: ["source_emotions", "target_emotions"], code: "lib/reports/analyses/emos-analysis.ts", scoreRows: "in-generic" },
  { name: "cr-st.accuracy", title: "CR-ST: accuracy per annotator and by item attribute, wrong candidates chosen", fields: [], code: "lib/reports/analyses/cr-st-subsets.ts", scoreRows: "in-generic" },
  { name: "meta4xnli.detection", title: "Meta4XNLI detection: token κ per language (Table 6), each rater's precision, recall and F1 against the corpus tags per token and per span", fields: [], code: "lib/reports/analyses/meta4xnli-analysis.ts", scoreRows: "in-generic" },
  { name: "meta4xnli.interpretation", title: "Meta4XNLI interpretation: NLI accuracy per rater, language, source dataset and gold metaphor role", fields: [], code: "lib/reports/analyses/meta4xnli-analysis.ts", scoreRows: "in-generic" },
  { name: "mqm.scores", title: "MQM: weighted error scores per segment, system and category, paired approximate randomisation between systems", fields: [], code: "lib/reports/analyses/mqm-analysis.ts", scoreRows: "in-generic" },
];

export const NAMED_ANALYSIS_NAMES: readonly string[] = NAMED_ANALYSES.map((a) => a.name);

/** The scores export may leave out every field's generic rows: no listed analysis has its rows in them (a name not here is taken to). */
export function genericScoreRowsUnneeded(listed: readonly string[]): boolean {
  return listed.every((name) => (findNamedAnalysis(name)?.scoreRows ?? "in-generic") !== "in-generic");
}

export function findNamedAnalysis(name: string): TNamedAnalysis | undefined {
  return NAMED_ANALYSES.find((a) => a.name === name);
}
