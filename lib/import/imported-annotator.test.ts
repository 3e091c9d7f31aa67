import { describe, expect, it } from "vitest";
import { importedRaterEmail, isImportedAnnotatorEmail, placeholderRaterName, raterLabel } from "./imported-annotator";

describe("placeholder raters' addresses", () => {
  it("are scoped to the project, and recognised (with the older project-less form), and nothing else is", () => {
    expect(importedRaterEmail("cm1abc", "A")).toBe("a@cm1abc.annotators.tropos.local");
    expect(importedRaterEmail("cm1abc", "Annotator B")).toBe("annotator-b@cm1abc.annotators.tropos.local");
    expect(importedRaterEmail("cm2xyz", "A")).not.toBe(importedRaterEmail("cm1abc", "A"));
    // an outside email becomes a placeholder of this project, not that account
    expect(importedRaterEmail("cm1abc", "annotator1@demo.tropos")).toBe("annotator1-demo.tropos@cm1abc.annotators.tropos.local");
    // another project's placeholder (a backup restored elsewhere): the same name here
    expect(importedRaterEmail("cm2xyz", "a@cm1abc.annotators.tropos.local")).toBe("a@cm2xyz.annotators.tropos.local");
    expect(placeholderRaterName("raterx@annotators.tropos.local")).toBe("raterx");
    expect(isImportedAnnotatorEmail(importedRaterEmail("cm1abc", "A"))).toBe(true);
    expect(isImportedAnnotatorEmail("a@annotators.tropos.local")).toBe(true);
    expect(isImportedAnnotatorEmail("li.wei@uni.example")).toBe(false);
    expect(isImportedAnnotatorEmail("annotator1@demo.tropos")).toBe(false);
    expect(isImportedAnnotatorEmail("x@not-annotators.tropos.local")).toBe(false);
  });

  it("names a placeholder on a page by its name in the file, marked as imported; a person by their address", () => {
    expect(raterLabel(importedRaterEmail("cm1abc", "Annotator B"))).toBe("annotator-b (imported)");
    expect(raterLabel("raterx@annotators.tropos.local")).toBe("raterx (imported)");
    expect(raterLabel("li.wei@uni.example")).toBe("li.wei@uni.example");
  });
});
