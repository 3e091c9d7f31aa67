"use client";
// One component per field kind (issue 14 point 5): this picks it from the field's `kind`.
import type { ComponentType } from "react";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { AlignmentInput } from "./fields/alignment-input";
import { BooleanInput } from "./fields/boolean-input";
import { ChoiceInput } from "./fields/choice-input";
import { EditInput } from "./fields/edit-input";
import type { FieldProps } from "./fields/field-props";
import { MultiInput } from "./fields/multi-input";
import { NumberInput } from "./fields/number-input";
import { ScaleInput } from "./fields/scale-input";
import { SpansInput } from "./fields/spans-input";
import { TagsInput } from "./fields/tags-input";
import { TextInput } from "./fields/text-input";
import { VectorInput } from "./fields/vector-input";

const BY_KIND: { [K in TSchemeField["kind"]]: ComponentType<FieldProps<Extract<TSchemeField, { kind: K }>>> } = {
  scale: ScaleInput,
  choice: ChoiceInput,
  multi: MultiInput,
  boolean: BooleanInput,
  number: NumberInput,
  text: TextInput,
  edit: EditInput,
  spans: SpansInput,
  tags: TagsInput,
  alignment: AlignmentInput,
  vector: VectorInput,
};

export function FieldInput(props: FieldProps) {
  const Input = BY_KIND[props.field.kind] as ComponentType<FieldProps>;
  return <Input {...props} />;
}
