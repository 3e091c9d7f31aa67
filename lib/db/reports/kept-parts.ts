// Parts of reports kept in the database (migration 20261130020000_report_kept_parts): one field's
// statistics, one paper table, each under the versions of the fields it read
// (lib/reports/field-versions.ts). The report data caches store their copies with those versions'
// tokens (lib/db/reports/snapshots.ts); a restore gives the restored data the same versions and
// this store, so the first view after a server start takes every part whose fields did not change
// since the copy was stored from here and computes the others (issue 28: the dashboard's first view
// after a restart computed every statistic again, about 6 s at 960,000 values, where the built-in
// stack took 1.3 s).
//
// Written in the background (encoded with v8.serialize, as the copies are), a second after the
// part was computed, so the view that computed it does not wait. A part is named by a hash of its
// versions' tokens and its key: tokens are random, so a hash found here was computed from the same
// values, whichever process computed it. When a copy is stored, the parts of its kind that read a
// version it does not hold and are older than PRUNE_AFTER_MS go: no restore can use them.
import v8 from "node:v8";
import type pg from "pg";
import type { FieldVersions, TKeptPartStore } from "@/lib/reports/field-versions";

/** Parts are written this long after they are computed, together. */
const WRITE_DELAY_MS = 1000;
/** A part not covered by a stored copy is kept this long (a copy is stored at most every 10 minutes after changes). */
const PRUNE_AFTER_MS = 15 * 60_000;
/**
 * Larger parts are not stored: MMTE's scores keep every translation's record beside the tables
 * (12 MB at 40,000 translations), which takes longer to read back than the record is to assemble
 * from the fields' kept values. A part's key found too large once is not encoded again.
 */
const MAX_PART_BYTES = 2 << 20;
const tooLarge = new Set<string>();

interface TPending {
  projectId: string;
  kind: string;
  hash: string;
  tokens: readonly string[];
  value: object;
  /** the part's key without its versions */
  name: string;
}

interface TWriter {
  pending: TPending[];
  timer?: ReturnType<typeof setTimeout>;
  writing?: Promise<void>;
  /** the database refused a write as read-only (a replica) */
  readOnly?: boolean;
}

const globalForParts = globalThis as unknown as { __troposKeptPartWriters?: WeakMap<pg.Pool, TWriter> };
const writers = (globalForParts.__troposKeptPartWriters ??= new WeakMap<pg.Pool, TWriter>());

function writerOf(pool: pg.Pool): TWriter {
  let w = writers.get(pool);
  if (!w) writers.set(pool, (w = { pending: [] }));
  return w;
}

/** A project's kept parts of one kind of copy: those read at a restore, and those computed since (written in the background). */
class DbKeptPartStore implements TKeptPartStore {
  private readonly found = new Map<string, Buffer>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly projectId: string,
    private readonly kind: string,
  ) {}

  /** Reads the parts computed under the versions `tokens` alone (not those of a field changed since). */
  async load(tokens: readonly string[]): Promise<void> {
    const r = await this.pool.query<{ hash: string; data: Buffer }>(`SELECT hash, data FROM "ReportKeptPart" WHERE "projectId" = $1 AND kind = $2 AND tokens <@ $3::text[]`, [
      this.projectId,
      this.kind,
      tokens,
    ]);
    for (const x of r.rows) this.found.set(x.hash, x.data);
  }

  get(hash: string): object | undefined {
    const bytes = this.found.get(hash);
    if (!bytes) return undefined;
    try {
      return v8.deserialize(bytes) as object;
    } catch {
      this.found.delete(hash);
      return undefined;
    }
  }

  put(hash: string, tokens: readonly string[], value: object, name: string): void {
    const w = writerOf(this.pool);
    if (w.readOnly || tooLarge.has(name)) return;
    w.pending.push({ projectId: this.projectId, kind: this.kind, hash, tokens, value, name });
    if (w.writing || w.timer) return;
    w.timer = setTimeout(() => void writePending(this.pool, w), WRITE_DELAY_MS);
    w.timer.unref?.();
  }
}

function writePending(pool: pg.Pool, w: TWriter): Promise<void> {
  if (w.timer) clearTimeout(w.timer);
  w.timer = undefined;
  w.writing ??= (async () => {
    while (w.pending.length) {
      const p = w.pending.shift()!;
      if ((pool as pg.Pool & { ending?: boolean }).ending) continue; // closed meanwhile (tests, shutdown)
      try {
        const bytes = v8.serialize(p.value);
        if (bytes.length > MAX_PART_BYTES) {
          tooLarge.add(p.name);
          continue;
        }
        await pool.query(`INSERT INTO "ReportKeptPart" ("projectId", kind, hash, tokens, data) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
          p.projectId,
          p.kind,
          p.hash,
          p.tokens,
          bytes,
        ]);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === "25006") {
          w.readOnly = true; // read_only_sql_transaction: a read replica
          w.pending = [];
        } else if (code !== "23503") console.error(`[reports] storing a report part of project ${p.projectId} failed: ${(err as Error).message}`); // (23503: the project was deleted)
      }
    }
  })().finally(() => (w.writing = undefined));
  return w.writing;
}

/** The store of the parts of a project's copies of one kind: empty until `loadKeptParts` (a full read has nothing to load). */
export function newKeptPartStore(pool: pg.Pool, projectId: string, kind: string): TKeptPartStore {
  return new DbKeptPartStore(pool, projectId, kind);
}

/**
 * After a restore brought the copy up to date: reads the parts computed under the versions the
 * data still has (those of the fields unchanged since the copy was stored), into their store.
 */
export async function loadKeptParts(versions: FieldVersions | undefined): Promise<void> {
  if (!(versions?.store instanceof DbKeptPartStore)) return;
  // (without them the parts are computed: slower, not wrong)
  await versions.store.load(Object.values(versions.tokens())).catch((e: Error) => console.error(`[reports] reading kept report parts failed: ${e.message}`));
}

/**
 * Deletes the parts of a kind that read a version the copy just stored does not hold (`tokens`),
 * once older than PRUNE_AFTER_MS (a part computed since may be covered by the next copy).
 */
export async function pruneKeptParts(pool: pg.Pool, projectId: string, kind: string, tokens: readonly string[]): Promise<void> {
  await pool.query(
    `DELETE FROM "ReportKeptPart" WHERE "projectId" = $1 AND kind = $2 AND NOT (tokens <@ $3::text[]) AND "createdAt" < now() - make_interval(secs => $4)`,
    [projectId, kind, tokens, PRUNE_AFTER_MS / 1000],
  );
}

/** Writes the parts waiting to be written now and waits for them (tests, the benchmark). */
export async function flushKeptParts(pool: pg.Pool): Promise<void> {
  const w = writers.get(pool);
  while (w && (w.pending.length > 0 || w.writing)) await writePending(pool, w);
}
