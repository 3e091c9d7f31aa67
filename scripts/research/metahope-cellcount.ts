import ExcelJS from "exceljs";
(async () => {
  for (const f of process.argv.slice(2)) {
    const wb = new ExcelJS.Workbook(); await wb.xlsx.readFile(f);
    const ws = wb.worksheets[0];
    const counts: Record<string, number> = {};
    ws.eachRow({ includeEmpty: false }, (row) => { const k = `${row.cellCount}/${row.actualCellCount}`; counts[k] = (counts[k] ?? 0) + 1; });
    console.log(f.split("/").pop(), JSON.stringify(counts), ws.rowCount, ws.actualRowCount);
    const c = ws.getRow(2).getCell(2).value as any; console.log(JSON.stringify(c.richText?.slice(0,3)));
  }
})();
