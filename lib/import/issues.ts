import { MAX_ERRORS, emptyImportResult, type ImportIssue, type ImportResult } from "@/lib/import/types";

/** Warnings are capped too, so a file with a million odd rows cannot blow up the response. */
export const MAX_WARNINGS = 500;

/**
 * Collects errors and warnings for one file. Errors are capped at MAX_ERRORS
 * (types.ts); once the cap is reached `full` turns true so parsers can stop
 * early, and one closing error says how many more were dropped.
 */
export class IssueSink {
  readonly errors: ImportIssue[] = [];
  readonly warnings: ImportIssue[] = [];
  private droppedErrors = 0;
  private droppedWarnings = 0;

  constructor(readonly file: string) {}

  get full(): boolean {
    return this.errors.length >= MAX_ERRORS;
  }

  get hasErrors(): boolean {
    return this.errors.length > 0;
  }

  error(line: number | undefined, message: string, column?: number | string, field?: string): void {
    if (this.errors.length >= MAX_ERRORS) {
      this.droppedErrors++;
      return;
    }
    this.errors.push(issue(this.file, line, message, column, field));
  }

  warn(line: number | undefined, message: string, column?: number | string, field?: string): void {
    if (this.warnings.length >= MAX_WARNINGS) {
      this.droppedWarnings++;
      return;
    }
    this.warnings.push(issue(this.file, line, message, column, field));
  }

  /** Copies the issues into `result`. On any error the data arrays are emptied: a rejected file stores nothing. */
  finish(result: ImportResult): ImportResult {
    // reader errors (quotes) arrive before row errors; report in file order
    const errors = [...this.errors].sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER));
    if (this.droppedErrors > 0) {
      errors[errors.length - 1] = {
        file: this.file,
        message: `${errors[errors.length - 1].message} (and ${this.droppedErrors} more errors not shown; only the first ${MAX_ERRORS} are reported)`,
        line: errors[errors.length - 1].line,
        column: errors[errors.length - 1].column,
        field: errors[errors.length - 1].field,
      };
    }
    const warnings = [...this.warnings];
    if (this.droppedWarnings > 0) {
      warnings.push({ file: this.file, message: `${this.droppedWarnings} more warnings not shown` });
    }
    if (errors.length > 0) {
      return { ...emptyImportResult(), errors: [...result.errors, ...errors], warnings: [...result.warnings, ...warnings] };
    }
    return { ...result, errors: [...result.errors, ...errors], warnings: [...result.warnings, ...warnings] };
  }
}

function issue(file: string, line: number | undefined, message: string, column?: number | string, field?: string): ImportIssue {
  const out: ImportIssue = { file, message };
  if (line !== undefined) out.line = line;
  if (column !== undefined) out.column = column;
  if (field !== undefined) out.field = field;
  return out;
}

/** A result holding only the given issues (used when a file cannot even be decoded). */
export function failedResult(errors: ImportIssue[], warnings: ImportIssue[] = []): ImportResult {
  return { ...emptyImportResult(), errors: errors.slice(0, MAX_ERRORS), warnings };
}
