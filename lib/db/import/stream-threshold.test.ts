import { describe, expect, it } from "vitest";
import { importStreamThresholdBytes, streamsImport } from "./stream-threshold";

describe("the streaming import's threshold", () => {
  it("is 8 MB unless TROPOS_IMPORT_STREAM_MB says otherwise; 0 streams every JSONL file; nonsense keeps the default", () => {
    expect(importStreamThresholdBytes(undefined)).toBe(8 * 1024 * 1024);
    expect(importStreamThresholdBytes("")).toBe(8 * 1024 * 1024);
    expect(importStreamThresholdBytes("0")).toBe(0);
    expect(importStreamThresholdBytes("0.5")).toBe(512 * 1024);
    expect(importStreamThresholdBytes("-3")).toBe(8 * 1024 * 1024);
    expect(importStreamThresholdBytes("lots")).toBe(8 * 1024 * 1024);
  });
  it("streams only strict UTF-8 Tropos JSONL at or above it", () => {
    expect(streamsImport({ size: 100, format: "jsonl" }, 100)).toBe(true);
    expect(streamsImport({ size: 99, format: "jsonl" }, 100)).toBe(false);
    expect(streamsImport({ size: 100, format: "jsonl", encoding: "utf-8" }, 100)).toBe(true);
    expect(streamsImport({ size: 100, format: "jsonl", encoding: "latin1" }, 100)).toBe(false);
    expect(streamsImport({ size: 100, format: "mt" }, 0)).toBe(false);
    expect(streamsImport({ size: 100, format: null }, 0)).toBe(false);
  });
});
