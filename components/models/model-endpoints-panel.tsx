"use client";
// The managers' Models page: the project's OpenAI-compatible endpoints (with a connection test),
// a form to add one (the NAME of the key's environment variable, never a key), and a form to start
// a suggest job whose progress is followed with the Jobs' JobProgress bar (cancel included).
import { useState } from "react";
import { useRouter } from "next/navigation";
import { JobProgress } from "@/components/import/job-progress";
import type { TModelEndpointView } from "@/lib/db/models/endpoints";
import { ZJobView, type TJobView } from "@/lib/jobs/job-view";

const input = "mt-1 rounded border border-slate-300 px-3 py-1.5";
const button = "rounded bg-indigo-600 px-4 py-1.5 text-white hover:bg-indigo-700 disabled:opacity-60";

async function post(url: string, body: unknown): Promise<{ ok: boolean; json: Record<string, unknown> }> {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  return { ok: res.ok, json };
}
const errorOf = (json: Record<string, unknown>, fallback: string) => ((json.error as { message?: string } | undefined)?.message ?? fallback);

export function ModelEndpointsPanel({ slug, endpoints, fields }: { slug: string; endpoints: TModelEndpointView[]; fields: { id: string; label: string; scope: string }[] }) {
  const router = useRouter();
  const base = `/api/projects/${encodeURIComponent(slug)}`;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tests, setTests] = useState<Record<string, string>>({});
  const [job, setJob] = useState<TJobView | null>(null);

  async function add(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const d = new FormData(form);
    const num = (k: string) => (String(d.get(k) ?? "").trim() === "" ? undefined : Number(d.get(k)));
    const keyEnv = String(d.get("apiKeyEnv") ?? "").trim();
    setBusy(true);
    const r = await post(`${base}/models`, {
      name: String(d.get("name") ?? ""), baseUrl: String(d.get("baseUrl") ?? ""), model: String(d.get("model") ?? ""),
      apiKeyEnv: keyEnv === "" ? null : keyEnv, concurrency: num("concurrency"), timeoutMs: num("timeoutMs"),
    });
    setBusy(false);
    if (!r.ok) return setError(errorOf(r.json, "The endpoint could not be added."));
    setError(null);
    form.reset();
    router.refresh();
  }

  async function test(name: string) {
    setTests((t) => ({ ...t, [name]: "testing…" }));
    const r = await post(`${base}/models/${encodeURIComponent(name)}/test`, {});
    const j = r.json as { ok?: boolean; models?: string[]; hasModel?: boolean; message?: string };
    const endpoint = endpoints.find((e) => e.name === name);
    const text = !r.ok
      ? errorOf(r.json, "The test could not run.")
      : j.ok
        ? `OK: ${j.models?.length ?? 0} model(s); ${j.hasModel ? `${endpoint?.model ?? "this endpoint's model"} is served` : `this endpoint's model ${endpoint?.model ?? ""} is NOT among them`}`
        : `Failed: ${j.message}`;
    setTests((t) => ({ ...t, [name]: text }));
  }

  async function suggest(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    const limit = String(d.get("limit") ?? "").trim();
    setBusy(true);
    const r = await post(`${base}/suggest`, { model: String(d.get("model") ?? ""), field: String(d.get("field") ?? ""), ...(limit ? { limit: Number(limit) } : {}), retryFailed: d.get("retryFailed") === "on" });
    setBusy(false);
    if (!r.ok) return setError(errorOf(r.json, "The job could not be started."));
    setError(null);
    setJob(ZJobView.parse(r.json.job));
  }

  return (
    <div className="space-y-6">
      {error && <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
      <section aria-labelledby="endpoints-heading">
        <h3 id="endpoints-heading" className="font-medium">Endpoints</h3>
        {endpoints.length === 0 ? (
          <p className="text-sm text-slate-500">No model endpoints yet.</p>
        ) : (
          <table className="mt-2 w-full text-sm" data-testid="model-endpoints">
            <thead><tr className="text-left text-slate-500"><th>Name</th><th>Model</th><th>Base URL</th><th>API key</th><th>Concurrency</th><th>Timeout</th><th /></tr></thead>
            <tbody>
              {endpoints.map((e) => (
                <tr key={e.id} className="border-t border-slate-100">
                  <td className="py-1">{e.name}</td>
                  <td>{e.model}</td>
                  <td className="font-mono text-xs">{e.kind === "imported" ? <span className="font-sans text-slate-500">imported predictions (no API)</span> : e.baseUrl}</td>
                  <td>{e.apiKeyEnv ? <span>${e.apiKeyEnv} {e.apiKeySet ? "(set)" : <span className="text-amber-700">(not set on the server)</span>}</span> : "none"}</td>
                  <td>{e.concurrency}</td>
                  <td>{e.timeoutMs} ms</td>
                  <td className="text-right">
                    {e.kind === "api" && <button type="button" onClick={() => void test(e.name)} className="rounded border border-slate-300 px-2 py-0.5">Test connection</button>}
                    {tests[e.name] && <span className="ml-2 text-xs" data-testid="model-test-result">{tests[e.name]}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <form onSubmit={(e) => void add(e)} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4" aria-label="Add a model endpoint">
        <div><label htmlFor="me-name" className="block text-sm font-medium">Name</label><input id="me-name" name="name" required className={`${input} w-32`} /></div>
        <div><label htmlFor="me-url" className="block text-sm font-medium">Base URL</label><input id="me-url" name="baseUrl" required placeholder="http://127.0.0.1:11434/v1" className={`${input} w-72`} /></div>
        <div><label htmlFor="me-model" className="block text-sm font-medium">Model</label><input id="me-model" name="model" required placeholder="qwen2.5:7b" className={`${input} w-40`} /></div>
        <div>
          <label htmlFor="me-key" className="block text-sm font-medium">API key variable</label>
          <input id="me-key" name="apiKeyEnv" placeholder="TROPOS_MODEL_KEY_OPENAI" className={`${input} w-56`} autoComplete="off" />
        </div>
        <div><label htmlFor="me-conc" className="block text-sm font-medium">Concurrency</label><input id="me-conc" name="concurrency" type="number" min={1} max={64} placeholder="2" className={`${input} w-24`} /></div>
        <div><label htmlFor="me-timeout" className="block text-sm font-medium">Timeout (ms)</label><input id="me-timeout" name="timeoutMs" type="number" min={100} placeholder="60000" className={`${input} w-28`} /></div>
        <button type="submit" disabled={busy} className={button}>Add endpoint</button>
        <p className="w-full text-xs text-slate-500">The key itself is never entered here: name the environment variable that holds it in the server&apos;s (and worker&apos;s) environment: TROPOS_MODEL_KEY_… or one the operator lists in TROPOS_MODEL_KEY_ENVS.</p>
      </form>

      {endpoints.length > 0 && (
        <form onSubmit={(e) => void suggest(e)} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4" aria-label="Start model suggestions">
          <div>
            <label htmlFor="sg-model" className="block text-sm font-medium">Endpoint</label>
            <select id="sg-model" name="model" className={input}>{endpoints.filter((e) => e.kind === "api").map((e) => <option key={e.id} value={e.name}>{e.name}</option>)}</select>
          </div>
          <div>
            <label htmlFor="sg-field" className="block text-sm font-medium">Field</label>
            <select id="sg-field" name="field" className={input}>{fields.map((f) => <option key={f.id} value={f.id}>{f.label} ({f.scope})</option>)}</select>
          </div>
          <div><label htmlFor="sg-limit" className="block text-sm font-medium">Only the first N units</label><input id="sg-limit" name="limit" type="number" min={1} className={`${input} w-28`} /></div>
          <label className="flex items-center gap-1 text-sm"><input type="checkbox" name="retryFailed" /> Ask failed units again</label>
          <button type="submit" disabled={busy || (job !== null && !["done", "failed", "cancelled"].includes(job.status))} className={button}>Start suggestions</button>
          <p className="w-full text-xs text-slate-500">
            One request per unit; units that already have a suggestion from this endpoint under the same prompt are skipped, so starting again continues a stopped job.
            Suggestions are kept apart from annotations; export them as &quot;Model suggestions&quot; on the Import &amp; export page.
          </p>
        </form>
      )}
      {job && <JobProgress slug={slug} job={job} onEnded={(j) => setJob(j)} />}
    </div>
  );
}
