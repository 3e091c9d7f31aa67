// Records an annotator's decision on a model's suggestion (accepted, edited with the saved value,
// rejected): shared by the built-in and the scheme workspace. Resolves to the message to show when
// it was not recorded, null when it was.
export type TSuggestionDecision = "accepted" | "edited" | "rejected";

export async function postSuggestionDecision(slug: string, suggestionId: string, decision: TSuggestionDecision, value?: unknown): Promise<string | null> {
  const res = await fetch(`/api/projects/${slug}/suggestions/decisions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ suggestionId, decision, ...(value === undefined ? {} : { value }) }),
  }).catch(() => null);
  if (res?.ok) return null;
  const body = (await res?.json().catch(() => ({}))) as { error?: { message?: string } } | undefined;
  return `Your decision on the model's suggestion was not recorded: ${body?.error?.message ?? "the server is unreachable"}.`;
}
