import { describe, expect, it } from "vitest";
import { isImportedAnnotatorEmail } from "./imported-annotator";
import { annotatorEmail } from "@/lib/db/load-import";

describe("isImportedAnnotatorEmail", () => {
  it("recognises the accounts an import creates for plain names, and only those", () => {
    expect(isImportedAnnotatorEmail(annotatorEmail("A"))).toBe(true);
    expect(isImportedAnnotatorEmail(annotatorEmail("Annotator B"))).toBe(true);
    expect(isImportedAnnotatorEmail(annotatorEmail("li.wei@uni.example"))).toBe(false);
    expect(isImportedAnnotatorEmail("annotator1@demo.tropos")).toBe(false);
    expect(isImportedAnnotatorEmail("x@not-annotators.tropos.local")).toBe(false);
  });
});
