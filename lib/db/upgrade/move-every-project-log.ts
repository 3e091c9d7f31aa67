/**
 * Runs the move onto the one runtime (lib/db/upgrade/move-onto-scheme-runtime.ts) for every project that
 * needs it, then lists the papers' agreement export in the stored versions the previous release gave
 * it (lib/db/upgrade/list-papers-agreement-export.ts), and says what it did, one line per project: `npm run db:migrate`, `npm run demo` and the
 * server's start call it, so a database made by an earlier release is moved before anything reads it.
 */
import type { Db } from "@/lib/db/client";
import { moveEveryProjectOntoSchemeRuntime, type TMoveEveryProjectResult } from "@/lib/db/upgrade/move-onto-scheme-runtime";
import { listPapersAgreementExport } from "@/lib/db/upgrade/list-papers-agreement-export";

export async function moveEveryProjectAndLog(db: Db, log: (line: string) => void): Promise<TMoveEveryProjectResult> {
  const r = await moveEveryProjectOntoSchemeRuntime(db);
  for (const m of r.moved) {
    const c = m.converted;
    log(
      `moved project ${m.slug} onto its scheme${m.storedVersion ? ` (preset stored as version ${m.storedVersion})` : ""}: ` +
        `${c.errorSpans} error spans in ${c.spanLists} span lists, ${c.postEdits} post-edits` +
        (c.draftSpans > 0
          ? `; ${c.draftSpans} draft error span${c.draftSpans === 1 ? "" : "s"} (no category or severity chosen) set aside, kept in full in the audit log (action scheme.convert-built-in-values, draftSpansSetAside)`
          : ""),
    );
  }
  for (const p of r.refused) log(`could NOT move project ${p.slug} (left as it was): ${p.message}`);
  const listed = await listPapersAgreementExport(db);
  for (const p of listed.listed) log(`project ${p.slug}: scheme version${p.versions.length > 1 ? "s" : ""} ${p.versions.join(", ")} list${p.versions.length > 1 ? "" : "s"} the named analysis papers.agreement-export (the agreement export it gave stays the same)`);
  return r;
}
