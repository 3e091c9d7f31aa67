/**
 * Save rules as pure predicates (cf. Label Studio's draft-policy): when to
 * send, whether a failure is worth retrying, and what the indicator says.
 */

/** Edits are sent this long after the last keystroke; the issue asks for "within a second". */
export const SAVE_DEBOUNCE_MS = 400;
/** Text (post-edits, comments) waits a little longer so typing is not one request per key. */
export const TEXT_DEBOUNCE_MS = 800;
/** The first retry after a failure comes after about this long, then twice as long each time (and at once on the `online` event). */
export const RETRY_MS = 1000;
/** Backoff cap: a server back after a restart is reached within this long (the e2e no-lost-work spec waits 30 s). */
export const RETRY_MAX_MS = 10_000;

export type TSaveStatus = "saved" | "saving" | "offline" | "conflict" | "error";

/** A network failure or a server hiccup (5xx, 429) is retried; a 4xx other than 409/429 is the edit's fault and is not. */
export function isRetryable(status: number | "network"): boolean {
  return status === "network" || status === 429 || status >= 500;
}

/** What the autosaver does with an answer (or a failed fetch): `retry` keeps the operation queued, unchanged. */
export type TSaveOutcome = "saved" | "conflict" | "closed" | "retry" | "refused";

/**
 * `body` is the parsed answer (undefined when it could not be read). A 2xx whose body did not
 * arrive whole (the server died while sending it) is retried like a lost answer: the same key
 * then returns the stored answer with its version, which the queue needs for the next edit.
 */
export function saveOutcome(status: number | "network", code?: string, body?: unknown): TSaveOutcome {
  if (status !== "network" && status >= 200 && status < 300) {
    return body && typeof body === "object" && Number.isInteger((body as { version?: unknown }).version) ? "saved" : "retry";
  }
  if (status === 409) return "conflict";
  if (status === 423 && code === "ITEM_SUBMITTED") return "closed";
  return isRetryable(status) ? "retry" : "refused";
}

/**
 * Delay before retry number `failures` (1, 2, …): RETRY_MS doubling up to RETRY_MAX_MS, ±20 %
 * jitter so that many browsers do not come back in step after an outage, and never sooner than
 * the server's Retry-After (seconds; a 503 while the database is unreachable sends one).
 */
export function retryDelayMs(failures: number, retryAfter: string | null = null, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_MS * 2 ** Math.max(0, failures - 1));
  const jittered = Math.round(base * (0.8 + 0.4 * random()));
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : 0;
  return Math.max(jittered, Math.min(seconds * 1000, 60_000));
}

export function statusText(status: TSaveStatus, pending: number): string {
  switch (status) {
    case "saved":
      return "All changes saved";
    case "saving":
      return pending > 1 ? `Saving ${pending} changes…` : "Saving…";
    case "offline":
      return `Offline — ${pending} change${pending === 1 ? "" : "s"} kept in this browser, sent when the server is back`;
    case "conflict":
      return "Conflict — choose which version to keep";
    case "error":
      return "A change was refused — see the message";
  }
}

/**
 * Active time: counts only while the tab is visible and there was input in
 * the last `idleMs` (the issue asks for active, not wall, time).
 */
export const IDLE_MS = 60_000;

export function activeIncrement(opts: { now: number; lastTick: number; lastInput: number; visible: boolean; idleMs?: number }): number {
  const idle = opts.idleMs ?? IDLE_MS;
  if (!opts.visible || opts.now <= opts.lastTick) return 0;
  // Count the part of [lastTick, now] that lies within `idle` of the last input.
  const activeUntil = Math.min(opts.now, opts.lastInput + idle);
  return Math.max(0, activeUntil - opts.lastTick);
}
