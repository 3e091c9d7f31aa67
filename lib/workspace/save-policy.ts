/**
 * Save rules as pure predicates (cf. Label Studio's draft-policy): when to
 * send, whether a failure is worth retrying, and what the indicator says.
 */

/** Edits are sent this long after the last keystroke; the issue asks for "within a second". */
export const SAVE_DEBOUNCE_MS = 400;
/** Text (post-edits, comments) waits a little longer so typing is not one request per key. */
export const TEXT_DEBOUNCE_MS = 800;
/** While offline or after a failure, try again this often (and at once on the `online` event). */
export const RETRY_MS = 3000;

export type TSaveStatus = "saved" | "saving" | "offline" | "conflict" | "error";

/** A network failure or a server hiccup (5xx, 429) is retried; a 4xx other than 409/429 is the edit's fault and is not. */
export function isRetryable(status: number | "network"): boolean {
  return status === "network" || status === 429 || status >= 500;
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
