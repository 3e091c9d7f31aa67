// Tropos's demo corpus (prisma/seed-data/demo-corpus.json) → the import IR, for one target
// language. MRWs and alignments are given as strings with an occurrence number; offsets are
// computed here so the JSON stays readable.
import { z } from "zod";
import type { ImportResult, RealisationPattern, Span } from "@/lib/import/types";
import { emptyImportResult } from "@/lib/import/types";

const ZAlignment = z.object({
  target: z.string().nullable(),
  occurrence: z.number().int().positive().default(1),
  pattern: z.enum(["DIRECT", "PARAPHRASE", "DISTRIBUTED", "IMPLICIT", "PARTIAL", "OMISSION"]),
});
const ZTranslation = z.object({ text: z.string(), alignments: z.record(z.string(), ZAlignment) });
const ZMrw = z.object({
  id: z.string(),
  token: z.string(),
  occurrence: z.number().int().positive().default(1),
  lemma: z.string().optional(),
  rawPos: z.string().optional(),
  pos: z.enum(["NOUN", "VERB", "ADJ", "ADV", "OTHER"]),
  type: z.string().optional(),
  subtype: z.string().optional(),
  deliberate: z.boolean().optional(),
  gloss: z.string().optional(),
  metaphorical: z.boolean(),
});
export const ZDemoCorpus = z.object({
  project: z.object({ slug: z.string(), name: z.string(), sourceLang: z.string() }),
  systems: z.array(z.string()),
  documents: z.array(
    z.object({
      externalId: z.string(),
      title: z.string(),
      genre: z.string().optional(),
      split: z.enum(["pilot", "test"]).optional(),
      segments: z.array(
        z.object({
          externalId: z.string(),
          text: z.string(),
          metaphorical: z.boolean(),
          mrws: z.array(ZMrw),
          translations: z.record(z.string(), z.record(z.string(), ZTranslation)),
        }),
      ),
    }),
  ),
});
export type TDemoCorpus = z.infer<typeof ZDemoCorpus>;

/** Index of the n-th (1-based) occurrence of `needle` in `text`, or -1. */
export function nthIndexOf(text: string, needle: string, n: number): number {
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

function spanOf(text: string, needle: string, occurrence: number, what: string): Span {
  const start = nthIndexOf(text, needle, occurrence);
  if (start < 0) throw new Error(`demo corpus: ${what} "${needle}" (occurrence ${occurrence}) not found in "${text}"`);
  return { start, end: start + needle.length };
}

const CONTENT = new Set(["NOUN", "VERB", "ADJ", "ADV"]);

export function demoCorpusToImport(raw: unknown, targetLang: string): ImportResult {
  const corpus = ZDemoCorpus.parse(raw);
  const out = emptyImportResult();
  for (const d of corpus.documents) {
    out.documents.push({
      externalId: d.externalId,
      title: d.title,
      genre: d.genre,
      split: d.split,
      language: corpus.project.sourceLang,
      segments: d.segments.map((s, index) => ({
        externalId: s.externalId,
        index,
        text: s.text,
        language: corpus.project.sourceLang,
        split: d.split,
        metaphorical: s.metaphorical,
        mrws: s.mrws.map((m) => ({
          externalId: m.id,
          spans: [spanOf(s.text, m.token, m.occurrence, "MRW")],
          token: m.token,
          lemma: m.lemma,
          rawPos: m.rawPos,
          pos: m.pos,
          type: m.type,
          subtype: m.subtype,
          deliberate: m.deliberate,
          gloss: m.gloss,
          active: CONTENT.has(m.pos),
          metaphorical: m.metaphorical,
        })),
      })),
    });
    for (const s of d.segments) {
      const bySystem = s.translations[targetLang] ?? {};
      for (const [system, t] of Object.entries(bySystem)) {
        out.translations.push({ segmentId: s.externalId, system, language: targetLang, text: t.text });
        for (const [mrwId, a] of Object.entries(t.alignments)) {
          out.alignments.push({
            segmentId: s.externalId,
            mrwId,
            system,
            pattern: a.pattern as RealisationPattern,
            spans: a.target ? [spanOf(t.text, a.target, a.occurrence, `${system} alignment`)] : [],
          });
        }
      }
    }
  }
  return out;
}
