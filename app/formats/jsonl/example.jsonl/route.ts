import { jsonlReferenceExampleFile } from "@/lib/import/jsonl-reference";

// The reference's examples as a file to download and edit (public, like the reference page).
export function GET() {
  return new Response(jsonlReferenceExampleFile(), {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Content-Disposition": 'attachment; filename="tropos-example.jsonl"' },
  });
}
