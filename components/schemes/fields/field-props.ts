// What every field component gets: its definition, its value (undefined or null = not answered
// yet), a setter, and the texts it may need (the translation to edit, the tokens to tag). One
// component per field kind (issue 14 point 5); field-input.tsx picks it. Token-based kinds
// (spans, tags, alignment) share a token selection the form owns, so the keyboard
// (components/workspace/scheme-workspace.tsx) and the mouse select the same thing.
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import type { TToken } from "@/lib/workspace/span-selection";
import type { TSelection } from "@/lib/workspace/scheme-field-edits";
import type { TEditBase } from "@/lib/workspace/edit-base";

export interface TFieldTexts {
  /** the text the field's scope is anchored to (a translation, the source, a role's text) */
  text: string;
  /** its language (tokenisation, lang attributes) */
  language: string;
  /** tokens of that text (lib/workspace/scheme-tokens.ts); for a spans field that marks the source too (`on`), the translation's then the source's, each with its `side` */
  tokens: TToken[];
  /** the source, when a translation's spans may lie on it, or an edit may start from it */
  source?: { text: string; language: string };
  /** the translations an edit may start from (lib/workspace/edit-base.ts), in the order shown */
  bases?: readonly TEditBase[];
  /** the MRWs a span may be tied to, for a spans field with `mrw` (lib/workspace/span-mrw.ts) */
  mrws?: readonly { id: string; token: string }[];
}

export interface FieldProps<F extends TSchemeField = TSchemeField> {
  field: F;
  value: unknown;
  /** null clears the value */
  onChange: (value: unknown) => void;
  texts: TFieldTexts;
  /** unique per rendered field (ids of labels, radio groups) */
  uid: string;
  /** the item's lists (a choice's optionsFrom); absent in the preview */
  lists?: Record<string, unknown[]>;
  /** token selection (anchor, focus) of a spans, tags or alignment field; null = none */
  selection: TSelection | null;
  onSelect: (selection: TSelection | null) => void;
  /** the span whose attributes the keys set (spans) */
  activeSpan: number | null;
  onActiveSpan: (index: number | null) => void;
  /**
   * A model's suggested value while the field has none of the annotator's (the workspace of a
   * project that shows suggestions): a tags field shows it on the tokens, marked as the model's,
   * a scale or choice outlines its button. Never saved by the component itself.
   */
  suggested?: unknown;
  /** the value shown is the project's imported alignment, not yet the annotator's (lib/workspace/alignment-prefill.ts) */
  prefilled?: boolean;
}

export { optionLabel as optionText } from "@/lib/schemes/language/field-keys";
