import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { listModelEndpoints } from "@/lib/db/models/endpoints";
import { getSchemeInForce } from "@/lib/db/projects/project-schemes";
import { suggestibleFields } from "@/lib/models/suggest-field";
import { ModelEndpointsPanel } from "@/components/models/model-endpoints-panel";

export const dynamic = "force-dynamic";

// Model endpoints and model suggestions (issue 15): managers only, as the API keys' variables and
// the texts sent to a model are theirs to decide.
export default async function ModelsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "project.manage", `/projects/${slug}/models`);
  const [endpoints, scheme] = await Promise.all([listModelEndpoints(getDb(), access.project.id), getSchemeInForce(getDb(), access.project.id)]);
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-medium">Models</h2>
      <p className="text-sm text-slate-600">
        OpenAI-compatible APIs (OpenAI, Ollama, vLLM, llama.cpp server, LM Studio) that suggest values for a field. Suggestions are machine annotations
        with their provenance (model, prompt version, raw reply, tokens): they never count as an annotator.
      </p>
      <ModelEndpointsPanel slug={slug} endpoints={endpoints} fields={suggestibleFields(scheme)} />
    </div>
  );
}
