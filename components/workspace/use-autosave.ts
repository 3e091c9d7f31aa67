"use client";
// The autosaver: every edit goes into the persisted queue (lib/workspace/save-queue) and is sent
// shortly after, one request at a time, in order. Every operation carries an idempotency key
// (lib/workspace/save-queue.ts) sent as the Idempotency-Key header: a retry sends the same
// request with the same key, so a save that committed while its answer was lost is answered
// with its first 200 instead of a conflict. Network failures, 503 (database unreachable), other
// 5xx and 429 keep the queue and retry with exponential backoff (honouring Retry-After; at once on
// the `online` event or the next page load); a request whose answer never came is sent again
// first, unchanged, even if the edit changed meanwhile. A 409 whose stored value is the
// edit itself (sent twice: the first answer was lost) counts as saved, any other 409 parks that
// target until the user decides in the conflict dialog; a 423 ITEM_SUBMITTED (the item was
// submitted, e.g. from another tab) keeps the edit parked, unsent, until the user reopens the
// item (`closed` says so; `reopened()` sends it) — never retried in a loop, never dropped
// silently; any other refusal drops the edit and shows the server's message. Status is exposed
// for the role="status" indicator.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  complete,
  conflictIsOwnSave,
  discard,
  enqueue,
  nextOp,
  parseQueue,
  rebase,
  serializeQueue,
  storageKey,
  type TNewOp,
  type TSaveOp,
  type TSaveQueue,
} from "@/lib/workspace/save-queue";
import { retryDelayMs, saveOutcome, type TSaveStatus } from "@/lib/workspace/save-policy";
import { saveRequest } from "@/lib/workspace/save-request";
import { ZConflictCurrent, type TConflictCurrent } from "@/lib/workspace/api-types";

export interface TConflict {
  key: string;
  op: TSaveOp;
  current: TConflictCurrent;
  message: string;
}

type TResult = { version: number } & Record<string, unknown>;

export function useAutosave(opts: {
  slug: string;
  userId: string;
  onSaved: (op: TSaveOp, result: TResult) => void;
  onRefused: (op: TSaveOp, message: string) => void;
}) {
  const key = storageKey(opts.userId, opts.slug);
  const queueRef = useRef<TSaveQueue>({ nextSeq: 1, ops: [] });
  const blocked = useRef(new Set<string>());
  /** keys parked because the item is submitted (a subset of `blocked`) */
  const closedKeys = useRef(new Set<string>());
  const inFlight = useRef(false);
  /** failed attempts in a row (backoff) */
  const failures = useRef(0);
  /** the operation last sent without an answer (network failure, 5xx): sent again first, unchanged */
  const unconfirmed = useRef<TSaveOp | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cb = useRef(opts);
  useEffect(() => {
    cb.current = opts;
  });
  const [pending, setPending] = useState(0);
  const [status, setStatus] = useState<TSaveStatus>("saved");
  const [conflicts, setConflicts] = useState<TConflict[]>([]);
  const [lastError, setLastError] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);

  const persist = useCallback(
    (q: TSaveQueue) => {
      queueRef.current = q;
      try {
        window.localStorage.setItem(key, serializeQueue(q));
      } catch {
        // Storage full or disabled: the queue still lives in memory for this page.
      }
      setPending(q.ops.length);
    },
    [key],
  );

  const flushRef = useRef<() => Promise<void>>(async () => undefined);

  const schedule = useCallback((ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flushRef.current(), ms);
  }, []);

  const flush = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    // a refused edit (dropped with its message) must not end as "All changes saved"
    let refused = false;
    try {
      for (;;) {
        let op = nextOp(queueRef.current, blocked.current);
        const resend = unconfirmed.current;
        unconfirmed.current = null;
        const queued = resend ? queueRef.current.ops.find((o) => o.key === resend.key) : undefined;
        if (resend && queued && !blocked.current.has(resend.key)) op = resend;
        if (!op) break;
        // a resent request the user edited meanwhile: its answer only tells what happened to it
        const stale = queueRef.current.ops.find((o) => o.key === op.key)?.seq !== op.seq;
        setStatus("saving");
        const r = saveRequest(opts.slug, op);
        let res: Response;
        try {
          res = await fetch(r.url, { method: r.method, headers: r.headers, body: JSON.stringify(r.body) });
        } catch {
          unconfirmed.current = op;
          failures.current++;
          setStatus("offline");
          schedule(retryDelayMs(failures.current));
          return;
        }
        const parsed = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
        const body = parsed ?? {};
        const err = (body.error ?? {}) as { code?: string; message?: string; detail?: { current?: unknown } };
        const outcome = saveOutcome(res.status, err.code, parsed);
        if (outcome === "retry") {
          // the same request, same key, later: never dropped
          unconfirmed.current = op;
          failures.current++;
          setStatus(res.status >= 500 && res.status !== 503 ? "error" : "offline"); // 503: the database is away, the edit waits
          schedule(retryDelayMs(failures.current, res.headers.get("Retry-After")));
          return;
        }
        failures.current = 0;
        if (outcome === "saved") {
          persist(complete(queueRef.current, op, body as TResult));
          cb.current.onSaved(op, body as TResult);
          continue;
        }
        if (outcome === "conflict") {
          const cur = ZConflictCurrent.safeParse(err.detail?.current);
          if (cur.success && conflictIsOwnSave(op, cur.data)) {
            // this very edit is what is stored (sent before idempotency keys, or its receipt expired): saved
            persist(complete(queueRef.current, op, { version: cur.data.version }));
            cb.current.onSaved(op, { version: cur.data.version });
            continue;
          }
          if (stale) continue; // the current edit is sent next and gets its own answer
          blocked.current.add(op.key);
          setConflicts((cs) => [
            ...cs.filter((c) => c.key !== op.key),
            { key: op.key, op, current: cur.success ? cur.data : { value: null, version: 0, updatedAt: null }, message: err.message ?? "Conflict" },
          ]);
          continue;
        }
        if (outcome === "closed") {
          blocked.current.add(op.key);
          closedKeys.current.add(op.key);
          setClosed(err.message ?? "This item was submitted; reopen it to change it.");
          continue;
        }
        if (stale) continue;
        persist(discard(queueRef.current, op.key));
        refused = true;
        const message = err.message ?? `The server refused the change (HTTP ${res.status}).`;
        setLastError(message);
        cb.current.onRefused(op, message);
      }
      setStatus(closedKeys.current.size > 0 || refused ? "error" : blocked.current.size > 0 ? "conflict" : "saved");
    } finally {
      inFlight.current = false;
    }
    // Edits made while the last request was in flight.
    if (nextOp(queueRef.current, blocked.current)) schedule(0);
  }, [opts.slug, persist, schedule]);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  useEffect(() => {
    queueRef.current = parseQueue(window.localStorage.getItem(key));
    try {
      // stored at once: operations queued before idempotency keys keep the key they got now
      window.localStorage.setItem(key, serializeQueue(queueRef.current));
    } catch {
      // storage full or disabled: the queue lives in memory
    }
    setPending(queueRef.current.ops.length);
    setLoaded(true);
    if (!navigator.onLine) setStatus("offline");
    void flushRef.current();
    const online = () => void flushRef.current();
    const offline = () => setStatus("offline");
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [key]);

  const save = useCallback(
    (op: TNewOp, debounceMs: number) => {
      persist(enqueue(queueRef.current, op));
      setLastError(null);
      if (status !== "offline") setStatus("saving");
      schedule(debounceMs);
    },
    [persist, schedule, status],
  );

  /** Resolves a conflict: keep mine (re-send on top of their version) or keep theirs (drop my edit). */
  const resolve = useCallback(
    (k: string, choice: "mine" | "theirs") => {
      const c = conflicts.find((x) => x.key === k);
      if (!c) return;
      blocked.current.delete(k);
      setConflicts((cs) => cs.filter((x) => x.key !== k));
      if (choice === "mine") persist(rebase(queueRef.current, k, c.current.version));
      else persist(discard(queueRef.current, k));
      schedule(0);
    },
    [conflicts, persist, schedule],
  );

  /** Sends everything now; true when nothing is left (used before submit). */
  const flushNow = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    for (let i = 0; i < 50; i++) {
      await flushRef.current();
      if (!inFlight.current) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return queueRef.current.ops.length === 0;
  }, []);

  /** The item was reopened: send the edits parked while it was submitted. */
  const reopened = useCallback(() => {
    for (const k of closedKeys.current) blocked.current.delete(k);
    closedKeys.current.clear();
    setClosed(null);
    schedule(0);
  }, [schedule]);

  /** Ops still queued (for laying them over server state after a reload). */
  const pendingOps = useCallback(() => parseQueue(window.localStorage.getItem(key)).ops, [key]);

  return { save, status, pending, conflicts, resolve, flushNow, lastError, loaded, pendingOps, closed, reopened };
}
