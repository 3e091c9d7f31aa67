// What every field component gets: its definition, its value (undefined = not answered yet), a
// setter, and the texts it may need (the translation to edit, the tokens to tag). One component
// per field kind (issue 14 point 5); field-input.tsx picks it.
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";

export interface TFieldTexts {
  /** the text the field's scope is anchored to (a translation, the source, a role's text) */
  text: string;
  /** tokens of that text (item tokens or whitespace-split) */
  tokens: string[];
}

export interface FieldProps<F extends TSchemeField = TSchemeField> {
  field: F;
  value: unknown;
  onChange: (value: unknown) => void;
  texts: TFieldTexts;
  /** unique per rendered field (ids of labels, radio groups) */
  uid: string;
}

export const optionText = (o: { value: string | number; label?: string }) => o.label ?? String(o.value);
