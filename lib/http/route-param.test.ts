import { describe, expect, it } from "vitest";
import { decodeRouteParam } from "./route-param";

describe("decodeRouteParam", () => {
  it("decodes an escaped external id and keeps a malformed escape as it came", () => {
    expect(decodeRouteParam("conll%3Ameta4xnli_dev%3Aen%3As1")).toBe("conll:meta4xnli_dev:en:s1");
    expect(decodeRouteParam("cm1abc")).toBe("cm1abc");
    expect(decodeRouteParam("bad%E0%A4%A")).toBe("bad%E0%A4%A");
  });
});
