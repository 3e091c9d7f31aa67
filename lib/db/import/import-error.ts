import { AppError } from "@/lib/errors";
import type { ImportIssue } from "@/lib/import/types";

/** The loader's refusal of a file, naming file, line and field (one issue). */
export function importError(fileName: string, message: string, line?: number, field?: string): AppError {
  const issue: ImportIssue = { file: fileName, line, field, message };
  return new AppError("UNPROCESSABLE", `${fileName}${line ? `:${line}` : ""}${field ? ` (${field})` : ""}: ${message}`, {
    errors: [issue],
  });
}
