// `tsx scripts/e2e-gold-variant-fixture.ts <slug>`: the project of e2e/scheme-adjudication-gold.spec.ts —
// MMTE with one sentence of its guidelines edited (so it runs under the scheme runtime), the
// adjudication scenario's two segments and two systems (scripts/e2e-metahope-fixture.ts), the
// demo annotators 1 and 2 with different figurative post-edits of adj-s0. Prints the project's
// slug and the segment's id as JSON on its last line.
import { adjudicationScenario } from "./e2e-metahope-fixture";

async function main(slug: string) {
  const { getDb } = await import("@/lib/db/client");
  const { getPgPool, closePgPool } = await import("@/lib/db/pg-pool");
  const { loadImport } = await import("@/lib/db/import/load-import");
  const { setProjectScheme } = await import("@/lib/db/projects/project-schemes");
  const { ZSchemeDefinition } = await import("@/lib/schemes/language/scheme-definition");
  const { MMTE_PRESET } = await import("@/lib/schemes/presets/mmte");
  const db = getDb();
  const existing = await db.project.findUnique({ where: { slug } });
  if (existing) await db.project.delete({ where: { id: existing.id } });
  const project = await db.project.create({ data: { slug, name: "Gold as decisions e2e (MMTE variant, EN→ZH)", sourceLang: "en", targetLang: "zh", targetLangs: ["zh"] } });
  const variant = structuredClone(MMTE_PRESET) as { guidelines: string };
  variant.guidelines = `${variant.guidelines}\n\nOur lab: read the whole document first.`;
  await setProjectScheme(db, project.id, ZSchemeDefinition.parse(variant), { actorId: null });
  const users = await db.user.findMany({ where: { email: { in: ["manager@demo.tropos", "adjudicator@demo.tropos", "annotator1@demo.tropos", "annotator2@demo.tropos"] } } });
  const role = (email: string) => (email.startsWith("manager") ? "MANAGER" : email.startsWith("adjudicator") ? "ADJUDICATOR" : "ANNOTATOR") as "MANAGER" | "ADJUDICATOR" | "ANNOTATOR";
  await db.projectMember.createMany({ data: users.map((u) => ({ projectId: project.id, userId: u.id, role: role(u.email) })), skipDuplicates: true });
  // the scenario's MMTE values only: no built-in error spans, post-edits or MetaHOPE markers
  const ir = adjudicationScenario();
  ir.annotations = ir.annotations.filter((a) => a.field === "FLUENCY" || a.field === "EQUIVALENCE");
  ir.errorSpans = [];
  ir.postEdits = [];
  ir.annotations.push({ annotator: "annotator1@demo.tropos", segmentId: "adj-s0", field: "POSTEDIT_FIGURATIVE", value: "去年经济失去了动力。" });
  ir.annotations.push({ annotator: "annotator2@demo.tropos", segmentId: "adj-s0", field: "POSTEDIT_FIGURATIVE", value: "去年经济像没了蒸汽。" });
  await loadImport(getPgPool(), { projectId: project.id, fileName: "gold-variant-e2e.jsonl", result: ir });
  const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: "adj-s0" } });
  console.log(JSON.stringify({ slug, segmentId: seg.id, annotations: await db.annotation.count({ where: { projectId: project.id } }) }));
  await db.$disconnect();
  await closePgPool();
}

void main(process.argv[2] ?? "gold-variant-e2e");
