import ExcelJS from "exceljs";
const file = process.argv[2];
(async () => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  for (const ws of wb.worksheets) {
    console.log("SHEET", ws.name, ws.rowCount, ws.columnCount, ws.actualRowCount);
    ws.eachRow({ includeEmpty: false }, (row, rn) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, cn) => {
        const v: any = cell.value;
        let s: string;
        if (v && typeof v === "object" && "richText" in v) {
          s = v.richText.map((r: any) => (r.font?.bold && r.font?.underline ? `[[${r.text}]]` : r.font?.bold || r.font?.underline ? `{${r.font?.bold ? "b" : ""}${r.font?.underline ? "u:" + r.font.underline : ""}|${r.text}}` : r.text)).join("");
          s = "RT:" + s;
        } else s = JSON.stringify(v);
        cells.push(`${cn}=${s}`);
      });
      console.log(rn, cells.join(" | "));
    });
  }
})();
