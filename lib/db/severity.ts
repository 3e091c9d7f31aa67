// MetaHOPE penalties (2, 4, 6, 8, 10) ↔ the Severity enum stored in the database.
import type { Severity } from "@/lib/generated/prisma/enums";

export const SEVERITY_PENALTY: Record<Severity, number> = { MINOR: 2, MEDIUM: 4, MAJOR: 6, SEVERE: 8, CRITICAL: 10 };

export function penaltyToSeverity(penalty: number): Severity {
  const hit = (Object.entries(SEVERITY_PENALTY) as [Severity, number][]).find(([, p]) => p === penalty);
  if (!hit) throw new Error(`No MetaHOPE severity has the penalty ${penalty} (expected 2, 4, 6, 8 or 10).`);
  return hit[0];
}
