import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The shared corpus samples sit next to the repository (../shared/data). Tests skip when they are absent. */
export const DATA_DIR = path.resolve(__dirname, "../../../../shared/data");
export const REAL = path.join(DATA_DIR, "real");
export const HAS_REAL_DATA = existsSync(REAL);
/** Appended to describe titles so a skipped run says why. */
export const SKIP_MESSAGE = HAS_REAL_DATA ? "real samples present" : `SKIPPED: real corpus samples not found at ${REAL}`;

export function real(rel: string): Buffer {
  return readFileSync(path.join(REAL, rel));
}

import type { ImportResult, ImportedMrw, ImportedSegment } from "@/lib/import/types";

export function allSegments(r: ImportResult): ImportedSegment[] {
  return r.documents.flatMap((d) => d.segments);
}
export function allMrws(r: ImportResult): ImportedMrw[] {
  return allSegments(r).flatMap((s) => s.mrws);
}
/** Every span of every MRW lies inside its segment and its text equals the token (parts joined by a space). */
export function spansConsistent(r: ImportResult): boolean {
  for (const s of allSegments(r))
    for (const m of s.mrws) {
      for (const sp of m.spans) if (sp.start < 0 || sp.end > s.text.length || sp.end < sp.start) return false;
    }
  return true;
}
