"use client";
// A table whose rows are one page read on the server (TanStack Table in manual mode: paging,
// sorting and filtering happen in SQL, issue 29 point 5). Its state lives in the address, so a
// page, a sort or a search can be bookmarked, reloaded and shared; changing it navigates, and the
// server component renders the next page. Header clicks sort by the columns the server knows.
import { useTransition } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";

export interface ServerTableProps<T> {
  data: T[];
  columns: ColumnDef<T, unknown>[];
  /** rows the filters let through, over all pages */
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** the sort the server applied: a column id the server sorts by (others are not sortable) */
  sort: { id: string; desc: boolean } | null;
  sortable: readonly string[];
  /** the address keys of the state: page, size, sort, dir (defaults omitted) */
  keys?: { page: string; size: string; sort: string; dir: string };
  defaultSort?: string;
  defaultSize?: number;
  testId?: string;
  caption?: string;
  emptyMessage?: string;
  rowTestId?: string;
}

export function ServerTable<T>(p: ServerTableProps<T>) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, start] = useTransition();
  const keys = p.keys ?? { page: "page", size: "size", sort: "sort", dir: "dir" };
  const pageCount = Math.max(1, Math.ceil(p.total / p.pageSize));

  const go = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(change)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const s = next.toString();
    start(() => router.push(`${pathname}${s ? `?${s}` : ""}`, { scroll: false }));
  };
  const sorting: SortingState = p.sort ? [p.sort] : [];

  // TanStack's table instance is not memoisable by the React Compiler; the component opts out.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: p.data,
    columns: p.columns,
    pageCount,
    state: { sorting, pagination: { pageIndex: p.page - 1, pageSize: p.pageSize } },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    getCoreRowModel: getCoreRowModel(),
  });

  // a header click sorts by its column, ascending first, then descending; the server sorts (columns
  // here may have no accessor, so TanStack's own toggle would not fire for them)
  const sortBy = (id: string, wasAscending: boolean) => {
    const desc = wasAscending;
    go({ [keys.sort]: id === p.defaultSort && !desc ? null : id, [keys.dir]: desc ? "desc" : null, [keys.page]: null });
  };

  const from = p.total === 0 ? 0 : (p.page - 1) * p.pageSize + 1;
  const to = Math.min(p.total, p.page * p.pageSize);
  const pageButton = "rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 disabled:opacity-40";
  return (
    <div className="space-y-2" aria-busy={pending}>
      <div className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${pending ? "opacity-60" : ""}`} data-testid={p.testId}>
        <table className="min-w-full text-sm">
          {p.caption && <caption className="px-3 py-2 text-left text-sm font-medium text-slate-700">{p.caption}</caption>}
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sortable = p.sortable.includes(h.column.id);
                  const sorted = p.sort?.id === h.column.id ? (p.sort.desc ? "desc" : "asc") : false;
                  return (
                    <th key={h.id} className="px-3 py-2" aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : sortable ? "none" : undefined}>
                      {h.isPlaceholder ? null : sortable ? (
                        <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-slate-900" onClick={() => sortBy(h.column.id, sorted === "asc")}>
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          <span aria-hidden>{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                        </button>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-100 align-top" data-testid={p.rowTestId}>
                {r.getVisibleCells().map((c) => (
                  <td key={c.id} className="px-3 py-1.5">
                    {flexRender(c.column.columnDef.cell, c.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {p.data.length === 0 && (
              <tr>
                <td colSpan={p.columns.length} className="px-3 py-4 text-center text-slate-500" data-testid="table-empty">
                  {p.emptyMessage ?? "Nothing here."}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span data-testid="table-range">
          {from.toLocaleString("en")}–{to.toLocaleString("en")} of {p.total.toLocaleString("en")}
        </span>
        <button type="button" className={pageButton} disabled={p.page <= 1 || pending} onClick={() => go({ [keys.page]: null })} aria-label="First page">«</button>
        <button type="button" className={pageButton} disabled={p.page <= 1 || pending} onClick={() => go({ [keys.page]: p.page - 1 > 1 ? String(p.page - 1) : null })}>Previous</button>
        <span>
          Page {p.page.toLocaleString("en")} of {pageCount.toLocaleString("en")}
        </span>
        <button type="button" className={pageButton} disabled={p.page >= pageCount || pending} onClick={() => go({ [keys.page]: String(p.page + 1) })}>Next</button>
        <button type="button" className={pageButton} disabled={p.page >= pageCount || pending} onClick={() => go({ [keys.page]: String(pageCount) })} aria-label="Last page">»</button>
        <label className="ml-2 flex items-center gap-1">
          Rows per page
          <select value={p.pageSize} className="rounded border border-slate-300 px-1 py-0.5" onChange={(e) => go({ [keys.size]: Number(e.target.value) === (p.defaultSize ?? 50) ? null : e.target.value, [keys.page]: null })}>
            {p.pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  );
}
