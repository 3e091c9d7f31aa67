// Stored lengths of free text an annotator or adjudicator types, a guard against pasted documents.
// The presets' edit fields declare the same maximum (`maxLength` in mmte.json / metahope.json).

/** A post-edit or gold reference. */
export const MAX_POST_EDIT_LENGTH = 5000;
/** A comment on a value or a span. */
export const MAX_COMMENT_LENGTH = 2000;
