// The `tropos` CLI as a project lead runs it: spawned as a process against the test database.
// Exit codes, --json output, one-line errors on stderr, and the import/export/backup paths.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import type { Db } from "@/lib/db/client";
import { troposOn } from "../support/run-tropos";

let url: string;
let db: Db;
const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-cli-"));
const slug = `cli-${process.pid}`;

beforeAll(async () => ({ url, db } = await openTestDatabase()));
afterAll(closeTestDatabase);

const tropos = troposOn(() => url);

const J = (o: unknown) => JSON.stringify(o);
/** The kinds of report copies stored for the project (lib/db/reports/snapshots.ts). */
const storedReportKinds = async (projectSlug: string) =>
  (await db.reportSnapshot.findMany({ where: { project: { slug: projectSlug } }, select: { kind: true }, orderBy: { kind: "asc" } })).map((x) => x.kind);
const corpus = [
  J({ type: "document", externalId: "d1", language: "en" }),
  J({ type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "Prices skyrocketed.", language: "en", metaphorical: true }),
  J({ type: "mrw", segmentId: "s1", externalId: "m1", spans: [{ start: 7, end: 18 }], token: "skyrocketed", pos: "VERB", active: true, metaphorical: true }),
  J({ type: "segment", documentId: "d1", externalId: "s2", index: 1, text: "他的话像一把刀。", language: "en", metaphorical: true }),
  J({ type: "translation", segmentId: "s1", system: "A", language: "zh", text: "价格飞涨。" }),
].join("\n");

describe("tropos CLI", () => {
  it("prints help with exit 0 for every command, and usage errors with exit 2", async () => {
    for (const cmd of [["--help"], ["import", "--help"], ["export", "--help"], ["project", "--help"], ["user", "--help"], ["assign", "--help"], ["split", "--help"], ["backup", "--help"], ["restore", "--help"]]) {
      const r = await tropos(...cmd);
      expect(r.code, cmd.join(" ")).toBe(0);
      expect(r.stdout).toMatch(/Usage/);
    }
    const bad = await tropos("import", "--project", "x", "--bogus", "f");
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toMatch(/^tropos import: Unknown option '--bogus'/);
    const noCmd = await tropos("frobnicate");
    expect([noCmd.code, noCmd.stderr.trim()]).toEqual([2, 'tropos frobnicate: unknown command "frobnicate" (see `tropos --help`)']);
  });

  it("creates a project, imports with --json, refuses a malformed file with one line per error, exports, splits, assigns", async () => {
    expect((await tropos("project", "create", slug, "--name", "CLI test", "--source-lang", "en", "--target-lang", "zh", "--scheme", "both")).code).toBe(0);
    const list = await tropos("project", "list", "--json");
    expect(JSON.parse(list.stdout).some((p: { slug: string }) => p.slug === slug)).toBe(true);
    expect((await tropos("project", "create", slug)).code).toBe(1);

    const good = path.join(dir, "corpus.jsonl");
    writeFileSync(good, corpus);
    // progress on stderr when asked (a terminal gets it by default), never with --json
    const withProgress = await tropos("import", good, "--project", slug, "--dry-run", "--progress");
    expect(withProgress.code).toBe(0);
    expect(withProgress.stderr).toMatch(/^\[\d+ s\] 0\/2 checking corpus\.jsonl$/m);
    expect(withProgress.stderr).toMatch(/^\[\d+ s\] 1\/2 checking references of corpus\.jsonl: segments$/m);
    expect(withProgress.stdout).toMatch(/^Valid \(dry run, nothing stored\)/);
    const dry = await tropos("import", good, "--project", slug, "--dry-run", "--json", "--progress");
    expect([dry.code, dry.stderr]).toEqual([0, ""]);
    expect(JSON.parse(dry.stdout)).toMatchObject({ documents: 1, segments: 2, mrws: 1, translations: 1, errors: [], dryRun: true });
    expect(await db.segment.count({ where: { project: { slug } } })).toBe(0);

    const r = await tropos("import", good, "--project", slug, "--json");
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(JSON.parse(r.stdout)).toMatchObject({ documents: 1, segments: 2, mrws: 1, translations: 1, errors: [] });
    expect(await db.segment.count({ where: { project: { slug } } })).toBe(2);
    // the reports were read, computed and stored (both data copies, the statistics kept under
    // them), so the first dashboard view is neither a full read nor every statistic computed
    expect(await storedReportKinds(slug)).toEqual(["report", expect.stringMatching(/^scheme:/)]);
    expect(await db.reportKeptPart.count({ where: { project: { slug } } })).toBeGreaterThan(0);

    const bad = path.join(dir, "bad.tsv");
    writeFileSync(bad, "segment_id\tsystem\ttranslation\ns1\tB\tok\ns2\tB\n=oops\n");
    const refused = await tropos("import", bad, "--project", slug, "--format", "mt", "--json");
    expect(refused.code).toBe(1);
    const out = JSON.parse(refused.stdout);
    expect(out.errors.length).toBeGreaterThanOrEqual(2);
    const lines = refused.stderr.trim().split("\n");
    expect(lines).toHaveLength(out.errors.length);
    expect(lines[0]).toMatch(/^bad\.tsv:3\b.*: /);
    expect(await db.translation.count({ where: { segment: { project: { slug } } } })).toBe(1);

    const missing = await tropos("import", path.join(dir, "nope.csv"), "--project", slug);
    expect([missing.code, missing.stderr.trim().split("\n").length]).toEqual([1, 1]);
    const noProject = await tropos("import", good, "--project", "no-such-project");
    expect(noProject.code).toBe(1);
    expect(noProject.stderr).toMatch(/No project with the slug "no-such-project"/);

    const exp = await tropos("export", "--project", slug, "--what", "project", "--format", "jsonl");
    expect(exp.code).toBe(0);
    expect(exp.stdout).toContain('"text":"他的话像一把刀。"');
    const file = path.join(dir, "ann.csv");
    expect((await tropos("export", "--project", slug, "--what", "annotations", "--format", "csv", "--out", file)).code).toBe(0);
    // the project runs its scheme (both presets' fields): one row per annotator × unit, one column per field
    expect(readFileSync(file, "utf8").split("\n")[0]).toBe("doc,segment,system,mrw,mrw_token,role,unit,annotator_id,annotator,FLUENCY,INTELLIGIBILITY,FIDELITY,OVERALL,EQUIVALENCE,EMOTION,AUTHENTICITY,POSTEDIT_FIGURATIVE,POSTEDIT_LITERAL,ALIGNMENT,METAHOPE_ERRORS");
    const wrong = await tropos("export", "--project", slug, "--what", "project", "--format", "csv");
    expect(wrong.code).toBe(2);

    const split = await tropos("split", "--project", slug, "--pilot", "1", "--test", "1", "--by", "random", "--seed", "7");
    expect([split.code, split.stdout.trim()]).toEqual([0, "Split: 1 pilot, 1 test, 0 without a split."]);
    expect((await tropos("split", "--project", slug, "--pilot", "5", "--test", "5")).code).toBe(1);

    expect((await tropos("user", "create", "--email", `a1-${slug}@cli.tropos`, "--password", "long-enough-pw")).code).toBe(0);
    expect((await tropos("user", "create", "--email", `a2-${slug}@cli.tropos`, "--password", "long-enough-pw")).code).toBe(0);
    const assign = await tropos("assign", "--project", slug, "--per-item", "2", "--annotators", `a1-${slug}@cli.tropos,a2-${slug}@cli.tropos`, "--split", "test");
    expect([assign.code, assign.stdout]).toEqual([0, expect.stringMatching(/^Created 2 assignments/)]);
    // one assignment per annotator × item, whatever parts the scheme has (the one runtime)
    expect(await db.assignment.count({ where: { project: { slug } } })).toBe(2);
  }, 240_000);

  it("backs up and restores under a new slug", async () => {
    const file = path.join(dir, "backup.jsonl");
    const b = await tropos("backup", "--project", slug, "--out", file);
    expect(b.code).toBe(0);
    const r = await tropos("restore", file, "--project", `${slug}-restored`);
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(await db.segment.count({ where: { project: { slug: `${slug}-restored` } } })).toBe(2);
    expect(await db.assignment.count({ where: { project: { slug: `${slug}-restored` } } })).toBe(2);
    expect(await storedReportKinds(`${slug}-restored`)).toEqual(["report", expect.stringMatching(/^scheme:/)]);
    const again = await tropos("restore", file, "--project", `${slug}-restored`);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(/^tropos restore: A project with the slug .* exists already/);
  }, 240_000);
});
