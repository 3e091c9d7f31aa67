import { describe, expect, it } from "vitest";
import { decodeText, locateInvalidUtf8 } from "@/lib/import/decode-text";
import { HAS_REAL_DATA, SKIP_MESSAGE, real } from "@/lib/import/test-support/real-data";

const enc = (s: string) => new TextEncoder().encode(s);

describe("decodeText", () => {
  it("strips a UTF-8 BOM and keeps Chinese text exact", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc("词语,＂比喻＂\r\n")]);
    const d = decodeText("a.csv", bytes);
    expect(d.errors).toEqual([]);
    expect(d.hadBom).toBe(true);
    expect(d.text).toBe("词语,＂比喻＂\r\n");
    expect(d.lineEnding).toBe("crlf");
  });

  it("reports the line and column of the first invalid byte", () => {
    const bytes = new Uint8Array([...enc("ok\nsí, "), 0xe4, 0xf3, 0xd6, ...enc(" x\n")]);
    const d = decodeText("bad.csv", bytes);
    expect(d.errors).toHaveLength(1);
    expect(d.errors[0]).toMatchObject({ file: "bad.csv", line: 2, column: 5 });
    expect(d.errors[0].message).toMatch(/not valid UTF-8: byte 0xe4/);
    expect(d.errors[0].message).toMatch(/latin1/);
  });

  it("rejects overlongs and surrogates like TextDecoder does", () => {
    expect(locateInvalidUtf8(new Uint8Array([0xc0, 0x80]))).toMatchObject({ offset: 0 });
    expect(locateInvalidUtf8(new Uint8Array([0x41, 0xed, 0xa0, 0x80]))).toMatchObject({ offset: 1, column: 2 });
    expect(locateInvalidUtf8(new Uint8Array([0x41, 0xe4, 0xb8]))).toMatchObject({ offset: 1 }); // truncated sequence
    expect(locateInvalidUtf8(enc("中文 ok"))).toBeNull();
  });

  it("decodes a declared latin1 fallback byte for byte (not WHATWG windows-1252)", () => {
    const d = decodeText("legacy.csv", new Uint8Array([0x61, 0x8c, 0xa3, 0x80]), { encoding: "latin1" });
    expect(d.errors).toEqual([]);
    expect([...d.text].map((c) => c.charCodeAt(0))).toEqual([0x61, 0x8c, 0xa3, 0x80]);
    expect(d.warnings[0].message).toMatch(/3 non-ASCII bytes/);
  });

  it("decodes cp1252 with its 0x80–0x9F characters", () => {
    const d = decodeText("legacy.csv", new Uint8Array([0x80, 0x93, 0x94]), { encoding: "cp1252" });
    expect(d.text).toBe("€“”");
  });
});

describe.skipIf(!HAS_REAL_DATA)(`decodeText on real files (${SKIP_MESSAGE})`, () => {
  it("refuses vuamc_corpus_train.csv by default at byte 386 (line 4) and reads it as latin1", () => {
    const bytes = real("vuamc/vuamc_corpus_train.csv");
    const d = decodeText("vuamc_corpus_train.csv", bytes);
    expect(d.errors[0]).toMatchObject({ line: 4 });
    expect(d.errors[0].message).toContain("byte offset 386");
    const l = decodeText("vuamc_corpus_train.csv", bytes, { encoding: "latin1" });
    expect(l.errors).toEqual([]);
    expect(l.text.length).toBe(bytes.length);
  });
});

// issue 13 point 14: an .xlsx forced through the MOH importer was told to "re-save the file as UTF-8"
describe("a spreadsheet where a text file was expected", () => {
  it("says the file is a spreadsheet and how to import it, not to re-save it as UTF-8", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("Sheet1").addRow(["term", "sense", "sentence", "class"]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const { parseMoh } = await import("@/lib/import/parse-moh");
    const r = parseMoh("pilot.xlsx", xlsx);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ file: "pilot.xlsx", line: 1 });
    expect(r.errors[0].message).toMatch(/spreadsheet/);
    expect(r.errors[0].message).toMatch(/MetaHOPE annotation workbook/);
    expect(r.errors[0].message).not.toMatch(/UTF-8/);
  });

  it("names legacy .xls and PDF files too, and leaves mis-encoded text to the UTF-8 message", () => {
    expect(decodeText("old.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0xff])).errors[0].message).toMatch(/legacy Excel/);
    expect(decodeText("a.pdf", new Uint8Array([...enc("%PDF-1.7\n"), 0xff])).errors[0].message).toMatch(/PDF/);
    expect(decodeText("a.csv", new Uint8Array([...enc("PK,x\n"), 0xff])).errors[0].message).toMatch(/not valid UTF-8/);
  });
});
