/**
 * Placeholder raters (issue 27, point 7): the accounts an import makes for a rater it names who is
 * not an annotator of the project (a pilot sheet's "A", an MQM file's "raterX", an email of someone
 * outside the project). They carry the imported work's authorship and nothing else:
 * - scoped to one project: the address is `<name>@<project id>.annotators.tropos.local`, so the
 *   same name imported into two projects is two raters, and no import attaches another project's;
 * - never a login: no password, and sign-in, password reset, OIDC, invitations and `user create`
 *   refuse the reserved domain, so no real account can ever have such an address;
 * - never matched by email to a real account: an email in a file that is not a member of the
 *   project becomes a placeholder too (its name is the email as written), without looking the
 *   email up, so nothing in the answer says whether it has an account elsewhere.
 * Accounts of the form `<name>@annotators.tropos.local` were made before, shared by every project
 * that named the same rater; they stay what they were (members where they were imported).
 */
export const IMPORTED_ANNOTATOR_DOMAIN = "annotators.tropos.local";

/** Whether an address is a placeholder rater's (this scheme or the older, project-less one). */
export function isImportedAnnotatorEmail(email: string): boolean {
  const e = email.trim().toLowerCase();
  return e.endsWith(`@${IMPORTED_ANNOTATOR_DOMAIN}`) || (e.includes("@") && e.endsWith(`.${IMPORTED_ANNOTATOR_DOMAIN}`));
}

/**
 * How a page names a rater: a placeholder by the name the file gave it, marked as imported (its
 * address carries the project's id, which says nothing to a lead); a person by their address.
 * Exports keep the address, which identifies the rater.
 */
export function raterLabel(email: string): string {
  return isImportedAnnotatorEmail(email) ? `${email.slice(0, email.indexOf("@"))} (imported)` : email;
}

/** Whether a rater's name in a file is an email address (then it may name a member of the project). */
export function looksLikeEmail(name: string): boolean {
  return /^[^@\s]+@[^@\s]+$/.test(name.trim());
}

function slugifyName(name: string): string {
  const s = name.normalize("NFKD").replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "").toLowerCase();
  return s || "annotator";
}

/**
 * The rater's name as a placeholder of a project: a placeholder's address (a backup of another
 * project, say) gives its local part, so it becomes this project's placeholder of the same name;
 * anything else is kept as written.
 */
export function placeholderRaterName(name: string): string {
  const trimmed = name.trim();
  return isImportedAnnotatorEmail(trimmed) ? trimmed.slice(0, trimmed.indexOf("@")) : trimmed;
}

/** The address of the placeholder rater `name` of project `projectId`. */
export function importedRaterEmail(projectId: string, name: string): string {
  const label = projectId.toLowerCase().replace(/[^a-z0-9-]+/g, "-");
  return `${slugifyName(placeholderRaterName(name))}@${label}.${IMPORTED_ANNOTATOR_DOMAIN}`;
}
