/**
 * The post-edit kinds the built-in runtime stores (PostEdit.kind, GoldReference.kind): MMTE's
 * figurative and literal post-edits (B.5) and MetaHOPE's one post-edit per sentence (REFERENCE,
 * its workbooks' "Human Gold Standard"). lib/schemes/presets/built-in-codes.ts checks at start-up
 * that they are the presets' edit variants in capitals; this list has no preset import, so the
 * browser's save queue can parse with it.
 */
export const EDIT_KINDS = ["FIGURATIVE", "LITERAL", "REFERENCE"] as const;
export type TEditKind = (typeof EDIT_KINDS)[number];
