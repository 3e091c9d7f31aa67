// The workbook limits read the zip itself: declared sizes from the central directory, actual sizes
// by inflating under a cap (a crafted file can declare less than it unpacks to), and cell counts.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { sheetXml, xlsxWorkbook } from "./test-support/xlsx-archive";
import { checkDeclaredXlsxSize, checkXlsxArchive, DEFAULT_XLSX_LIMITS, xlsxLimitsFromEnv } from "./xlsx-archive-limits";

const MB = 1024 * 1024;
const limits = { maxUnpackedBytes: 4 * MB, maxEntries: 100, maxCells: 10_000 };

describe("xlsx archive limits", () => {
  it("lets a workbook within the limits through, and ExcelJS reads the same archive", async () => {
    const file = xlsxWorkbook(sheetXml(50, 4));
    expect(checkDeclaredXlsxSize("ok.xlsx", file, limits)).toBeNull();
    expect(checkXlsxArchive("ok.xlsx", file, limits)).toBeNull();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getCell("D50").value).toBe("metaphor");
  });

  it("refuses from the central directory alone when the declared unpacked size is over the limit", () => {
    const sheet = sheetXml(20_000, 3); // about 1.6 MB per 10,000 rows
    const file = xlsxWorkbook(sheet);
    expect(file.length).toBeLessThan(limits.maxUnpackedBytes / 4);
    const issue = checkDeclaredXlsxSize("bomb.xlsx", file, { ...limits, maxUnpackedBytes: 1 * MB });
    expect(issue?.file).toBe("bomb.xlsx");
    expect(issue?.message).toMatch(/unpacks to [\d.]+ MB, more than the limit of 1 MB/);
  });

  it("refuses while inflating when the sizes in the zip headers lie", () => {
    const file = xlsxWorkbook(sheetXml(20_000, 3), () => 100);
    expect(checkDeclaredXlsxSize("liar.xlsx", file, { ...limits, maxUnpackedBytes: 1 * MB })).toBeNull();
    const issue = checkXlsxArchive("liar.xlsx", file, { ...limits, maxUnpackedBytes: 1 * MB });
    expect(issue?.message).toMatch(/part xl\/worksheets\/sheet1\.xml inflates past it, although it declares 100 bytes/);
  });

  it("refuses a sheet with more cells than the limit", () => {
    const issue = checkXlsxArchive("wide.xlsx", xlsxWorkbook(sheetXml(200, 60)), limits);
    expect(issue?.message).toMatch(/more than 10,000 cells/);
    expect(checkXlsxArchive("wide.xlsx", xlsxWorkbook(sheetXml(100, 60)), limits)).toBeNull();
  });

  it("reports a file that is not a zip as unreadable, naming it", () => {
    expect(checkXlsxArchive("notes.xlsx", Buffer.from("just text, not a workbook"), limits)).toEqual({
      file: "notes.xlsx",
      message: "not a readable .xlsx workbook: it is not a zip archive (no end-of-central-directory record)",
    });
  });

  it("reads its limits from the environment", () => {
    expect(xlsxLimitsFromEnv({})).toEqual(DEFAULT_XLSX_LIMITS);
    expect(xlsxLimitsFromEnv({ TROPOS_MAX_XLSX_UNPACKED_MB: "2", TROPOS_MAX_XLSX_CELLS: "500" })).toMatchObject({ maxUnpackedBytes: 2 * MB, maxCells: 500 });
  });
});
