/**
 * What the keys do in the translation that holds the active field, said on that translation's
 * "keys act here" marker in the scheme workspace (the built-in workspace's marker, points 5 and 6
 * of its keyboard work: components/workspace/workspace.tsx `keyTid`), read from the active field's
 * kind and keys so that it is right for any scheme. Pure.
 */
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { spanNoneOf } from "@/lib/schemes/language/span-none";
import { picksTranslation } from "./edit-base";

/** The marker's text after "keys act here", or null when the field needs no words. */
export function keysActHereText(field: TSchemeField, mrwToken?: string): string | null {
  const of = mrwToken ? ` of “${mrwToken}”` : "";
  switch (field.kind) {
    case "spans": {
      const none = spanNoneOf(field);
      return `←/→ select, a label key marks ${field.label}${none.key ? ` (${none.key}: ${none.label.toLowerCase()})` : ""}`;
    }
    case "alignment":
      return field.patterns ? `←/→ select, a digit sets the pattern${of}` : `←/→ and Space mark the target words${of}`;
    case "tags":
      return `←/→ select, a tag key tags ${field.label}`;
    case "scale":
    case "choice":
    case "multi":
    case "boolean":
      return `keys answer ${field.label}${of}`;
    case "edit":
      return picksTranslation(field) ? `digits start ${field.label} from a translation` : `Enter edits ${field.label}`;
    default:
      return `${field.label}${of}`;
  }
}
