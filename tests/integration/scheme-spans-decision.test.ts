// The decision editor of a spans field (components/adjudication/spans-decision-list.tsx) on an
// MetaHOPE variant's METAHOPE_ERRORS unit: each annotator's span once, ticked when the decision
// keeps it, with its category, excerpt, who marked it and a severity select — not a JSON box.
// Rendered to static markup: no database.
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { SchemeDecisionEditor } from "@/components/adjudication/scheme-decision-editor";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";

describe("the spans decision editor", () => {
  it("lists the annotators' spans with excerpt, category and severity, the decided one ticked", () => {
    const field = ZSchemeDefinition.parse(METAHOPE_PRESET).fields.find((f) => f.id === "METAHOPE_ERRORS")!;
    const severity = field.kind === "spans" ? field.attributes.find((a) => a.id === "severity")!.options.map((o) => o.value) : [];
    const mis = { start: 4, end: 8, label: "MIS", attributes: { severity: severity[severity.length - 1] } };
    const prf = { start: 0, end: 2, label: "PRF", attributes: { severity: severity[0] } };
    const unit = {
      segmentId: "s", translationId: "t", mrwId: null, itemKey: "t:-", role: null, field: "METAHOPE_ERRORS", system: "sysA",
      values: [{ annotatorId: "u1", value: [mis] }, { annotatorId: "u2", value: [prf] }],
      unanimous: false, spread: 1, strength: 0.5, adjudication: "decided" as const,
      decision: { id: "d", value: [mis], rationale: "", automatic: false, version: 1, by: "adj@x", updatedAt: new Date(0).toISOString() },
    };
    const annotators = [{ id: "u1", email: "a1@x", number: 1 }, { id: "u2", email: "a2@x", number: 2 }];
    const router = { refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} } as unknown as AppRouterInstance;
    const html = renderToStaticMarkup(
      createElement(AppRouterContext.Provider, { value: router }, createElement(SchemeDecisionEditor, { slug: "p", unit, field, annotators, showNames: false, lists: {}, format: { text: "去年经济失去了动力。", source: "The economy ran out of steam last year." } })),
    );
    expect(html).toContain('data-testid="spans-decision-METAHOPE_ERRORS"');
    expect(html).not.toContain("JSON, as the annotators");
    // both spans, in position order: PRF (Annotator 2) first, unticked; MIS (Annotator 1) ticked
    const rows = html.split("<li").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("Annotator 2");
    expect(rows[0]).not.toContain("checked");
    expect(rows[1]).toContain("Mistranslation");
    expect(rows[1]).toContain("“失去了动”");
    expect(rows[1]).toContain('checked=""');
    expect(rows[1]).toMatch(/<select aria-label="Severity of Mistranslation at 4–8"/);
  });

  it("an alignment: the pattern select and each aligned target span once, the decided one ticked", () => {
    const field = ZSchemeDefinition.parse(METAHOPE_PRESET).fields.find((f) => f.kind === "alignment")!;
    if (field.kind !== "alignment" || !field.patterns) throw new Error("MetaHOPE's alignment has patterns");
    const [p1, p2] = field.patterns.map((p) => p.value);
    const unit = {
      segmentId: "s", translationId: "t", mrwId: "m", itemKey: "t:m", role: null, field: field.id, system: "sysA",
      values: [{ annotatorId: "u1", value: { pattern: p1, spans: [{ start: 2, end: 4 }] } }, { annotatorId: "u2", value: { pattern: p2, spans: [{ start: 4, end: 7 }] } }],
      unanimous: false, spread: 1, strength: 0.5, adjudication: "decided" as const,
      decision: { id: "d", value: { pattern: p1, spans: [{ start: 2, end: 4 }] }, rationale: "", automatic: false, version: 1, by: "adj@x", updatedAt: new Date(0).toISOString() },
    };
    const annotators = [{ id: "u1", email: "a1@x", number: 1 }, { id: "u2", email: "a2@x", number: 2 }];
    const router = { refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} } as unknown as AppRouterInstance;
    const html = renderToStaticMarkup(
      createElement(AppRouterContext.Provider, { value: router }, createElement(SchemeDecisionEditor, { slug: "p", unit, field, annotators, showNames: false, lists: {}, format: { text: "去年经济失去了动力。", source: "The economy ran out of steam last year." } })),
    );
    expect(html).toContain(`data-testid="alignment-decision-${field.id}"`);
    expect(html).not.toContain("JSON, as the annotators");
    const rows = html.split("<li").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("“经济”");
    expect(rows[0]).toContain('checked=""');
    expect(rows[1]).toContain("“失去了”");
    expect(rows[1]).not.toContain("checked");
    expect(html).toContain(`<option value="${JSON.stringify(p1).replace(/"/g, "&quot;")}" selected="">`);
  });
});
