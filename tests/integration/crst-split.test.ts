// CR-ST's sample (issue 17 point 3): the paper's human baseline is a random sample of ChID items;
// `tropos split --test N --by random --seed S` on a cr-st project draws it reproducibly: the same
// seed gives the same items (after another split in between), another seed another sample. Run as
// a project lead runs it: the CLI spawned against the test database, items imported from ChID.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import type { Db } from "@/lib/db/client";
import fixture from "@/lib/reports/fixtures/crst-study.json";
import { troposOn } from "../support/run-tropos";

let url: string;
let db: Db;
const slug = `crst-split-${process.pid}`;

beforeAll(async () => ({ url, db } = await openTestDatabase()));
afterAll(closeTestDatabase);

const tropos = troposOn(() => url);

/** The external ids of the items in the test split, sorted. */
async function testItems(): Promise<string[]> {
  const rows = await db.segment.findMany({ where: { project: { slug }, split: "TEST" }, select: { externalId: true } });
  return rows.map((r) => r.externalId).sort();
}

describe("tropos split on a CR-ST project", () => {
  it("draws the same random sample of items for the same seed, and another for another seed", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "tropos-crst-")), "chid_test.txt");
    writeFileSync(file, fixture.chid.map((l) => JSON.stringify(l)).join("\n"));
    expect((await tropos("project", "create", slug, "--name", "CR-ST sample", "--scheme", "cr-st", "--source-lang", "zh", "--target-lang", "en")).code).toBe(0);
    expect((await tropos("import", file, "--project", slug)).code).toBe(0);
    expect(await db.segment.count({ where: { project: { slug } } })).toBe(16);

    // --pilot may be left out: CR-ST's sample has no pilot
    const first = await tropos("split", "--project", slug, "--test", "6", "--by", "random", "--seed", "42");
    expect([first.code, first.stdout.trim()]).toEqual([0, "Split: 0 pilot, 6 test, 10 without a split."]);
    const sample42 = await testItems();
    expect(sample42).toHaveLength(6);

    expect((await tropos("split", "--project", slug, "--test", "6", "--by", "random", "--seed", "7")).code).toBe(0);
    const sample7 = await testItems();
    expect(sample7).toHaveLength(6);
    expect(sample7).not.toEqual(sample42);

    expect((await tropos("split", "--project", slug, "--test", "6", "--by", "random", "--seed", "42")).code).toBe(0);
    expect(await testItems()).toEqual(sample42);

    const none = await tropos("split", "--project", slug, "--by", "random");
    expect([none.code, none.stderr.trim()]).toEqual([2, expect.stringContaining("give --pilot N, --test M or both")]);
  });
});
