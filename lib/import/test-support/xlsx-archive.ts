// Builds .xlsx archives byte by byte for the limit tests: a minimal valid workbook whose one sheet
// holds `rows` × `cols` inline-string cells, zipped with deflate, with the option to declare false
// (smaller) uncompressed sizes in the zip headers, as a crafted compression bomb would.
import { crc32, deflateRawSync } from "node:zlib";

interface TPart {
  name: string;
  data: Buffer;
}

/** A zip of `parts` (deflate); `declaredSize` overrides the uncompressed size written in the headers. */
export function zipParts(parts: TPart[], declaredSize?: (p: TPart) => number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, "utf8");
    const compressed = deflateRawSync(p.data, { level: 9 });
    const size = declaredSize ? declaredSize(p) : p.data.length;
    const crc = crc32(p.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function column(n: number): string {
  let s = "";
  for (let c = n + 1; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/** The worksheet XML of a `rows` × `cols` sheet; each cell holds `cellText`. */
export function sheetXml(rows: number, cols: number, cellText = "metaphor"): Buffer {
  const chunks: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  for (let r = 1; r <= rows; r++) {
    let row = `<row r="${r}">`;
    for (let c = 0; c < cols; c++) row += `<c r="${column(c)}${r}" t="inlineStr"><is><t>${cellText}</t></is></c>`;
    chunks.push(row + "</row>");
  }
  chunks.push("</sheetData></worksheet>");
  return Buffer.from(chunks.join(""), "utf8");
}

/** A minimal valid workbook around `sheet`; `declaredSize` as in zipParts. */
export function xlsxWorkbook(sheet: Buffer, declaredSize?: (p: TPart) => number): Buffer {
  const parts: TPart[] = [
    {
      name: "[Content_Types].xml",
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: "_rels/.rels",
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: "xl/workbook.xml",
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: "xl/worksheets/sheet1.xml", data: sheet },
  ];
  return zipParts(parts, declaredSize);
}

/** Worksheet XML of about `bytes` bytes: one row repeated, which deflate shrinks about 1000-fold. */
export function bombSheetXml(bytes: number): Buffer {
  const head = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const row = '<row><c t="inlineStr"><is><t>metaphor</t></is></c></row>';
  const tail = "</sheetData></worksheet>";
  return Buffer.from(head + row.repeat(Math.ceil(bytes / row.length)) + tail, "utf8");
}
