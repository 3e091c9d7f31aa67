// Issue 30.2: an MQM project through Label Studio and back. tests/fixtures/mqm/wmt-9col.tsv (two
// raters, six translations: target spans, a source-side omission, an empty Non-translation span,
// No-error ratings) imported into an mqm-preset project; exported as Label Studio tasks with the
// labelling config and the mapping; then Label Studio's export as it writes it after two users
// each submitted the pre-annotation of their own ratings (annotations with new region ids, the
// severity choices listed before their labelled regions, `origin: "prediction"`, the predictions
// still in the task, a third user's skipped task); imported into a fresh mqm project. The errors
// (category, severity, offsets, side) and the MQM score tables are the same. Before the fix the
// export dropped severity and the source span, and the import was refused: "span 1 has no severity".
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { exportFile, type TExportFormat } from "@/lib/db/export/stream";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { MQM_PRESET } from "@/lib/schemes/presets/mqm";
import { closeTestDatabase, openTestDatabase } from "../db";
import { troposOn } from "../support/run-tropos";
import { makeProject } from "./fixtures";

let db: Db;
let pool: Pool;
let url: string;
beforeAll(async () => ({ db, pool, url } = await openTestDatabase()));
afterAll(closeTestDatabase);

const WMT = readFileSync(path.join(__dirname, "../fixtures/mqm/wmt-9col.tsv"));

async function mqmProject() {
  const p = await makeProject(db);
  await db.project.update({ where: { id: p.id }, data: { sourceLang: "zh", targetLang: "en" } });
  await setProjectScheme(db, p.id, MQM_PRESET, { actorId: null });
  return { ...p, sourceLang: "zh", targetLang: "en" };
}

async function exported(project: { id: string; slug: string }, what: "annotations" | "scores", format: TExportFormat): Promise<string> {
  let text = "";
  for await (const line of exportFile(pool, db, project, what, format).lines) text += line;
  return text;
}

/** The stored errors, independent of ids: rater, segment, system → the list of spans as stored. */
async function errors(projectId: string) {
  const r = await pool.query<{ k: string; value: unknown }>(
    `SELECT concat_ws('|', u.name, s."externalId", m.name) AS k, a.value FROM "Annotation" a JOIN "User" u ON u.id = a."annotatorId"
     JOIN "Segment" s ON s.id = a."segmentId" JOIN "Translation" t ON t.id = a."translationId" JOIN "MtSystem" m ON m.id = t."systemId"
     WHERE a."projectId" = $1 AND a.field = 'errors' ORDER BY 1`,
    [projectId],
  );
  return r.rows;
}

interface TRegion {
  id: string;
  from_name: string;
  to_name: string;
  type: string;
  value: Record<string, unknown>;
}
interface TTask {
  id: number;
  data: Record<string, string>;
  predictions: { model_version: string; result: TRegion[] }[];
}

/**
 * Label Studio's export after user `ids[annotator]` opened each task, got their own Tropos
 * ratings as the pre-annotation, and submitted it: the result copied with new region ids (a
 * region's labels and severity choice keep sharing theirs), choices first, as Label Studio may
 * order them. User 3 skipped the first task.
 */
function labelStudioExport(tasks: readonly TTask[], ids: Record<string, number>): object[] {
  let n = 0;
  return tasks.map((t, ti) => ({
    ...t,
    annotations: [
      ...t.predictions.map((p, pi) => {
        const renamed = new Map<string, string>();
        const result = p.result.map((r) => {
          if (!renamed.has(r.id)) renamed.set(r.id, `Ls${(++n).toString(36)}x${ti}`);
          return { ...r, id: renamed.get(r.id)!, origin: "prediction" };
        });
        return {
          id: 1000 + ti * 10 + pi,
          completed_by: ids[p.model_version.slice("tropos:".length)],
          was_cancelled: false,
          ground_truth: false,
          lead_time: 42.5,
          created_at: "2026-11-20T10:00:00.000000Z",
          result: [...result.filter((r) => r.type === "choices"), ...result.filter((r) => r.type !== "choices")],
        };
      }),
      ...(ti === 0 ? [{ id: 999, completed_by: 3, was_cancelled: true, result: [] }] : []),
    ],
    predictions: t.predictions.map((p) => ({ ...p, score: null, created_ago: "1 week" })),
  }));
}

describe("Label Studio round trip of an MQM project", () => {
  it("exports category, severity and source spans with a labelling config, and imports Label Studio's export to the same errors and scores", async () => {
    const a = await mqmProject();
    const mqm = await importFile(pool, { project: a, fileName: "wmt-9col.tsv", content: WMT, options: { format: "auto" }, dryRun: false });
    expect(mqm.errors).toEqual([]);

    const tasks = JSON.parse(await exported(a, "annotations", "label-studio")) as TTask[];
    const config = await exported(a, "annotations", "label-studio-config");
    const mapping = JSON.parse(await exported(a, "annotations", "label-studio-mapping")) as { annotators: Record<string, string> };
    expect(tasks).toHaveLength(6); // three segments × two systems

    // the config holds every control and object the tasks' regions name
    expect(config).toContain('<Labels name="errors" toName="translation">');
    expect(config).toContain('<Labels name="errors_source" toName="text">');
    expect(config).toContain('<Choices name="severity" toName="translation" perRegion="true" choice="single" required="true" showInline="true">');
    expect(config).toContain('<Choices name="severity_source" toName="text" perRegion="true" choice="single" required="true" showInline="true">');
    expect(config).toContain('<Label value="Accuracy/Omission"');
    expect(config).toContain('<Choice value="Major"/>');
    const names = new Set([...config.matchAll(/ name="([^"]+)"/g)].map((m) => m[1]));
    for (const r of tasks.flatMap((t) => t.predictions.flatMap((p) => p.result))) {
      expect(names.has(r.from_name), r.from_name).toBe(true);
      expect(names.has(r.to_name), r.to_name).toBe(true);
    }
    // the source-side omission: labels on the source text, its severity a per-region choice with the same id
    const omission = tasks.flatMap((t) => t.predictions.flatMap((p) => p.result)).filter((r) => r.from_name.endsWith("_source"));
    expect(omission.map((r) => [r.from_name, r.to_name, r.type, r.value])).toEqual([
      ["errors_source", "text", "labels", { start: 7, end: 11, text: "然后回家", labels: ["Accuracy/Omission"] }],
      ["severity_source", "text", "choices", { start: 7, end: 11, text: "然后回家", choices: ["Major"] }],
    ]);
    expect(omission[0].id).toBe(omission[1].id);

    const users = await db.user.findMany({ where: { name: { in: ["raterX", "raterY"] }, annotations: { some: { projectId: a.id } } }, select: { name: true, email: true } });
    const email = Object.fromEntries(users.map((u) => [u.name!, u.email]));
    const lsExport = labelStudioExport(tasks, { [email.raterX]: 1, [email.raterY]: 2 });
    // the lab names Label Studio's users as the raters they are: another project's placeholder
    // address means nothing in project B (an import never looks it up), a rater's name does
    mapping.annotators = { "1": "raterX", "2": "raterY" };

    const b = await mqmProject();
    const back = await importFile(pool, { project: b, fileName: "project-1-at-2026-11-28.json", content: Buffer.from(JSON.stringify(lsExport, null, 2)), options: { format: "auto", mapping: { name: "x.mapping.json", json: mapping } }, dryRun: false });
    expect(back.errors).toEqual([]);
    expect(back.format).toBe("label-studio");

    const before = await errors(a.id);
    expect(before).toHaveLength(8);
    expect(before.filter((r) => (r.value as unknown[]).length === 0).map((r) => r.k)).toEqual(["raterX|101|sysA", "raterY|101|sysB", "raterY|7|sysA"]);
    expect(before.find((r) => r.k === "raterX|102|sysB")!.value).toContainEqual({ start: 7, end: 11, label: "Accuracy/Omission", attributes: { severity: "Major" }, on: "source" });
    expect(await errors(b.id)).toEqual(before);

    // the score tables' rows (systems, categories, segments, p-values), in a stable order: the
    // segment rows come in the order of the segments' internal ids, which differ between projects
    const scoreRows = async (p: { id: string; slug: string }) => (JSON.parse(await exported(p, "scores", "json")) as unknown[]).map((r) => JSON.stringify(r)).sort();
    const scores = await scoreRows(a);
    expect(scores.filter((r) => r.includes('"segmentId"'))).toHaveLength(6);
    expect(scores.some((r) => r.includes('"value":25.1'))).toBe(true); // talk.2 sysB: Non-translation 25 + minor punctuation 0.1
    expect(await scoreRows(b)).toEqual(scores);
  });

  it("tropos export --format label-studio --out x.json writes x.config.xml and x.mapping.json beside the tasks", async () => {
    const a = await mqmProject();
    expect((await importFile(pool, { project: a, fileName: "wmt-9col.tsv", content: WMT, options: { format: "auto" }, dryRun: false })).errors).toEqual([]);
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), "tropos-ls-")), "wmt.json");
    const run = await troposOn(() => url)("export", "--project", a.slug, "--what", "annotations", "--format", "label-studio", "--out", out);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const stem = out.replace(/\.json$/, "");
    expect(run.stdout.split("\n").filter(Boolean).map((l) => l.replace(/^Wrote \d+ bytes to /, ""))).toEqual([`${out}.`, `${stem}.config.xml.`, `${stem}.mapping.json.`]);
    expect(existsSync(`${stem}.config.xml`)).toBe(true);
    expect(readFileSync(`${stem}.config.xml`, "utf8")).toBe(await exported(a, "annotations", "label-studio-config"));
    expect(JSON.parse(readFileSync(`${stem}.mapping.json`, "utf8"))).toEqual(JSON.parse(await exported(a, "annotations", "label-studio-mapping")));
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(JSON.parse(await exported(a, "annotations", "label-studio")));
  });
});
