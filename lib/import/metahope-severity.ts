/**
 * MetaHOPE severity cells → penalty points (Liang & Han 2026, §3: minor 2,
 * medium 4, major 6, severe 8, critical 10; an empty cell means no error).
 *
 * The released sheets hold numbers (`10`, or `10.0` from Google Sheets); other
 * exports may hold the words. Anything else is rejected, never guessed: an odd
 * value like 5 or 16 (the original HOPE scale) would silently change scores.
 */
import type { MetahopeSeverity } from "./types";
import { cellPlainText } from "./metahope-rich-text";

export type TSeverityCell = { ok: true; severity: MetahopeSeverity | 0 } | { ok: false; reason: string };

const WORDS: Record<string, MetahopeSeverity | 0> = {
  none: 0,
  "no error": 0,
  "-": 0,
  minor: 2,
  medium: 4,
  moderate: 4,
  major: 6,
  severe: 8,
  critical: 10,
};

const LEVELS = new Set([0, 2, 4, 6, 8, 10]);

export function parseMetahopeSeverity(value: unknown): TSeverityCell {
  const raw = typeof value === "number" ? value : cellPlainText(value);
  if (raw === undefined) return { ok: true, severity: 0 };
  if (typeof raw === "number") return fromNumber(raw, String(raw));
  const s = raw.trim().toLowerCase();
  if (s === "") return { ok: true, severity: 0 };
  if (s in WORDS) return { ok: true, severity: WORDS[s] };
  // "10", "10.0", "4 (medium)" is not accepted: only a bare number
  if (/^[+-]?\d+(\.\d+)?$/.test(s)) return fromNumber(Number(s), raw.trim());
  return { ok: false, reason: `unknown severity "${raw.trim()}" (expected 2/4/6/8/10, minor…critical, or empty)` };
}

function fromNumber(n: number, shown: string): TSeverityCell {
  if (LEVELS.has(n)) return { ok: true, severity: n as MetahopeSeverity | 0 };
  return { ok: false, reason: `unknown severity ${shown} (expected 0, 2, 4, 6, 8 or 10)` };
}
