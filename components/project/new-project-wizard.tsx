"use client";
// The new-project wizard (site admins and project creators): name and slug → languages → scheme →
// members → review. The scheme is one of the papers' presets, a scheme file (checked here as the
// server checks it) or a copy of a project the caller manages.
// Each step is a form, so Enter goes on and the browser's own focus order works; every step is
// checked with the same zod rules the server (and the CLI) use before moving on, and a refusal
// from the server (slug taken, …) takes you back to the step that holds the field.
import { useEffect, useRef, useState, useTransition } from "react";
import Link from "next/link";
import { createProjectAction } from "@/app/projects/new/actions";
import { ZLanguageCode, ZNewProjectMember, ZProjectSlug } from "@/lib/projects/new-project-input";
import { ZTargetLanguages } from "@/lib/projects/target-languages";
import { SCHEME_PRESETS, SCHEME_PRESET_DESCRIPTIONS, type TSchemePreset } from "@/lib/schemes/presets/parts-choice";
import { DATA_PRESETS, type TNewProjectSchemeSource } from "@/lib/projects/new-project-scheme";
import { formatSchemeError, parseSchemeText } from "@/lib/schemes/language/parse-scheme-text";
import { CopyLink } from "@/components/project/copy-link";

type Role = "MANAGER" | "ANNOTATOR" | "ADJUDICATOR";
const ROLES: Role[] = ["ANNOTATOR", "ADJUDICATOR", "MANAGER"];
const STEPS = ["Name", "Languages", "Scheme", "Members", "Review"] as const;
const COMMON_LANGUAGES = ["en", "zh", "it", "es", "fr", "de", "pt", "ja", "ko", "ru", "ar", "nl", "pl", "tr"];
const SCHEME_LABELS: Record<TSchemePreset, string> = { mmte: "MMTE", metahope: "MetaHOPE", both: "MMTE + MetaHOPE" };

type Created = Extract<Awaited<ReturnType<typeof createProjectAction>>, { ok: true }>["data"];
type Errors = Partial<Record<"name" | "slug" | "sourceLang" | "targetLang" | "scheme" | "members" | "memberEmail" | "form", string>>;

/** The scheme choice in words, for the review step. */
function sourceLabel(source: TNewProjectSchemeSource, copyable: readonly { slug: string; name: string }[]): string {
  switch (source.kind) {
    case "preset":
      return SCHEME_LABELS[source.preset];
    case "data-preset":
      return DATA_PRESETS.find((p) => p.id === source.id)?.name ?? source.id;
    case "file":
      return `The scheme file ${source.fileName}`;
    case "copy":
      return `A copy of the scheme of ${copyable.find((p) => p.slug === source.slug)?.name ?? source.slug}`;
  }
}

/** A slug suggestion from the name: lower case, ASCII letters and digits, dashes. */
function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63);
}

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error?.issues[0]?.message);

const FIELD_STEP: Record<string, number> = { name: 0, slug: 0, sourceLang: 1, targetLang: 1, scheme: 2, source: 2, members: 3 };

export function NewProjectWizard({ currentUserEmail, isAdmin, copyable }: { currentUserEmail: string; isAdmin: boolean; copyable: readonly { slug: string; name: string }[] }) {
  const [step, setStep] = useState(0);
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const [sourceLang, setSourceLang] = useState("en");
  const [targetLang, setTargetLang] = useState("zh");
  const [source, setSource] = useState<TNewProjectSchemeSource>({ kind: "preset", preset: "mmte" });
  const [schemeFile, setSchemeFile] = useState<{ fileName: string; text: string } | null>(null);
  const [copySlug, setCopySlug] = useState(copyable[0]?.slug ?? "");
  // the creating admin manages the project unless they take themselves off the list
  const [members, setMembers] = useState<{ email: string; role: Role }[]>([{ email: currentUserEmail, role: "MANAGER" }]);
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<Created | null>(null);
  const [pending, start] = useTransition();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // each step focuses its first field (autoFocus); the result panel focuses its heading
  useEffect(() => {
    if (created) headingRef.current?.focus();
  }, [created]);

  function validate(s: number): Errors {
    const e: Errors = {};
    if (s === 0) {
      if (!name.trim()) e.name = "Give the project a name.";
      const sl = issue(ZProjectSlug.safeParse(slug));
      if (sl) e.slug = `Slug: ${sl}.`;
    }
    if (s === 1) {
      const src = issue(ZLanguageCode.safeParse(sourceLang));
      const tgt = issue(ZTargetLanguages.safeParse(targetLang));
      if (src) e.sourceLang = `Source language "${sourceLang}": ${src}.`;
      if (tgt) e.targetLang = `Target language "${targetLang}": ${tgt}.`;
    }
    if (s === 2 && source.kind === "file" && !source.text) e.scheme = "Choose a scheme file (JSON or YAML).";
    else if (s === 2 && source.kind === "file") {
      const parsed = parseSchemeText(source.fileName, source.text);
      if (!parsed.ok) e.scheme = `${parsed.errors.slice(0, 3).map((x) => formatSchemeError(source.fileName, x)).join("; ")}${parsed.errors.length > 3 ? ` (and ${parsed.errors.length - 3} more)` : ""}`;
    }
    if (s === 2 && source.kind === "copy" && !source.slug) e.scheme = "Choose the project whose scheme to copy.";
    return e;
  }

  function next(ev: React.FormEvent) {
    ev.preventDefault();
    const e = validate(step);
    setErrors(e);
    if (Object.keys(e).length === 0) setStep(step + 1);
  }

  function addMember(ev: React.FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = new FormData(ev.currentTarget);
    const parsed = ZNewProjectMember.safeParse({ email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "ANNOTATOR") });
    if (!parsed.success) {
      setErrors({ memberEmail: `Email: ${parsed.error.issues[0]?.message}.` });
      return;
    }
    if (members.some((m) => m.email === parsed.data.email && m.role === parsed.data.role)) {
      setErrors({ memberEmail: `${parsed.data.email} is already on the list as ${parsed.data.role.toLowerCase()}.` });
      return;
    }
    setErrors({});
    setMembers([...members, parsed.data]);
    ev.currentTarget.reset();
    (ev.currentTarget.elements.namedItem("email") as HTMLInputElement | null)?.focus();
  }

  function create() {
    start(async () => {
      const res = await createProjectAction({ slug, name, sourceLang, targetLang, scheme: source.kind === "preset" ? source.preset : "mmte", source, members });
      if (res.ok) {
        setCreated(res.data);
        return;
      }
      const field = res.field?.split(".")[0] ?? "";
      const key = (field === "source" ? "scheme" : field in FIELD_STEP ? field : "form") as keyof Errors;
      setErrors({ [key]: res.message });
      if (field in FIELD_STEP) setStep(FIELD_STEP[field]);
    });
  }

  if (created) {
    return (
      <section aria-labelledby="wizard-heading" className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-6" data-testid="wizard-done">
        <h2 id="wizard-heading" ref={headingRef} tabIndex={-1} className="text-lg font-medium">Created {created.name}</h2>
        <p className="text-sm text-slate-700">
          The project <code>{created.slug}</code> is ready.
          {created.added.length > 0 && <> {created.added.length} member{created.added.length === 1 ? "" : "s"} added.</>}
        </p>
        {created.invitations.length > 0 && (
          <div>
            <h3 className="font-medium">Invitation links</h3>
            <p className="text-sm text-slate-600">
              These people have no account yet. Tropos sends no mail: copy each link to them now (it is shown only this once and
              is also printed to the server log). Each link works once, until {created.invitations[0].expiresAt.slice(0, 10)}.
            </p>
            <ul className="mt-2 space-y-2">
              {created.invitations.map((i) => (
                <li key={`${i.email}-${i.role}`}>
                  <CopyLink label={`Invitation link for ${i.email} (${i.role.toLowerCase()})`} url={i.url} />
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          <Link href={`/projects/${created.slug}/import`} className="rounded bg-indigo-600 px-4 py-1.5 text-white hover:bg-indigo-700">Import a corpus</Link>
          <Link href={`/projects/${created.slug}/members`} className="rounded border border-slate-300 px-4 py-1.5 hover:bg-slate-50">Members and invitations</Link>
          <Link href={`/projects/${created.slug}`} className="rounded border border-slate-300 px-4 py-1.5 hover:bg-slate-50">Open the project</Link>
        </div>
      </section>
    );
  }

  const err = (k: keyof Errors) =>
    errors[k] ? <p id={`err-${k}`} role="alert" className="mt-1 text-sm text-red-700" data-testid={`error-${k}`}>{errors[k]}</p> : null;
  const invalid = (k: keyof Errors) => (errors[k] ? { "aria-invalid": true, "aria-describedby": `err-${k}` } : {});
  const input = "mt-1 w-full rounded border border-slate-300 px-3 py-1.5 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200";
  const nav = (
    <div className="mt-6 flex gap-3">
      {step > 0 && (
        <button type="button" onClick={() => { setErrors({}); setStep(step - 1); }} className="rounded border border-slate-300 px-4 py-1.5 hover:bg-slate-50">
          Back
        </button>
      )}
      {step < STEPS.length - 1 ? (
        <button type="submit" className="rounded bg-indigo-600 px-4 py-1.5 text-white hover:bg-indigo-700">Next</button>
      ) : (
        <button type="submit" disabled={pending} className="rounded bg-indigo-600 px-4 py-1.5 text-white hover:bg-indigo-700 disabled:opacity-60">
          {pending ? "Creating…" : "Create project"}
        </button>
      )}
    </div>
  );

  return (
    <div className="mt-4">
      <ol className="flex flex-wrap gap-2 text-sm" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li key={s} aria-current={i === step ? "step" : undefined}
            className={`rounded px-2 py-1 ${i === step ? "bg-indigo-600 text-white" : i < step ? "bg-indigo-100 text-indigo-800" : "bg-slate-100 text-slate-600"}`}>
            {i + 1}. {s}
          </li>
        ))}
      </ol>
      <section aria-labelledby="wizard-heading" className="mt-4 max-w-2xl rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="wizard-heading" ref={headingRef} tabIndex={-1} className="text-lg font-medium focus:outline-none">
          Step {step + 1} of {STEPS.length}: {STEPS[step]}
        </h2>
        {errors.form && <p role="alert" className="mt-2 rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="error-form">{errors.form}</p>}

        {step === 0 && (
          <form onSubmit={next} noValidate className="mt-4 space-y-4">
            <div>
              <label htmlFor="project-name" className="block text-sm font-medium">Project name</label>
              <input id="project-name" value={name} autoFocus className={input} {...invalid("name")}
                onChange={(e) => { setName(e.target.value); if (!slugEdited) setSlug(slugify(e.target.value)); }} />
              {err("name")}
            </div>
            <div>
              <label htmlFor="project-slug" className="block text-sm font-medium">Slug (the project&apos;s address: /projects/<i>slug</i>)</label>
              <input id="project-slug" value={slug} className={`${input} font-mono`} {...invalid("slug")}
                onChange={(e) => { setSlug(e.target.value); setSlugEdited(true); }} />
              <p className="mt-1 text-xs text-slate-500">2–63 lower-case letters, digits and dashes.</p>
              {err("slug")}
            </div>
            {nav}
          </form>
        )}

        {step === 1 && (
          <form onSubmit={next} noValidate className="mt-4 space-y-4">
            <datalist id="language-codes">{COMMON_LANGUAGES.map((l) => <option key={l} value={l} />)}</datalist>
            <div>
              <label htmlFor="source-lang" className="block text-sm font-medium">Source language (code)</label>
              <input id="source-lang" list="language-codes" value={sourceLang} autoFocus className={`${input} w-40`} {...invalid("sourceLang")}
                onChange={(e) => setSourceLang(e.target.value)} />
              {err("sourceLang")}
            </div>
            <div>
              <label htmlFor="target-lang" className="block text-sm font-medium">Target language (code)</label>
              <input id="target-lang" list="language-codes" value={targetLang} className={`${input} w-40`} {...invalid("targetLang")}
                aria-describedby={errors.targetLang ? "err-targetLang target-lang-hint" : "target-lang-hint"} onChange={(e) => setTargetLang(e.target.value)} />
              <p id="target-lang-hint" className="text-xs text-slate-500">Several, comma-separated, for one study over several language pairs (e.g. zh, it); the first is the primary one.</p>
              {err("targetLang")}
            </div>
            <p className="text-xs text-slate-500">BCP 47 codes such as en, zh, it, pt-BR — the codes your import files use.</p>
            {nav}
          </form>
        )}

        {step === 2 && (
          <form onSubmit={next} className="mt-4 space-y-3">
            <fieldset {...invalid("scheme")}>
              <legend className="text-sm font-medium">Annotation scheme</legend>
              <p className="text-xs text-slate-500">The papers&apos; presets, a scheme file of your own, or the scheme of a project you manage.</p>
              {SCHEME_PRESETS.map((s) => (
                <label key={s} className="mt-2 flex items-start gap-2">
                  <input type="radio" name="scheme" value={`preset:${s}`} checked={source.kind === "preset" && source.preset === s} autoFocus={source.kind === "preset" && source.preset === s}
                    onChange={() => setSource({ kind: "preset", preset: s })} className="mt-1" />
                  <span><span className="font-medium">{SCHEME_LABELS[s]}</span><span className="block text-sm text-slate-600">{SCHEME_PRESET_DESCRIPTIONS[s]}</span></span>
                </label>
              ))}
              {DATA_PRESETS.map((p) => (
                <label key={p.id} className="mt-2 flex items-start gap-2">
                  <input type="radio" name="scheme" value={`data:${p.id}`} checked={source.kind === "data-preset" && source.id === p.id} autoFocus={source.kind === "data-preset" && source.id === p.id}
                    onChange={() => setSource({ kind: "data-preset", id: p.id })} className="mt-1" />
                  <span><span className="font-medium">{p.name}</span><span className="block text-sm text-slate-600">{p.description}</span></span>
                </label>
              ))}
              <label className="mt-2 flex items-start gap-2">
                <input type="radio" name="scheme" value="file" checked={source.kind === "file"} autoFocus={source.kind === "file"}
                  onChange={() => setSource(schemeFile ? { kind: "file", ...schemeFile } : { kind: "file", fileName: "", text: "" })} className="mt-1" />
                <span>
                  <span className="font-medium">A scheme file (JSON or YAML)</span>
                  <span className="block text-sm text-slate-600">Written in the scheme language (the scheme editor in Settings writes one); stored as the project&apos;s version 1.</span>
                </span>
              </label>
              {source.kind === "file" && (
                <div className="ml-6 mt-1">
                  <input type="file" accept=".json,.yaml,.yml,application/json,text/yaml" aria-label="Scheme file" data-testid="wizard-scheme-file" className="text-sm"
                    onChange={async (e) => {
                      const f = e.target.files?.[0];
                      if (!f) return;
                      const loaded = { fileName: f.name, text: await f.text() };
                      setSchemeFile(loaded);
                      setSource({ kind: "file", ...loaded });
                      setErrors({});
                    }} />
                  {schemeFile && <p className="mt-1 text-xs text-slate-600">{schemeFile.fileName} ({schemeFile.text.length.toLocaleString("en")} characters)</p>}
                </div>
              )}
              <label className="mt-2 flex items-start gap-2">
                <input type="radio" name="scheme" value="copy" checked={source.kind === "copy"} autoFocus={source.kind === "copy"} disabled={copyable.length === 0}
                  onChange={() => setSource({ kind: "copy", slug: copySlug })} className="mt-1" />
                <span>
                  <span className="font-medium">Copy the scheme of another project</span>
                  <span className="block text-sm text-slate-600">{copyable.length ? "Its version in force, with its guidelines; the new project keeps its own versions from then on." : "You manage no project yet."}</span>
                </span>
              </label>
              {source.kind === "copy" && (
                <select aria-label="Project to copy the scheme of" value={source.slug} className={`${input} ml-6 w-auto`}
                  onChange={(e) => { setCopySlug(e.target.value); setSource({ kind: "copy", slug: e.target.value }); }}>
                  {copyable.map((p) => <option key={p.slug} value={p.slug}>{p.name} ({p.slug})</option>)}
                </select>
              )}
            </fieldset>
            {err("scheme")}
            <p className="text-xs text-slate-500">A scheme can be edited later in the project&apos;s settings (every save is a new version).</p>
            {nav}
          </form>
        )}

        {step === 3 && (
          <div className="mt-4 space-y-4">
            <p className="text-sm text-slate-600">
              People with an account are added at once; for an email without an account an invitation link is made (shown after
              creating, and printed to the server log).
            </p>
            {members.length > 0 ? (
              <ul className="divide-y divide-slate-100 rounded border border-slate-200" data-testid="wizard-members">
                {members.map((m, i) => (
                  <li key={`${m.email}-${m.role}`} className="flex items-center gap-3 px-3 py-2 text-sm">
                    <span className="flex-1">{m.email}</span>
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{m.role.toLowerCase()}</span>
                    <button type="button" onClick={() => setMembers(members.filter((_, j) => j !== i))} className="text-red-700 underline"
                      aria-label={`Remove ${m.email} (${m.role.toLowerCase()})`}>
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-amber-800">
                {isAdmin ? "No members yet: as a site admin you can still open and manage the project." : "You will be added as its manager (you create it without being a site admin)."}
              </p>
            )}
            {err("members")}
            <form onSubmit={addMember} noValidate className="flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor="member-email" className="block text-sm font-medium">Email</label>
                <input id="member-email" name="email" type="email" autoFocus className={`${input} w-72`} {...invalid("memberEmail")} />
              </div>
              <div>
                <label htmlFor="member-role" className="block text-sm font-medium">Role</label>
                <select id="member-role" name="role" className={`${input} w-40`} defaultValue="ANNOTATOR">
                  {ROLES.map((r) => <option key={r} value={r}>{r.toLowerCase()}</option>)}
                </select>
              </div>
              <button type="submit" className="rounded border border-slate-300 px-4 py-1.5 hover:bg-slate-50">Add to list</button>
            </form>
            {err("memberEmail")}
            <form onSubmit={next}>{nav}</form>
          </div>
        )}

        {step === 4 && (
          <form onSubmit={(e) => { e.preventDefault(); create(); }} className="mt-4">
            <dl className="grid grid-cols-[10rem_1fr] gap-y-1 text-sm" data-testid="wizard-review">
              <dt className="text-slate-500">Name</dt><dd>{name}</dd>
              <dt className="text-slate-500">Slug</dt><dd className="font-mono">{slug}</dd>
              <dt className="text-slate-500">Languages</dt><dd>{sourceLang} → {targetLang}</dd>
              <dt className="text-slate-500">Scheme</dt><dd data-testid="wizard-review-scheme">{sourceLabel(source, copyable)}</dd>
              <dt className="text-slate-500">Members</dt>
              <dd>{members.length ? members.map((m) => `${m.email} (${m.role.toLowerCase()})`).join(", ") : "none"}</dd>
            </dl>
            <p className="mt-3 text-sm text-slate-600">After creating you can import a corpus (any supported format, with a preview before anything is stored).</p>
            {nav}
          </form>
        )}
      </section>
    </div>
  );
}
