// Hostile input: every importer gets mutated real samples (truncated, binary junk, huge lines,
// wrong encodings, formula-injection cells). Each must answer with a clear error or a correct
// import — never a crash — and the loader must never store part of a refused file.
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { parseFile, type FormatName } from "@/lib/import";
import type { ImportResult } from "@/lib/import/types";
import { seededRandom } from "@/lib/agreement/seeded-random";
import { csvCell } from "@/lib/export/csv-cell";
import { useTestDatabase } from "../db";
import { makeProject } from "../integration/fixtures";
import type { Db } from "@/lib/db/client";

const DATA = path.resolve(__dirname, "../../../shared/data/real");
const haveData = existsSync(DATA);

/** [file, format, options] — the first ~64 KiB of each real sample is the seed input */
const SAMPLES: [string, FormatName, Record<string, unknown>][] = [
  ["moh/MOH-X_formatted_svo_cleaned.csv", "moh", {}],
  ["moh/Data-metaphoric-or-literal.txt", "moh", {}],
  ["vuamc/VUA_allpos_test.csv", "vuamc", {}],
  ["metahope/VUAMC_news_pilot20.csv", "vuamc", {}],
  ["metahope/PSUCMC_news_pilot20.csv", "psucmc", {}],
  ["psucmc/PSUCMC_sequence.csv", "psucmc", {}],
  ["meta4xnli/detection/splits/en/meta4xnli_dev.tsv", "conll", {}],
];

type Mutation = (b: Buffer, rnd: ReturnType<typeof seededRandom>) => Buffer;
const MUTATIONS: Record<string, Mutation> = {
  truncate: (b, r) => b.subarray(0, r.int(b.length)),
  truncateMidCharacter: (b) => {
    // cut inside a multi-byte UTF-8 sequence when there is one
    const i = b.findIndex((x) => x >= 0xc0);
    return i > 0 ? b.subarray(0, i + 1) : b.subarray(0, b.length - 1);
  },
  binaryJunk: (b, r) => {
    const at = r.int(b.length);
    const junk = Buffer.from(Array.from({ length: 64 }, () => r.int(256)));
    return Buffer.concat([b.subarray(0, at), junk, b.subarray(at)]);
  },
  nulBytes: (b, r) => {
    const c = Buffer.from(b);
    for (let i = 0; i < 20; i++) c[r.int(c.length)] = 0;
    return c;
  },
  hugeLine: (b) => Buffer.concat([b.subarray(0, 2000), Buffer.from("x".repeat(2_000_000)), Buffer.from("\n"), b.subarray(2000)]),
  latin1Reencode: (b) => Buffer.from(b.toString("utf8"), "latin1"),
  utf16: (b) => Buffer.from("\ufeff" + b.toString("utf8"), "utf16le"),
  crlfAndBom: (b) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(b.toString("utf8").replace(/\r?\n/g, "\r\n"))]),
  formulaCells: (b) => Buffer.from(b.toString("utf8").replace(/(^|[\t,])([A-Za-z]{3,})/m, '$1=HYPERLINK("http://evil.example","$2")')),
  dropColumn: (b) => Buffer.from(b.toString("utf8").split("\n").map((l, i) => (i === 3 ? l.replace(/[\t,][^\t,]*$/, "") : l)).join("\n")),
  empty: () => Buffer.alloc(0),
  shuffledLines: (b, r) => {
    const lines = b.toString("utf8").split("\n");
    for (let i = lines.length - 1; i > 1; i--) {
      const j = 1 + r.int(i);
      [lines[i], lines[j]] = [lines[j], lines[i]];
    }
    return Buffer.from(lines.join("\n"));
  },
};

/** A result is sound when it is either refused with located errors or internally consistent. */
function assertSound(name: string, res: ImportResult) {
  if (res.errors.length) {
    for (const e of res.errors) {
      expect(e.file, name).toBeTruthy();
      expect(e.message, name).toMatch(/\S/);
    }
    // a refused file carries no data to store
    expect(res.documents.length + res.translations.length + res.annotations.length, name).toBe(0);
    return;
  }
  for (const d of res.documents) {
    for (const s of d.segments) {
      for (const m of s.mrws) {
        for (const sp of m.spans) {
          expect(sp.start >= 0 && sp.end <= s.text.length && sp.start <= sp.end, `${name}: span inside segment`).toBe(true);
        }
      }
    }
  }
}

describe.skipIf(!haveData)("importers under hostile input (SKIPPED when ../shared/data is absent)", () => {
  for (const [file, format, opts] of SAMPLES) {
    it(`${file}: every mutation gives a clear error or a sound import`, () => {
      const seed = readFileSync(path.join(DATA, file)).subarray(0, 64 * 1024);
      for (const [mname, mutate] of Object.entries(MUTATIONS)) {
        for (let round = 0; round < 3; round++) {
          const input = mutate(seed, seededRandom(round * 7919 + mname.length));
          let res: ImportResult;
          try {
            res = parseFile(path.basename(file), input, { format, ...opts });
          } catch (e) {
            throw new Error(`${file} × ${mname}#${round} crashed the parser: ${(e as Error).message}`);
          }
          assertSound(`${file} × ${mname}#${round}`, res);
        }
      }
    });
  }
});

describe("exports neutralise spreadsheet formulas", () => {
  it("prefixes =, +, -, @ cells but keeps numbers", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")', ",")).toMatch(/^"?'=/);
    expect(csvCell("@SUM(A1:A2)", ",")).toMatch(/^'@/);
    expect(csvCell(-3, ",")).toBe("-3");
  });
});

describe.skipIf(!haveData)("a refused file stores nothing (real PostgreSQL)", () => {
  let db: Db;
  let pool: Pool;
  beforeAll(async () => {
    useTestDatabase();
    db = (await import("@/lib/db/client")).getDb();
    pool = (await import("@/lib/db/pg-pool")).getPgPool();
  });
  afterAll(async () => {
    await (await import("@/lib/db/client")).disconnectDb();
    await (await import("@/lib/db/pg-pool")).closePgPool();
  });

  it("mutated samples either load completely or leave the project empty", async () => {
    const { loadImport } = await import("@/lib/db/import/load-import");
    for (const [file, format] of SAMPLES.slice(0, 4)) {
      const seed = readFileSync(path.join(DATA, file)).subarray(0, 32 * 1024);
      for (const mname of ["truncate", "binaryJunk", "dropColumn"]) {
        const project = await makeProject(db);
        const input = MUTATIONS[mname](seed, seededRandom(11));
        const res = parseFile(path.basename(file), input, { format });
        const stored = await loadImport(pool, { projectId: project.id, fileName: file, result: res }).then(
          () => true,
          () => false,
        );
        const segs = await db.segment.count({ where: { projectId: project.id } });
        if (stored) expect(segs, `${file} × ${mname}`).toBe(res.documents.reduce((n, d) => n + d.segments.length, 0));
        else expect(segs, `${file} × ${mname}: nothing stored`).toBe(0);
      }
    }
  });
});
