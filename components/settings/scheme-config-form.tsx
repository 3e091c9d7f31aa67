"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { saveSchemeConfigAction } from "@/app/projects/[slug]/settings/actions";
import { enabledFieldNames, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import { ActionMessage, buttonClass, cardClass, type TActionMessage } from "./action-message";

type Toggle = {
  key: string;
  label: string;
  get: (c: TSchemeConfig) => boolean;
  set: (c: TSchemeConfig, v: boolean) => TSchemeConfig;
  /** a presentation switch, meaningful for a project that runs its own scheme too (the others are built-in parts) */
  presentation?: true;
};
const TOGGLES: Toggle[] = [
  { key: "mmteQuality", label: "MMTE sentence quality (fluency, intelligibility, fidelity, overall)", get: (c) => c.mmteQuality, set: (c, v) => ({ ...c, mmteQuality: v }) },
  { key: "equivalence", label: "MMTE metaphor equivalence", get: (c) => c.mmteMrw.equivalence, set: (c, v) => ({ ...c, mmteMrw: { ...c.mmteMrw, equivalence: v } }) },
  { key: "emotion", label: "MMTE emotion", get: (c) => c.mmteMrw.emotion, set: (c, v) => ({ ...c, mmteMrw: { ...c.mmteMrw, emotion: v } }) },
  { key: "authenticity", label: "MMTE authenticity", get: (c) => c.mmteMrw.authenticity, set: (c, v) => ({ ...c, mmteMrw: { ...c.mmteMrw, authenticity: v } }) },
  { key: "targetWords", label: "MMTE target words (annotators mark the words that render each MRW)", get: (c) => c.mmteMrw.targetWords, set: (c, v) => ({ ...c, mmteMrw: { ...c.mmteMrw, targetWords: v } }) },
  { key: "figurative", label: "Figurative post-edit", get: (c) => c.postEdit.figurative, set: (c, v) => ({ ...c, postEdit: { ...c.postEdit, figurative: v } }) },
  { key: "literal", label: "Literal post-edit", get: (c) => c.postEdit.literal, set: (c, v) => ({ ...c, postEdit: { ...c.postEdit, literal: v } }) },
  { key: "alignment", label: "MetaHOPE MRW alignment", get: (c) => c.alignment, set: (c, v) => ({ ...c, alignment: v }) },
  { key: "metahopeErrors", label: "MetaHOPE error spans", get: (c) => c.metahopeErrors, set: (c, v) => ({ ...c, metahopeErrors: v }) },
  { key: "metahopePostEdit", label: "MetaHOPE post-edit (the human reference of each sentence)", get: (c) => c.metahopePostEdit, set: (c, v) => ({ ...c, metahopePostEdit: v }) },
  { key: "blindSystemNames", label: "Hide system names from annotators", get: (c) => c.blindSystemNames, set: (c, v) => ({ ...c, blindSystemNames: v }), presentation: true },
  { key: "shuffleItems", label: "Shuffle item order per annotator", get: (c) => c.shuffleItems, set: (c, v) => ({ ...c, shuffleItems: v }), presentation: true },
];

/**
 * Issue 15 point 4: model suggestions shown in the annotator's workspace (a project that runs its
 * own scheme, and the built-in MMTE / MetaHOPE one). Off by default, so a study that must stay
 * unbiased never shows them by accident.
 */
const SUGGESTIONS_TOGGLE: Toggle = {
  key: "showSuggestions",
  label: "Show model suggestions to annotators (pre-filled, marked as the model's; off keeps annotators unbiased)",
  get: (c) => c.showSuggestions,
  set: (c, v) => ({ ...c, showSuggestions: v }),
  presentation: true,
};

/**
 * The scheme parts that are switched on, the presentation switches and the model-suggestions
 * switch; the server validates the whole configuration with zod. The parts shown are those the
 * scheme version has fields of (lib/schemes/scheme-config-for-definition.ts withPartsOf), a variant
 * of a preset included; a scheme with none of the presets' fields (every part off as shown, e.g.
 * EMOS or MQM) gets the other two only, so it is not offered MMTE or MetaHOPE parts.
 */
export function SchemeConfigForm({ slug, config }: { slug: string; config: TSchemeConfig }) {
  const hasParts = enabledFieldNames(config).length > 0;
  const toggles = [...(hasParts ? TOGGLES : TOGGLES.filter((t) => t.presentation)), SUGGESTIONS_TOGGLE];
  const router = useRouter();
  const [pending, start] = useTransition();
  const [draft, setDraft] = useState(config);
  const [message, setMessage] = useState<TActionMessage>(null);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    start(async () => {
      const res = await saveSchemeConfigAction({ slug, config: draft });
      if (res.ok) {
        setMessage({ kind: "ok", text: "Scheme configuration saved." });
        router.refresh();
      } else setMessage({ kind: "error", text: res.message });
    });
  }

  return (
    <section className={cardClass} aria-labelledby="scheme-heading">
      <h3 id="scheme-heading" className="font-medium">Annotation scheme</h3>
      <form onSubmit={onSubmit} className="mt-2">
        <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {toggles.map((t) => (
            <label key={t.key} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={t.key} checked={t.get(draft)} onChange={(e) => setDraft(t.set(draft, e.target.checked))} /> {t.label}
            </label>
          ))}
        </div>
        <button type="submit" disabled={pending} className={`mt-3 ${buttonClass}`}>{pending ? "Saving…" : "Save scheme"}</button>
      </form>
      <ActionMessage message={message} testId="scheme-message" />
    </section>
  );
}
