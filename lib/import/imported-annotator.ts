/**
 * Accounts an import creates for annotator names that are not email addresses (lib/db/load-import.ts
 * `annotatorEmail`): `<name>@annotators.tropos.local`. They carry the imported work's authorship but
 * belong to nobody who can sign in, so they are never chosen by default for new work.
 */
export const IMPORTED_ANNOTATOR_DOMAIN = "annotators.tropos.local";

export function isImportedAnnotatorEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${IMPORTED_ANNOTATOR_DOMAIN}`);
}
