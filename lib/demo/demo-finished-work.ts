/**
 * The finished work the demo ships with, so that adjudication, the agreement dashboard and the
 * score tables have something to show on a first visit. Two annotators judge every item of the
 * chosen documents under both schemes; their judgements follow the corpus's own alignment notes
 * (how each system realised each metaphor) and disagree on a fixed, documented share of units:
 *
 * - Quality (Fluency, Intelligibility, Fidelity, Overall, 1–5): a base per system (llm-gamma 5,
 *   mt-beta 4, mt-alpha 3), one point lower when a metaphor was omitted or only partly rendered,
 *   ±1 of per-unit variation. The second annotator differs on a quarter of the units by one
 *   point, and on a tenth by two (strong disagreements for the top of the queue).
 * - Equivalence: DIRECT → FULL, PARAPHRASE / DISTRIBUTED / IMPLICIT / PARTIAL → PART,
 *   OMISSION → NON (literal source words: LITERAL, or ERROR when omitted); the second annotator
 *   moves one label in five (FULL ↔ PART, PART → NON).
 * - Emotion: DIRECT → SAME, OMISSION → ZERO, otherwise LESS; one in five SAME ↔ LESS.
 * - Authenticity: the translation's base quality ±1, differing like quality.
 * - Alignment: the corpus's pattern and target span; the second annotator reads one paraphrase
 *   or direct rendering in eight the other way.
 * - MetaHOPE errors: a mistranslation (MIS) on a third of mt-alpha's word-for-word renderings of
 *   metaphors, an impact error (IMP) on every omission; the second annotator rates some of them a
 *   step milder and misses a few. Every translation is marked as reviewed.
 * - Post-edits: llm-gamma's output as the figurative one and mt-beta's as the literal one.
 *
 * Deterministic (an FNV-1a hash of the unit's key decides), so every demo database is the same.
 */
import { nthIndexOf, type TDemoCorpus } from "@/lib/import/parse-demo-corpus";
import type { TPresetPartFieldId } from "@/lib/schemes/presets/preset-parts";

export interface TDemoAnnotation {
  segment: string;
  system: string;
  /** the MRW's corpus id (m1, m2, …) for MRW fields; null for translation fields */
  mrw: string | null;
  field: TPresetPartFieldId;
  value: unknown;
}

export interface TDemoErrorSpan {
  segment: string;
  system: string;
  mrw: string | null;
  start: number;
  end: number;
  category: "IMP" | "MIS";
  /** MetaHOPE penalty 2, 4, 6, 8 or 10 */
  penalty: 2 | 4 | 6 | 8 | 10;
}

export interface TDemoPostEdit {
  segment: string;
  kind: "FIGURATIVE" | "LITERAL";
  text: string;
  baseSystem: string;
}

export interface TDemoWork {
  /** segments this annotator finished (submitted) under both schemes */
  segments: string[];
  annotations: TDemoAnnotation[];
  errorSpans: TDemoErrorSpan[];
  postEdits: TDemoPostEdit[];
}

const QUALITY_FIELDS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"] as const;
const SYSTEM_BASE: Record<string, number> = { "llm-gamma": 5, "mt-beta": 4, "mt-alpha": 3 };

/** FNV-1a, 32 bit: a stable number per unit key */
export function unitHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const clampLikert = (n: number) => Math.min(5, Math.max(1, n));

/** The second annotator's Likert value: the same, one point off (¼ of units) or two off (1⁄10). */
function secondLikert(first: number, key: string): number {
  const h = unitHash(`${key}#second`);
  const away = h % 10 === 0 ? 2 : h % 4 === 0 ? 1 : 0;
  if (away === 0) return first;
  const down = clampLikert(first - away);
  return down !== first ? down : clampLikert(first + away);
}

function equivalence(metaphorical: boolean, pattern: string): string {
  if (!metaphorical) return pattern === "OMISSION" ? "ERROR" : "LITERAL";
  if (pattern === "DIRECT") return "FULL";
  if (pattern === "OMISSION") return "NON";
  return "PART";
}

const emotion = (pattern: string) => (pattern === "DIRECT" ? "SAME" : pattern === "OMISSION" ? "ZERO" : "LESS");

/**
 * Both annotators' finished work on the given documents of the corpus, for one target language.
 * Index 0 is the first annotator, 1 the second.
 */
export function demoFinishedWork(corpus: TDemoCorpus, targetLang: string, documentIds: readonly string[]): [TDemoWork, TDemoWork] {
  const work: [TDemoWork, TDemoWork] = [
    { segments: [], annotations: [], errorSpans: [], postEdits: [] },
    { segments: [], annotations: [], errorSpans: [], postEdits: [] },
  ];
  const both = (a: Omit<TDemoAnnotation, "value">, first: unknown, second: unknown) => {
    work[0].annotations.push({ ...a, value: first });
    work[1].annotations.push({ ...a, value: second });
  };
  for (const doc of corpus.documents.filter((d) => documentIds.includes(d.externalId))) {
    for (const seg of doc.segments) {
      const translations = seg.translations[targetLang] ?? {};
      for (const w of work) w.segments.push(seg.externalId);
      for (const [system, t] of Object.entries(translations)) {
        const unit = `${seg.externalId}/${system}`;
        const patterns = seg.mrws.map((m) => t.alignments?.[m.id]?.pattern ?? "DIRECT");
        const base = (SYSTEM_BASE[system] ?? 3) - (patterns.some((p) => p === "OMISSION" || p === "PARTIAL") ? 1 : 0);
        for (const field of QUALITY_FIELDS) {
          const key = `${unit}/${field}`;
          const first = clampLikert(base + ((unitHash(key) % 3) - 1));
          both({ segment: seg.externalId, system, mrw: null, field }, first, secondLikert(first, key));
        }
        for (const m of seg.mrws) {
          const a = t.alignments?.[m.id];
          const pattern = a?.pattern ?? "DIRECT";
          const key = `${unit}/${m.id}`;
          const h = unitHash(key);
          const eq = equivalence(m.metaphorical, pattern);
          const eq2 = m.metaphorical && h % 5 === 0 ? (eq === "FULL" ? "PART" : eq === "PART" ? "NON" : eq) : eq;
          both({ segment: seg.externalId, system, mrw: m.id, field: "EQUIVALENCE" }, eq, eq2);
          const em = emotion(pattern);
          const em2 = (h >>> 3) % 5 === 0 ? (em === "SAME" ? "LESS" : em === "LESS" ? "SAME" : em) : em;
          both({ segment: seg.externalId, system, mrw: m.id, field: "EMOTION" }, em, em2);
          const auth = clampLikert(base + (((h >>> 6) % 3) - 1));
          both({ segment: seg.externalId, system, mrw: m.id, field: "AUTHENTICITY" }, auth, secondLikert(auth, `${key}/AUTHENTICITY`));
          const start = a?.target ? nthIndexOf(t.text, a.target, a.occurrence ?? 1) : -1;
          const spans = start >= 0 && a?.target ? [{ start, end: start + a.target.length }] : [];
          const alignment = { pattern: spans.length === 0 ? "OMISSION" : pattern, spans };
          const flip = alignment.pattern === "DIRECT" ? "PARAPHRASE" : alignment.pattern === "PARAPHRASE" ? "DIRECT" : null;
          const alignment2 = flip && (h >>> 9) % 8 === 0 ? { ...alignment, pattern: flip } : alignment;
          both({ segment: seg.externalId, system, mrw: m.id, field: "ALIGNMENT" }, alignment, alignment2);
          // MetaHOPE errors on the MRW's rendering
          if (m.metaphorical && pattern === "DIRECT" && system === "mt-alpha" && spans.length > 0 && (h >>> 12) % 3 === 0) {
            const span = { segment: seg.externalId, system, mrw: m.id, start: spans[0].start, end: spans[0].end, category: "MIS" as const };
            work[0].errorSpans.push({ ...span, penalty: 6 });
            if ((h >>> 15) % 4 !== 0) work[1].errorSpans.push({ ...span, penalty: (h >>> 17) % 2 === 0 ? 6 : 4 });
          }
          if (alignment.pattern === "OMISSION") {
            const span = { segment: seg.externalId, system, mrw: m.id, start: 0, end: 0, category: "IMP" as const };
            work[0].errorSpans.push({ ...span, penalty: 8 });
            work[1].errorSpans.push({ ...span, penalty: (h >>> 17) % 2 === 0 ? 8 : 6 });
          }
        }
        both({ segment: seg.externalId, system, mrw: null, field: "METAHOPE_ERRORS" }, { reviewed: true }, { reviewed: true });
      }
      for (const w of work) {
        if (translations["llm-gamma"]) w.postEdits.push({ segment: seg.externalId, kind: "FIGURATIVE", text: translations["llm-gamma"].text, baseSystem: "llm-gamma" });
        if (translations["mt-beta"]) w.postEdits.push({ segment: seg.externalId, kind: "LITERAL", text: translations["mt-beta"].text, baseSystem: "mt-beta" });
      }
    }
  }
  return work;
}
