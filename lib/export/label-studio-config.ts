/**
 * The Label Studio labelling config (XML) for the tasks of label-studio-tasks.ts (issue 30.2): the
 * config to create the Label Studio project with, so that its controls are the ones the tasks'
 * pre-annotations name and the mapping (labelStudioMappingFor) reads back. Pure.
 *
 * Two Text objects, `text` (the source, `$text`) and, when the items are per system,
 * `translation` (`$translation`); then one control per entry of label-studio-controls.ts, in the
 * scheme's order: a `<Labels>` with one `<Label>` per span label (its value as Tropos stores it);
 * a span attribute as `<Choices perRegion="true">` on the same Text, shown for the selected
 * region (MQM's severity, required when the attribute is); choice and multi as `<Choices>` (single
 * or multiple); text and edit as `<TextArea>`; scale and number as `<Rating>` (maxRating the
 * scale's max). Field labels become `<Header>`s. A spans field's source-side controls (MQM's
 * omissions) sit under the source text, its target-side ones under the translation.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { labelStudioControls, type TLsControl } from "@/lib/export/label-studio-controls";
import { perSystem } from "@/lib/export/label-studio-tasks";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const attr = (name: string, value: string | number) => ` ${name}="${esc(String(value))}"`;

function controlXml(c: TLsControl): string[] {
  const f = c.field;
  const head = `${attr("name", c.name)}${attr("toName", c.to)}`;
  if (c.attribute !== undefined && f.kind === "spans") {
    const a = f.attributes.find((x) => x.id === c.attribute)!;
    return [
      `  <Header${attr("value", `${a.label}${c.side === "source" ? " (source)" : ""}`)} size="6"/>`,
      `  <Choices${head} perRegion="true" choice="single"${a.required ? ' required="true"' : ""} showInline="true">`,
      ...a.options.map((o) => `    <Choice${attr("value", o.value)}/>`),
      "  </Choices>",
    ];
  }
  const header = `  <Header${attr("value", `${f.label}${c.side === "source" ? " (on the source)" : ""}`)} size="5"/>`;
  switch (f.kind) {
    case "spans":
      return [header, `  <Labels${head}>`, ...f.labels.map((l) => `    <Label${attr("value", l.value)}${l.label && l.label !== String(l.value) ? attr("hint", l.label) : ""}/>`), "  </Labels>"];
    case "choice":
    case "multi":
      return [header, `  <Choices${head}${attr("choice", f.kind === "multi" ? "multiple" : "single")}${f.required ? ' required="true"' : ""}>`, ...(f.options ?? []).map((o) => `    <Choice${attr("value", o.value)}/>`), "  </Choices>"];
    case "text":
    case "edit":
      return [header, `  <TextArea${head}${f.required ? ' required="true"' : ""}/>`];
    case "scale":
      return [header, `  <Rating${head}${attr("maxRating", f.max)}${f.required ? ' required="true"' : ""}/>`];
    case "number":
      return [header, `  <Rating${head}${f.required ? ' required="true"' : ""}/>`];
    default:
      return [];
  }
}

export function labelStudioConfig(scheme: TSchemeDefinition): string {
  const controls = labelStudioControls(scheme);
  const per = perSystem(scheme);
  const on = (to: "text" | "translation") => controls.filter((c) => c.to === to).flatMap(controlXml);
  const lines = [
    `<!-- Label Studio labelling config for the Tropos scheme ${esc(scheme.id).replace(/--/g, "- -")} (version ${scheme.version}): tropos export --format label-studio-config -->`,
    "<View>",
    '  <Header value="Source" size="4"/>',
    '  <Text name="text" value="$text"/>',
    ...on("text"),
    ...(per ? ['  <Header value="Translation ($system)" size="4"/>', '  <Text name="translation" value="$translation"/>', ...on("translation")] : []),
    "</View>",
  ];
  return `${lines.join("\n")}\n`;
}
