// Colours of the dashboard's charts, in one place so every chart reads the same way.
// Heatmaps: sequential (indigo, light → dark) for counts and shares; diverging (red ← white →
// indigo) for statistics that can be negative (κ, r), so 0 is white and the sign is the hue.
// Categories: an ordered ramp for Likert 1–5 and a qualitative palette for labels (Tableau 10
// hues, distinguishable for the common colour-vision deficiencies in adjacent pairs).

export type TColourScale = { kind: "sequential" | "diverging"; lo: number; hi: number };

const UNDEFINED = "#e2e8f0";
const INDIGO: [number, number, number] = [67, 56, 202];
const RED: [number, number, number] = [220, 38, 38];

const mix = (c: [number, number, number], t: number) => {
  const k = Math.max(0, Math.min(1, t));
  const ch = (x: number) => Math.round(255 + (x - 255) * k);
  return `rgb(${ch(c[0])}, ${ch(c[1])}, ${ch(c[2])})`;
};

/** Share of the way from the neutral end to the strong end (0…1). */
function strength(v: number, s: TColourScale): { t: number; hue: [number, number, number] } {
  if (s.kind === "diverging") {
    const m = Math.max(Math.abs(s.lo), Math.abs(s.hi)) || 1;
    return { t: Math.abs(v) / m, hue: v < 0 ? RED : INDIGO };
  }
  return { t: s.hi === s.lo ? 0 : (v - s.lo) / (s.hi - s.lo), hue: INDIGO };
}

export function cellColour(v: number | null, s: TColourScale): string {
  if (v === null) return UNDEFINED;
  const { t, hue } = strength(v, s);
  return mix(hue, 0.06 + 0.84 * t);
}

export function textColourOn(v: number | null, s: TColourScale): string {
  if (v === null) return "#475569";
  return strength(v, s).t > 0.55 ? "#ffffff" : "#0f172a";
}

/** Likert 1…5: red (very poor) through grey to blue (very good), a diverging ordinal ramp (ColorBrewer RdBu). */
export const LIKERT_COLOURS = ["#b2182b", "#ef8a62", "#bababa", "#67a9cf", "#2166ac"];
/** Labels in definition order. */
export const LABEL_COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f"];
