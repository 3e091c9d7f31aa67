"use client";
// CSV and JSON downloads of what a table or chart shows, built in the browser on click.
import { toCsv } from "@/components/ui/to-csv";

function download(name: string, body: string, type: string) {
  const url = URL.createObjectURL(new Blob([body], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export function DownloadButtons({ name, header, rows, json }: { name: string; header: string[]; rows: unknown[][]; json: unknown }) {
  return (
    <span className="inline-flex gap-2 text-xs">
      <button type="button" className="text-indigo-700 underline" onClick={() => download(`${name}.csv`, "\ufeff" + toCsv([header, ...rows]), "text/csv;charset=utf-8")}>
        CSV<span className="sr-only"> of {name}</span>
      </button>
      <button type="button" className="text-indigo-700 underline" onClick={() => download(`${name}.json`, JSON.stringify(json, null, 2), "application/json")}>
        JSON<span className="sr-only"> of {name}</span>
      </button>
    </span>
  );
}
