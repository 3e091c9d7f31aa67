"use client";
// Active time on an open item (issue 13.23), for both workspaces: counted only while the tab is
// visible and there was input in the last minute (lib/workspace/save-policy.ts activeIncrement),
// reported every 30 s and when the page is left (sendBeacon). An open item first sends an empty
// report: the server credits each report at most the wall time since the previous one, this sets
// the start. A closed (read-only) item takes no time. The returned ref holds the time not yet
// reported; submit sends it with the submit and sets it to 0.
import { useEffect, useRef } from "react";
import { activeIncrement } from "@/lib/workspace/save-policy";

export function useActiveTime(opts: { slug: string; segmentId: string; readOnly: boolean }) {
  const activeMs = useRef(0);
  const { slug, segmentId, readOnly } = opts;
  useEffect(() => {
    if (readOnly) return;
    const url = `/api/projects/${slug}/items/${segmentId}/assignment`;
    void fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action: "time", activeMs: 0 }) }).catch(() => undefined);
    let lastTick = Date.now();
    let lastInput = Date.now();
    const input = () => {
      lastInput = Date.now();
    };
    const tick = () => {
      const now = Date.now();
      activeMs.current += activeIncrement({ now, lastTick, lastInput, visible: document.visibilityState === "visible" });
      lastTick = now;
    };
    const send = (beacon: boolean) => {
      tick();
      const ms = Math.min(600_000, Math.round(activeMs.current));
      if (ms < 1000) return;
      activeMs.current -= ms;
      const body = JSON.stringify({ action: "time", activeMs: ms });
      if (beacon && navigator.sendBeacon) navigator.sendBeacon(url, new Blob([body], { type: "application/json" }));
      else void fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body }).catch(() => (activeMs.current += ms));
    };
    const t1 = setInterval(tick, 5000);
    const t2 = setInterval(() => send(false), 30_000);
    const hide = () => send(true);
    for (const ev of ["keydown", "mousedown", "input", "wheel"]) window.addEventListener(ev, input, { passive: true });
    window.addEventListener("pagehide", hide);
    return () => {
      clearInterval(t1);
      clearInterval(t2);
      for (const ev of ["keydown", "mousedown", "input", "wheel"]) window.removeEventListener(ev, input);
      window.removeEventListener("pagehide", hide);
      send(true);
    };
  }, [slug, segmentId, readOnly]);
  return activeMs;
}
