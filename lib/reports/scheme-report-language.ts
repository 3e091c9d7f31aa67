/**
 * Which target language a scheme report is of. A project whose translations are in several target
 * languages (EN→ZH and EN→IT of the same sources) is reported one language at a time, never pooled
 * over them, as the built-in reports are (TReportFilter.language, lib/reports/index.ts): the
 * language asked for, else the first (the project's primary language when it has translations).
 * A project with one target language is one report, narrowed only when a language is asked for.
 *
 * What belongs to a language (lib/db/reports/scheme-report-data.ts, valueInLanguageSql): a value about a
 * translation belongs to that translation's language. A value not about a translation (a segment,
 * MRW or role text, or a document: "how transparent is the idiom in the source?") belongs to every
 * language its segment (document) has a translation in. That is what a researcher who had set up
 * one project per language would have: each project holds the sources with their segment values,
 * so each language's figures equal those of a project holding that language's translations alone.
 * A segment figure therefore appears in every language's report with the same value (it is not
 * a second measurement), and a segment without any translation is in no language's report.
 *
 * Within one target language the split by item language (Meta4XNLI's EN and ES items,
 * scheme-agreement.ts) is not made: a figure's `language` is the target language.
 */

/** The language the report is of: the asked one, else the first of several, else none (one report). */
export function schemeReportLanguage(languages: readonly string[], asked: string | undefined): string | undefined {
  if (asked) return asked;
  return languages.length > 1 ? languages[0] : undefined;
}

/** Whether reports of this project are split by target language. */
export const splitByTargetLanguage = (languages: readonly string[]) => languages.length > 1;
