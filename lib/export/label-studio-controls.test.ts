// The Label Studio controls of a scheme (issue 30.2): MQM's spans get labels on the translation and
// on the source, and a per-region severity choice on each; a name a field already has is prefixed;
// the config names exactly these controls, escaped.
import { describe, expect, it } from "vitest";
import { MQM_PRESET } from "@/lib/schemes/presets/mqm";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { labelStudioControls } from "./label-studio-controls";
import { labelStudioConfig } from "./label-studio-config";
import { labelStudioMappingFor } from "./label-studio-tasks";

const summary = (def: Parameters<typeof labelStudioControls>[0]) => labelStudioControls(def).map((c) => [c.name, c.type, c.field.id, c.to, c.side ?? null, c.attribute ?? null]);

describe("labelStudioControls", () => {
  it("gives MQM's errors a labels control per side and a per-region severity for each", () => {
    expect(summary(MQM_PRESET)).toEqual([
      ["errors", "labels", "errors", "translation", "target", null],
      ["severity", "choices", "errors", "translation", "target", "severity"],
      ["errors_source", "labels", "errors", "text", "source", null],
      ["severity_source", "choices", "errors", "text", "source", "severity"],
    ]);
    expect(labelStudioMappingFor(MQM_PRESET).controls).toContainEqual({ from: "severity_source", type: "choices", field: "errors", on: "text", attribute: "severity" });
  });

  it("prefixes a name a field already has, and keeps numeric options as numbers through the mapping", () => {
    const def = ZSchemeDefinition.parse({
      id: "clash",
      version: 1,
      name: "Clash",
      fields: [
        { id: "severity", scope: "segment", kind: "choice", label: "Overall <severity> & \"tone\"", options: [{ value: 1 }, { value: 2 }] },
        { id: "spans", scope: "segment", kind: "spans", label: "Spans", labels: [{ value: "A&B" }], attributes: [{ id: "severity", label: "Severity", options: [{ value: "high" }] }] },
      ],
    });
    expect(summary(def).map((c) => c[0])).toEqual(["severity", "spans", "spans.severity"]);
    expect(labelStudioMappingFor(def).controls[0]).toMatchObject({ from: "severity", values: { "1": 1, "2": 2 } });
    const xml = labelStudioConfig(def);
    expect(xml).toContain('<Header value="Overall &lt;severity&gt; &amp; &quot;tone&quot;" size="5"/>');
    expect(xml).toContain('<Label value="A&amp;B"/>');
    expect(xml).toContain('<Choices name="spans.severity" toName="text" perRegion="true" choice="single" required="true" showInline="true">');
    // no translation object without translation-scope fields
    expect(xml).not.toContain('name="translation"');
  });
});
