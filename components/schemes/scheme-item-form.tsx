"use client";
// One item of a scheme as an annotator sees it: every shown field rendered by its kind's component
// (field-input.tsx) at its scope — the document, the source with its MRWs, each role's text, each
// translation with its MRWs — with required marks, missing values, the field's own message (a
// refused save) and guidelines. Shared by the Settings → Scheme preview (a sample item, nothing
// stored) and the scheme runtime's workspace (components/workspace/scheme-workspace.tsx), which
// decide the values, which slots are shown (lib/schemes/language/scheme-completeness.ts) and which
// one is active; this component only renders and reports.
import type { ReactNode } from "react";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeSlot } from "@/lib/schemes/language/scheme-completeness";
import type { TSelection } from "@/lib/workspace/scheme-field-edits";
import { schemeFieldTokens } from "@/lib/workspace/scheme-tokens";
import { picksTranslation } from "@/lib/workspace/edit-base";
import { keysActHereText } from "@/lib/workspace/keys-act-here";
import { FieldInput } from "./field-input";
import type { TFieldTexts } from "./fields/field-props";
import { Markdown } from "./markdown";
import { SuggestionBox, type TFormSuggestion } from "./suggestion-box";

export interface TSchemeFormItem {
  source: string;
  sourceLang: string;
  /** null: not shown to annotators, as derived from gold (lib/workspace/withheld-gold.ts) */
  metaphorical: boolean | null;
  /** `spans` locate the MRW in the source; without them its token is looked up */
  mrws: readonly { id: string; token: string; metaphorical: boolean; spans?: readonly { start: number; end: number }[] }[];
  translations: readonly { id: string; label: string; text: string; language: string }[];
  texts: Readonly<Record<string, string>>;
  lists?: Record<string, unknown[]>;
  /** the document around the segment (read first, collapsible); `total` when only a window of it is given */
  document?: { title: string | null; segments: readonly { id: string; text: string }[]; currentId: string; total?: number };
}

export interface TSchemeItemFormProps {
  definition: TSchemeDefinition;
  item: TSchemeFormItem;
  /** the shown slots in display order (shownSlots) */
  slots: readonly TSchemeSlot[];
  /** values by valueKey */
  values: Readonly<Record<string, unknown>>;
  onChange: (slot: TSchemeSlot, value: unknown) => void;
  /** the active slot's slotKey */
  active: string | null;
  onActivate: (slotKey: string) => void;
  /** token selection and active span of the active slot */
  selection: TSelection | null;
  onSelect: (slotKey: string, selection: TSelection | null) => void;
  activeSpan: number | null;
  onActiveSpan: (slotKey: string, index: number | null) => void;
  /** a message at a field (a refused save, a value kept as a draft), by valueKey */
  messages?: Readonly<Record<string, string>>;
  /** valueKeys whose shown value is a pre-fill (the imported alignment), not yet the annotator's */
  prefilled?: ReadonlySet<string>;
  /** required slots without a value, by slotKey */
  missing?: ReadonlySet<string>;
  readOnly?: boolean;
  /** the rendered element of each slot (keyboard focus, scrolling) */
  slotRef?: (slotKey: string, el: HTMLElement | null) => void;
  /** prefix of element ids (two forms on one page) */
  idPrefix: string;
  /** pending model suggestions by valueKey (the workspace of a project that shows them; never the preview) */
  suggestions?: Readonly<Record<string, TFormSuggestion>>;
  onSuggestion?: (slot: TSchemeSlot, action: "accept" | "reject") => void;
}

/** The text a slot's field works on and its tokens: the translation, a role's text, or the source. */
export function slotTexts(slot: TSchemeSlot, item: TSchemeFormItem): TFieldTexts {
  const t = slot.unit.translationId ? item.translations.find((x) => x.id === slot.unit.translationId) : undefined;
  const text = t?.text ?? (slot.unit.role ? (item.texts[slot.unit.role] ?? "") : item.source);
  const language = t?.language ?? item.sourceLang;
  const f = slot.field;
  // the MRWs a span may be tied to (MetaHOPE's errors: optional, none = sentence level)
  const mrws = f.kind === "spans" && f.mrw !== "none" ? item.mrws.map((m) => ({ id: m.id, token: m.token })) : undefined;
  if (f.kind === "spans" && f.on && t) {
    // one token list for both texts (the translation's, then the source's), so ←/→ and the keys
    // walk from the translation into the source; each token says which text its offsets count in
    const side = (which: "target" | "source", x: string, lang: string) => (f.on!.includes(which) ? schemeFieldTokens(f, x, lang).map((k) => ({ ...k, side: which })) : []);
    return { text, language, tokens: [...side("target", text, language), ...side("source", item.source, item.sourceLang)], source: { text: item.source, language: item.sourceLang }, mrws };
  }
  if (f.kind === "edit") {
    // an edit starts from a translation the annotator picks (MMTE's and MetaHOPE's post-edits), the source or its own text
    const bases = picksTranslation(f) ? item.translations.map((x) => ({ id: x.id, label: x.label, text: x.text, language: x.language })) : undefined;
    return { text, language: bases?.[0]?.language ?? language, tokens: [], source: { text: item.source, language: item.sourceLang }, bases };
  }
  return { text, language, tokens: schemeFieldTokens(f, text, language, item.lists), mrws };
}

/** The source with its MRWs highlighted; the one the active field is about (`focused`) stronger, as in the built-in workspace. */
function sourceWithMrws(item: TSchemeFormItem, focused: string | null): ReactNode[] {
  const marks = item.mrws
    .flatMap((m) => {
      if (m.spans?.length) return m.spans.map((s) => ({ ...s, m }));
      const i = item.source.indexOf(m.token);
      return i >= 0 ? [{ start: i, end: i + m.token.length, m }] : [];
    })
    .sort((a, b) => a.start - b.start);
  const out: ReactNode[] = [];
  let pos = 0;
  for (const s of marks) {
    if (s.start < pos) continue;
    out.push(item.source.slice(pos, s.start));
    out.push(
      <mark key={`${s.m.id}-${s.start}`} title={`MRW (${s.m.metaphorical ? "metaphorical" : "literal"})`} data-focused={focused === s.m.id ? "true" : undefined}
        className={`rounded px-0.5 ${focused === s.m.id ? "bg-amber-300" : "bg-amber-100"}`}>
        {item.source.slice(s.start, s.end)}
      </mark>,
    );
    pos = s.end;
  }
  out.push(item.source.slice(pos));
  return out;
}

const Heading = ({ children }: { children: ReactNode }) => <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{children}</h4>;

export function SchemeItemForm(p: TSchemeItemFormProps) {
  const { item } = p;
  // the active field's translation and MRW: the translation says "keys act here" and what they do,
  // the MRW is highlighted stronger (the built-in workspace's keyTid and focused MRW)
  const activeSlot = p.active ? p.slots.find((s) => s.slotKey === p.active) : undefined;
  const focusedMrw = activeSlot?.unit.mrwId ?? null;
  const keysTid = p.readOnly ? null : (activeSlot?.unit.translationId ?? null);
  const at = (itemKey: string) => p.slots.filter((s) => s.unit.itemKey === itemKey);

  const render = (slots: TSchemeSlot[]) =>
    slots.map((slot) => {
      const f = slot.field;
      const isActive = p.active === slot.slotKey;
      const missing = p.missing?.has(slot.slotKey) ?? false;
      const message = p.messages?.[slot.valueKey];
      return (
        <div
          key={slot.slotKey}
          ref={(el) => p.slotRef?.(slot.slotKey, el)}
          tabIndex={-1}
          data-field={f.id}
          data-slot={slot.slotKey}
          data-active={isActive ? "true" : undefined}
          data-missing={missing ? "true" : undefined}
          onMouseDown={() => p.onActivate(slot.slotKey)}
          onFocus={() => p.onActivate(slot.slotKey)}
          className={`rounded px-2 py-1.5 outline-none ${isActive ? "bg-indigo-50/70 ring-2 ring-indigo-400" : ""}`}
        >
          <div className="mb-0.5 flex flex-wrap items-baseline gap-2 text-sm">
            <span className="font-medium text-slate-800">
              {f.label}
              {f.required && <span className="text-rose-600" title="required"> *</span>}
            </span>
            <span className="text-[10px] uppercase tracking-wide text-slate-400">{f.kind}</span>
            {missing && <span className="rounded bg-amber-100 px-1 text-[10px] text-amber-900">needed</span>}
            {f.description && <span className="text-xs text-slate-500">{f.description}</span>}
          </div>
          {p.suggestions?.[slot.valueKey] && (
            <SuggestionBox
              suggestion={p.suggestions[slot.valueKey]}
              active={isActive}
              readOnly={p.readOnly}
              onAccept={() => p.onSuggestion?.(slot, "accept")}
              onReject={() => p.onSuggestion?.(slot, "reject")}
            />
          )}
          <FieldInput
            field={f}
            value={p.values[slot.valueKey]}
            onChange={(v) => p.onChange(slot, v)}
            texts={slotTexts(slot, item)}
            uid={`${p.idPrefix}-${slot.slotKey}`}
            lists={item.lists}
            selection={isActive ? p.selection : null}
            onSelect={(s) => {
              p.onActivate(slot.slotKey);
              p.onSelect(slot.slotKey, s);
            }}
            activeSpan={isActive ? p.activeSpan : null}
            onActiveSpan={(i) => {
              p.onActivate(slot.slotKey);
              p.onActiveSpan(slot.slotKey, i);
            }}
            suggested={p.suggestions?.[slot.valueKey]?.value}
            prefilled={p.prefilled?.has(slot.valueKey)}
          />
          {message && (
            <p role="alert" data-testid="field-message" className="mt-0.5 text-xs text-rose-700">
              {message}
            </p>
          )}
          {f.guidelines && (
            <details className="mt-0.5 text-xs text-slate-600">
              <summary className="cursor-pointer">Guidelines</summary>
              <Markdown text={f.guidelines} />
            </details>
          )}
        </div>
      );
    });

  const mrwBlock = (m: TSchemeFormItem["mrws"][number], slots: TSchemeSlot[], where?: string) =>
    slots.length > 0 && (
      <div key={m.id} className={`mt-2 border-l-2 pl-2 ${focusedMrw === m.id ? "border-amber-500" : "border-amber-300"}`}>
        <div className="text-xs text-slate-500">
          MRW “{m.token}” ({m.metaphorical ? "metaphorical" : "literal"}){where ? ` in ${where}` : ""}
        </div>
        {render(slots)}
      </div>
    );

  const documentSlots = at("document");
  // a document of one sentence (a Meta4XNLI pair in one language) has no context to read
  const context = item.document && item.document.segments.length > 1 ? item.document : null;
  const windowed = context && context.total !== undefined && context.total > context.segments.length;
  // the source is a role's text (an NLI item's premise): one section, named by the role, above the others
  // the sentence's metaphorical/literal flag means something only in a study of metaphors (one with
  // MRWs or MRW fields); an MQM or idiom item is not "literal" because its corpus has no MRWs
  // (issue 29 point 10: MQM items said "SOURCE (LITERAL)")
  const aboutMetaphors = item.mrws.length > 0 || p.definition.fields.some((f) => f.scope === "mrw" || f.scope === "mrw-translation");
  const sourceRole = p.definition.roles.find((r) => item.texts[r.id] !== undefined && item.texts[r.id] === item.source);
  return (
    <fieldset disabled={p.readOnly} className="min-w-0 space-y-3" data-testid="scheme-item-form">
      {(documentSlots.length > 0 || context) && (
        <section aria-label="Document" className="rounded border border-slate-200 bg-white p-3">
          <Heading>Document{item.document?.title ? `: ${item.document.title}` : ""}</Heading>
          {context && (
            <details className="mt-1 text-sm" open>
              <summary className="cursor-pointer text-xs text-slate-500">
                {windowed ? `Context: the ${context.segments.length} sentences around this one (the document has ${context.total})` : `Read the whole document (${context.segments.length} sentences)`}
              </summary>
              <div lang={item.sourceLang} className="mt-1 max-h-40 overflow-y-auto leading-relaxed" data-testid="document-context">
                {context.segments.map((s) => (
                  <span key={s.id} className={s.id === context.currentId ? "rounded bg-amber-100 font-medium" : "text-slate-600"} aria-current={s.id === context.currentId ? "true" : undefined}>
                    {s.text}{" "}
                  </span>
                ))}
              </div>
            </details>
          )}
          {render(documentSlots)}
        </section>
      )}
      <section aria-label={sourceRole ? (sourceRole.label ?? sourceRole.id) : "Source"} className="rounded border border-slate-200 bg-white p-3">
        <Heading>
          {sourceRole ? (sourceRole.label ?? sourceRole.id) : "Source"}
          {item.metaphorical === null || !aboutMetaphors ? "" : ` (${item.metaphorical ? "metaphorical" : "literal"})`}
        </Heading>
        <p lang={item.sourceLang} className="text-lg leading-relaxed" data-testid="source-text">
          {sourceWithMrws(item, focusedMrw)}
        </p>
        {render(at("-:-"))}
        {item.mrws.map((m) => mrwBlock(m, at(`-:${m.id}`)))}
        {sourceRole && render(at(`role:${sourceRole.id}`))}
      </section>
      {p.definition.roles
        .filter((r) => item.texts[r.id] !== undefined && r !== sourceRole)
        .map((r) => (
          <section key={r.id} aria-label={r.label ?? r.id} className="rounded border border-slate-200 bg-white p-3">
            <Heading>{r.label ?? r.id}</Heading>
            <p lang={item.sourceLang} className="text-base leading-relaxed" data-testid={`role-text-${r.id}`}>
              {item.texts[r.id]}
            </p>
            {r.description && <p className="text-xs text-slate-500">{r.description}</p>}
            {render(at(`role:${r.id}`))}
          </section>
        ))}
      {item.translations.map((t) => {
        const own = at(`${t.id}:-`);
        const perMrw = item.mrws.map((m) => [m, at(`${t.id}:${m.id}`)] as const);
        if (own.length === 0 && perMrw.every(([, s]) => s.length === 0)) return null;
        const keysHere = keysTid === t.id && activeSlot ? keysActHereText(activeSlot.field, item.mrws.find((m) => m.id === focusedMrw)?.token) : null;
        return (
          <section key={t.id} aria-label={t.label} data-testid={`translation-${t.label}`}
            className={`rounded border bg-white p-3 ${keysTid === t.id ? "border-indigo-500 shadow ring-2 ring-indigo-300" : "border-slate-200"}`}>
            <Heading>
              {t.label}
              {keysTid === t.id && (
                <span className="ml-2 rounded bg-indigo-600 px-1.5 py-0.5 align-middle text-[10px] font-medium normal-case tracking-normal text-white" data-testid="keys-act-here">
                  keys act here{keysHere ? ` · ${keysHere}` : ""}
                </span>
              )}
            </Heading>
            <p lang={t.language} className="text-lg leading-relaxed">
              {t.text}
            </p>
            {render(own)}
            {perMrw.map(([m, slots]) => mrwBlock(m, slots, t.label))}
          </section>
        );
      })}
    </fieldset>
  );
}
