import { readFileSync, writeFileSync } from "node:fs";
import { parseMetahopeXlsx } from "@/lib/import/parse-metahope-xlsx";
const D = "/work/shared/data/real/metahope/";
const files = [
  "VUAMC_pilot20__translation_aligned_annotator-A.xlsx",
  "VUAMC_pilot20__translation_aligned_annotated_annotator-B.xlsx",
  "Copy_VUAMC_pilot20__translation_aligned_with_full_sentence-level_error.xlsx",
  "PSUCMC_pilot20__translation_aligned_annotated.xlsx",
];
(async () => {
  const out: Record<string, unknown> = {};
  for (const f of files) {
    const r = await parseMetahopeXlsx(f, readFileSync(D + f), {});
    const segs = r.documents.flatMap((d) => d.segments);
    console.log(`\n== ${f}\n docs=${r.documents.length} segs=${segs.length} mrws=${segs.reduce((a, s) => a + s.mrws.length, 0)} tr=${r.translations.length} al=${r.alignments.length} (omission ${r.alignments.filter((a) => a.pattern === "OMISSION").length}) err=${r.errorSpans.length} pe=${r.postEdits.length} ann=${r.annotations.length} errors=${r.errors.length} warnings=${r.warnings.length}`);
    for (const e of r.errors) console.log(" ERR", JSON.stringify(e));
    for (const w of r.warnings) console.log(" W", w.line, w.column, w.field, w.message);
    out[f] = r;
  }
  writeFileSync("/tmp/metahope-parsed.json", JSON.stringify(out, null, 1));
})();
