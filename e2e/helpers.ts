// Shared end-to-end helpers: demo accounts, sign-in through the real form or the auth API.
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const PASSWORD = "tropos-demo";
export const USERS = {
  admin: "admin@demo.tropos",
  manager: "manager@demo.tropos",
  adjudicator: "adjudicator@demo.tropos",
  annotator: "annotator1@demo.tropos",
  annotator2: "annotator2@demo.tropos",
  annotator3: "annotator3@demo.tropos",
  outsider: "outsider@e2e.tropos",
} as const;
export type DemoRole = keyof typeof USERS;

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("current-user")).toHaveText(new RegExp(email.replace(/[.@]/g, "\\$&")));
}

/** Signs a request context in through next-auth's credentials endpoint (cookies stay in the context). */
export async function apiSignIn(request: APIRequestContext, email: string, password = PASSWORD): Promise<void> {
  const csrf = await (await request.get("/api/auth/csrf")).json();
  const res = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf.csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  expect([200, 302]).toContain(res.status());
  const session = await (await request.get("/api/auth/session")).json();
  expect(session?.user?.email).toBe(email);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/**
 * MetaHOPE asks annotators to read each document before its sentences open (the preset's
 * workflow.readDocumentFirst; e2e/document-gate.spec.ts tests that). Tests about other things
 * mark the demo's documents read for the signed-in caller first.
 */
export async function readDemoDocuments(request: APIRequestContext, slug = "demo"): Promise<void> {
  for (const doc of ["demo-doc-1", "demo-doc-2", "demo-doc-3"]) {
    const res = await request.post(`/api/projects/${slug}/documents/${doc}/read`);
    // 404: none of its sentences is assigned to the caller
    if (![200, 404].includes(res.status())) throw new Error(`marking ${doc} read answered ${res.status()}: ${await res.text()}`);
  }
}
