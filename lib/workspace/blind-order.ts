/**
 * Blind evaluation: translations are shown as "Translation A, B, …" in an
 * order that is shuffled per annotator and item but stable across visits
 * (seeded from both ids), so position does not favour one system and a
 * reload does not reshuffle what the annotator has already read.
 */
import { seededRandom } from "@/lib/agreement/seeded-random";

/** FNV-1a, 32 bit: a small, stable string hash for seeding. */
export function hashSeed(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h | 0;
}

/** Fisher–Yates with the seeded generator; the input is not modified. */
export function stableShuffle<T>(items: readonly T[], seed: string): T[] {
  const out = items.slice();
  const rng = seededRandom(hashSeed(seed));
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** "A" … "Z", then "AA", "AB", … */
export function blindLabel(index: number): string {
  let n = index;
  let s = "";
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}
