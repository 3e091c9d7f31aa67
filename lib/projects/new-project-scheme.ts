// Where a new project's scheme comes from in the browser's wizard (issue 29 point 3: the wizard
// offered MMTE, MetaHOPE or both, and EMOS, CR-ST, Meta4XNLI and MQM needed the CLI): one of the
// papers' presets, a scheme file (JSON or YAML, checked as `tropos scheme validate` checks it), or
// a copy of another project's scheme in force. The same choices as `tropos project create
// --scheme mmte|metahope|both|emos|cr-st|meta4xnli|mqm|FILE`.
import { z } from "zod";
import { ZSchemePreset } from "@/lib/schemes/presets/parts-choice";
import { SHIPPED_PRESETS } from "@/lib/schemes/presets/shipped-presets";

/** Presets written only in the scheme language (the built-in ones are ZSchemePreset). */
export const DATA_PRESET_IDS = ["emos", "cr-st", "meta4xnli", "mqm"] as const;
export const ZDataPresetId = z.enum(DATA_PRESET_IDS);

export const ZNewProjectSchemeSource = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("preset"), preset: ZSchemePreset }),
  z.object({ kind: z.literal("data-preset"), id: ZDataPresetId }),
  z.object({ kind: z.literal("file"), fileName: z.string().trim().min(1).max(200), text: z.string().min(1, "the scheme file is empty").max(1_000_000, "a scheme file is at most 1 MB") }),
  z.object({ kind: z.literal("copy"), slug: z.string().trim().min(1).max(63) }),
]);
export type TNewProjectSchemeSource = z.infer<typeof ZNewProjectSchemeSource>;

/** The data presets with their names and descriptions, in the wizard's order. */
export const DATA_PRESETS = DATA_PRESET_IDS.map((id) => {
  const preset = SHIPPED_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`the ${id} preset is missing from SHIPPED_PRESETS`);
  return { id, name: preset.name, description: preset.description ?? "" };
});
