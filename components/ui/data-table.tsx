"use client";
// Sortable table on @tanstack/react-table with a CSV download of what is shown.
import { useState } from "react";
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import { toCsv } from "@/components/ui/to-csv";

export interface DataTableProps<T> {
  data: T[];
  columns: ColumnDef<T, unknown>[];
  /** file name for the CSV download; no button when omitted */
  csvName?: string;
  caption?: string;
  testId?: string;
  /** ids of columns that go into the CSV download but are not shown (e.g. n and notes of every cell) */
  csvOnly?: string[];
  /** what an empty table says (default "Nothing yet."): better, why it is empty */
  emptyMessage?: string;
}

export function DataTable<T>({ data, columns, csvName, caption, testId, csvOnly, emptyMessage = "Nothing yet." }: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  // TanStack's table instance is not memoisable by the React Compiler; the component opts out.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { sorting, columnVisibility: Object.fromEntries((csvOnly ?? []).map((id) => [id, false])) },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  // The CSV is built on click, from the rows in their current sort order.
  function downloadCsv() {
    const headers = table.getAllLeafColumns().map((c) => (typeof c.columnDef.header === "string" ? c.columnDef.header : c.id));
    const rows = table.getSortedRowModel().rows.map((r) => r.getAllCells().map((c) => c.getValue()));
    const url = URL.createObjectURL(new Blob(["\ufeff" + toCsv([headers, ...rows])], { type: "text/csv;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${csvName}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" data-testid={testId}>
      <table className="min-w-full text-sm">
        {caption && <caption className="px-3 py-2 text-left text-sm font-medium text-slate-700">{caption}</caption>}
        <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => {
                const sorted = h.column.getIsSorted();
                return (
                  <th key={h.id} scope="col" className="px-3 py-2"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}>
                    {h.isPlaceholder ? null : (
                      <button type="button" className="inline-flex items-center gap-1 hover:text-slate-900"
                        onClick={h.column.getToggleSortingHandler()}>
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        <span aria-hidden>{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}</span>
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id} className="border-t border-slate-100">
              {r.getVisibleCells().map((c) => (
                <td key={c.id} className="px-3 py-2 align-top">{flexRender(c.column.columnDef.cell, c.getContext())}</td>
              ))}
            </tr>
          ))}
          {data.length === 0 && (
            <tr><td colSpan={columns.length} className="px-3 py-4 text-center text-slate-500" data-testid="table-empty">{emptyMessage}</td></tr>
          )}
        </tbody>
      </table>
      {csvName && (
        <div className="border-t border-slate-100 px-3 py-2 text-right">
          <button type="button" onClick={downloadCsv} className="text-xs text-indigo-700 underline">Download CSV</button>
        </div>
      )}
    </div>
  );
}
