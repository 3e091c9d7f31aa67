import { describe, expect, it } from "vitest";
import { formatIssuePath } from "./format-issue-path";

describe("formatIssuePath", () => {
  it("writes indices in brackets and identifiers with dots", () => {
    expect(formatIssuePath(["fields", 2, "options"])).toBe("fields[2].options");
    expect(formatIssuePath(["fields", 0, "attributes", 1, "options", 0, "key"])).toBe("fields[0].attributes[1].options[0].key");
  });
  it("quotes keys that are not identifiers, so a label keyed \"1\" is not read as an index", () => {
    expect(formatIssuePath(["fields", 0, "labels", "1"])).toBe('fields[0].labels["1"]');
    expect(formatIssuePath(["$schema"])).toBe("$schema");
  });
  it("names the root", () => {
    expect(formatIssuePath([])).toBe("(root)");
  });
});
