"use client";
// Models beside the annotators (issue 15 point 5): each model's Cohen's κ and exact agreement with
// every annotator, and its accuracy against gold (adjudicated, or the item's own for fields that
// declare it; precision/recall/F1 for BIO tags), per field. Shown only when a model has suggested
// values; the same rows are `tropos export --what model-agreement`.
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import type { TModelAgreementRow } from "@/lib/models/model-agreement";

const STATISTIC: Record<TModelAgreementRow["statistic"], string> = {
  cohen_kappa: "Cohen κ",
  exact_agreement: "exact agreement",
  accuracy: "accuracy vs gold",
  krippendorff_alpha: "Krippendorff α",
  precision: "precision vs gold",
  recall: "recall vs gold",
  f1: "F1 vs gold",
};

const columns: ColumnDef<TModelAgreementRow, unknown>[] = [
  { accessorKey: "field", header: "Field" },
  { accessorKey: "model", header: "Model" },
  {
    accessorKey: "other",
    header: "Compared with",
    cell: ({ row }) => ({ gold: "gold (adjudicated, or the item's)", "gold (token)": "gold tags, per token", "gold (span)": "gold tags, per span", annotators: "the annotators alone (α without the model)", "annotators+model": "the annotators and the model (α with it)" })[row.original.other] ?? row.original.other,
  },
  { id: "statistic", header: "Statistic", accessorFn: (r) => (r.other.startsWith("humans: ") ? "accuracy vs the humans' label (MMTE Table 4)" : STATISTIC[r.statistic]) },
  {
    id: "value",
    header: "Value",
    accessorFn: (r) => r.value,
    cell: ({ row }) => (
      <span className="font-mono" title={row.original.note ?? undefined}>
        {row.original.value === null ? "no value" : row.original.statistic === "cohen_kappa" || row.original.statistic === "krippendorff_alpha" ? row.original.value.toFixed(3) : `${(100 * row.original.value).toFixed(1)}%`}
      </span>
    ),
    sortUndefined: "last",
  },
  { accessorKey: "n", header: "n (units)" },
  { id: "note", header: "Note", accessorFn: (r) => r.note ?? "" },
];

export function ModelRaters({ slug, rows }: { slug: string; rows: TModelAgreementRow[] }) {
  return (
    <section aria-labelledby="model-raters">
      <h3 id="model-raters" className="mb-1 font-medium">Models beside the annotators</h3>
      <p className="mb-2 text-xs text-slate-500">
        <span className="font-medium text-slate-600">Includes:</span> every model suggestion that succeeded (the latest per unit and model) against every annotator&apos;s saved values on the same units, and the field&apos;s gold (the item&apos;s value where the scheme declares it, else the adjudicated one); a model never counts as an annotator in the tables above.
      </p>
      <DataTable data={rows} columns={columns} csvName={`${slug}-model-agreement`} testId="model-raters" />
    </section>
  );
}
