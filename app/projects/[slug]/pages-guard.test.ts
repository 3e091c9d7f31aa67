// The project layout leaves signed-out visitors to the page's own guard, so that the sign-in
// redirect carries the path that was asked for (issue 13, point 14: a signed-out visit to
// /projects/demo/queue came back to the project page). That is only safe if every page under
// the layout guards itself, with its own path as the way back.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname);

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return pages(full);
    return name === "page.tsx" ? [full] : [];
  });
}

/** `app/projects/[slug]/items/[segmentId]/page.tsx` → `/projects/${slug}/items/${segmentId}` */
function routeTemplate(file: string): string {
  const rel = path.relative(path.resolve(ROOT, "..", ".."), path.dirname(file)).split(path.sep);
  return `/${rel.map((seg) => seg.replace(/^\[(\w+)\]$/, "${$1}")).join("/")}`;
}

describe("pages under the project layout", () => {
  const files = pages(ROOT);
  it("exist", () => expect(files.length).toBeGreaterThan(5));
  it.each(files.map((f) => [path.relative(ROOT, f), f]))("%s calls requireProjectPage with its own path", (_name, file) => {
    const source = readFileSync(file, "utf8");
    expect(source).toContain(`requireProjectPage(`);
    expect(source).toContain(`\`${routeTemplate(file)}\``);
  });
});
