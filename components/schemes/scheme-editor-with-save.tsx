"use client";
// The scheme editor wired to the project's save action (a client boundary: the action is called
// from the browser, its refusal is shown in the editor).
import { saveProjectSchemeAction } from "@/app/projects/[slug]/settings/scheme/actions";
import { SchemeEditor, type TSaveSchemeAnswer } from "./scheme-editor";

export function SchemeEditorWithSave({ slug, initialText, projectVersion }: { slug: string; initialText: string; projectVersion: number | null }) {
  // the editor's own file name: an opened .yaml file is parsed as YAML on the server too
  async function save(text: string, note: string, fileName: string): Promise<TSaveSchemeAnswer> {
    const r = await saveProjectSchemeAction({ slug, fileName, text, note });
    if (!r.ok) return { ok: false, message: r.message };
    if (!r.data.saved) return { ok: false, message: r.data.message, orphans: r.data.orphans };
    return { ok: true, version: r.data.version, changes: r.data.changes };
  }
  return <SchemeEditor initialText={initialText} projectVersion={projectVersion} save={save} />;
}
