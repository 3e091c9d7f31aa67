// Fills the projects of e2e/paper-tables-variants.spec.ts (made by `tropos project create`), with
// DATABASE_URL set:
// - `tsx scripts/e2e-paper-variants-fixture.ts mmte <slug>`: the demo corpus (EN→ZH) and three
//   synthetic annotators' MMTE values (tests/integration/synthetic-annotations.ts), so MMTE table 3
//   and figures 3–5 have figures. Only the MMTE values: an MMTE project has no MetaHOPE field.
// - `… metahope <slug>`: the MetaHOPE pilot workbooks (scripts/e2e-metahope-fixture.ts), their
//   "Human Gold Standard" column included (figurative post-edits that no field of a MetaHOPE-only
//   scheme shows; a move to a variant leaves them as they are: lib/db/upgrade/built-in-to-scheme-values.ts).
import { pathToFileURL } from "node:url";
import { loadImport } from "@/lib/db/import/load-import";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { emptyImportResult } from "@/lib/import/types";
import { syntheticAnnotations } from "@/tests/integration/synthetic-annotations";
import { haveMetahopeData, importMetahopePilot } from "./e2e-metahope-fixture";

async function main() {
  const [what, slug] = process.argv.slice(2);
  if (!slug || !["mmte", "metahope"].includes(what)) throw new Error("usage: tsx scripts/e2e-paper-variants-fixture.ts mmte|metahope <slug>");
  if (what === "metahope" && !haveMetahopeData()) throw new Error("the MetaHOPE pilot workbooks are not in data/metahope");
  const { getDb } = await import("@/lib/db/client");
  const { getPgPool, closePgPool } = await import("@/lib/db/pg-pool");
  const db = getDb();
  const project = await db.project.findUniqueOrThrow({ where: { slug } });
  if (what === "metahope") {
    const annotators = await importMetahopePilot(getPgPool(), project.id);
    console.log(JSON.stringify({ slug, projectId: project.id, annotators }));
    await db.$disconnect();
    await closePgPool();
    return;
  }
  const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
  const synthetic = syntheticAnnotations(corpus);
  const mmte = { ...emptyImportResult(), annotations: synthetic.annotations.filter((a) => a.field !== "METAHOPE_ERRORS") };
  await loadImport(getPgPool(), { projectId: project.id, fileName: "demo-corpus.json", result: corpus });
  const summary = await loadImport(getPgPool(), { projectId: project.id, fileName: "synthetic-mmte.jsonl", result: mmte });
  console.log(JSON.stringify({ slug, projectId: project.id, annotators: summary.annotators.map((a) => a.name) }));
  await db.$disconnect();
  await closePgPool();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
