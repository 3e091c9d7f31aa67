// The mqm preset (issue 20.1): the category tree, severities, weights and No-error of the WMT MQM
// typology (Freitag et al. 2021), and `tropos scheme list` showing it.
import { describe, expect, it } from "vitest";
import { MQM_PRESET } from "./mqm";
import { SHIPPED_PRESETS } from "./shipped-presets";
import { spanWeight } from "../language/span-weight";
import { fieldKeyBindings } from "../language/field-keys";

const field = MQM_PRESET.fields[0];
if (field.kind !== "spans") throw new Error("the mqm preset's field is a spans field");

/** The category strings of the WMT release's TED ZH→EN file (read with cut -f8 | sort -u), besides No-error, and Fluency/Display of TED EN→DE. */
const WMT_TED_CATEGORIES = [
  "Accuracy/Addition", "Accuracy/Mistranslation", "Accuracy/Omission", "Accuracy/Untranslated text", "Fluency/Grammar", "Fluency/Inconsistency",
  "Fluency/Punctuation", "Fluency/Register", "Fluency/Spelling", "Locale convention/Name format", "Source error", "Style/Awkward",
  "Terminology/Inappropriate for context", "Terminology/Inconsistent use of terminology", "Fluency/Display",
];

describe("the mqm preset", () => {
  it("is a built-in preset with the mqm.scores analysis", () => {
    expect(SHIPPED_PRESETS.map((p) => p.id)).toContain("mqm");
    expect(MQM_PRESET.analyses).toEqual(["mqm.scores"]);
  });

  it("has the MQM category tree, with every category string the WMT files use as a label value", () => {
    const values = field.labels.map((l) => l.value);
    for (const c of WMT_TED_CATEGORIES) expect(values).toContain(c);
    for (const c of ["Fluency/Character encoding", "Locale convention/Address format", "Locale convention/Currency format", "Locale convention/Date format", "Locale convention/Telephone format", "Locale convention/Time format", "Non-translation", "Other"]) {
      expect(values).toContain(c);
    }
    expect((field.groups ?? []).map((g) => g.id)).toEqual(["Accuracy", "Fluency", "Terminology", "Style", "Locale convention"]);
    // a label under a group is named group/label, as the WMT files write it
    for (const l of field.labels) if (l.group) expect(String(l.value)).toBe(`${l.group}/${l.label}`.replace("Inconsistent use", "Inconsistent use of terminology"));
  });

  it("marks spans on the translation or the source, severities Major/Minor/Neutral, with an explicit No error", () => {
    expect(field.scope).toBe("translation");
    expect(field.on).toEqual(["target", "source"]);
    expect(field.attributes.map((a) => [a.id, a.options.map((o) => o.value)])).toEqual([["severity", ["Major", "Minor", "Neutral"]]]);
    expect(field.none).toMatchObject({ label: "No error", key: "0" });
    expect(field.required).toBe(true);
  });

  it("weighs errors as Freitag et al. 2021: Major 5, Minor 1, Neutral 0, Non-translation 25, Minor Fluency/Punctuation 0.1", () => {
    const w = (label: string, severity: string) => spanWeight(field, { label, attributes: { severity } });
    expect(w("Accuracy/Mistranslation", "Major")).toBe(5);
    expect(w("Accuracy/Mistranslation", "Minor")).toBe(1);
    expect(w("Style/Awkward", "Neutral")).toBe(0);
    expect(w("Non-translation", "Major")).toBe(25);
    expect(w("Non-translation", "Minor")).toBe(25);
    expect(w("Fluency/Punctuation", "Minor")).toBe(0.1);
    expect(w("Fluency/Punctuation", "Major")).toBe(5);
  });

  it("gives every category, severity and No error its own key", () => {
    const keys = [...field.labels.map((l) => l.key), ...field.attributes[0].options.map((o) => o.key), field.none?.key];
    expect(keys.every((k) => typeof k === "string")).toBe(true);
    expect(new Set(keys.map((k) => k!.toLowerCase())).size).toBe(keys.length);
    const sheet = fieldKeyBindings(field);
    expect(sheet).toContainEqual({ key: "0", description: "No error" });
    expect(sheet).toContainEqual({ key: "o", description: "mark the selected words as Accuracy: Omission" });
  });
});
