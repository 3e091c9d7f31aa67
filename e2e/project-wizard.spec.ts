// Issue 13, point 9: a site admin creates a project in the browser (wizard: name and slug,
// languages, scheme, members), invites someone without an account, and the link read from the
// page lets a fresh browser set a name and password and land in the project as annotator.
// Refusals are checked on the way: a taken slug, an invalid language code, a used or revoked link.
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const id = Date.now().toString(36);
const name = `Wizard E2E ${id}`;
const slug = `wizard-e2e-${id}`;
const invitee = `invitee-${id}@e2e.tropos`;
const revoked = `revoked-${id}@e2e.tropos`;

async function next(page: Page) {
  await page.getByRole("button", { name: "Next" }).click();
}

test("an admin creates a project with the wizard and an invited person joins it as annotator", async ({ page, browser }) => {
  test.setTimeout(240_000); // many steps and two browsers on a shared, busy machine
  await signIn(page, USERS.admin);
  await page.goto("/projects");
  await page.getByRole("link", { name: "New project" }).click();
  await expect(page.getByRole("heading", { name: "New project" })).toBeVisible();

  // step 1: the slug follows the name; take an existing one to see the server's refusal later
  await expect(page.getByLabel("Project name")).toBeFocused();
  await page.keyboard.type(name);
  await expect(page.getByLabel(/^Slug/)).toHaveValue(slug);
  await page.getByLabel(/^Slug/).fill("Demo!");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("error-slug")).toContainText("lower-case letters, digits and dashes");
  await page.getByLabel(/^Slug/).fill("demo");
  await page.keyboard.press("Enter");

  // step 2: an invalid language code is named in the error, the step stays
  await expect(page.getByRole("heading", { name: /Step 2 of 5/ })).toBeVisible();
  await page.getByLabel("Target language (code)").fill("italian");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("error-targetLang")).toContainText('Target language "italian"');
  await screenshot(page, "wizard-language-error");
  await page.getByLabel("Target language (code)").fill("it");
  await next(page);

  // step 3: scheme preset
  await page.getByRole("radio", { name: /^MetaHOPE/ }).check();
  await next(page);

  // step 4: members — the admin is listed as manager; add the invitee with the keyboard
  await expect(page.getByTestId("wizard-members")).toContainText(USERS.admin);
  await page.getByLabel("Email").fill(invitee);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("wizard-members")).toContainText(invitee);
  await expect(page.getByTestId("wizard-members")).toContainText("annotator");
  await next(page);

  // step 5: review; "demo" is taken, so the wizard goes back to step 1 with the server's message
  await expect(page.getByTestId("wizard-review")).toContainText("en → it");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByTestId("error-slug")).toHaveText('A project with the slug "demo" exists already.');
  await expect(page.getByRole("heading", { name: /Step 1 of 5/ })).toBeVisible();
  await screenshot(page, "wizard-slug-taken");
  await page.getByLabel(/^Slug/).fill(slug);
  for (let i = 0; i < 4; i++) await next(page);
  await screenshot(page, "wizard-review");
  await page.getByRole("button", { name: "Create project" }).click();

  // done: the invitation link is shown once; links to import, members and the project
  const done = page.getByTestId("wizard-done");
  await expect(done).toContainText(`Created ${name}`);
  const link = await done.getByTestId("invite-link").inputValue();
  expect(link).toMatch(new RegExp(`/invite/[A-Za-z0-9_-]{43}$`));
  await expect(done.getByRole("link", { name: "Import a corpus" })).toHaveAttribute("href", `/projects/${slug}/import`);
  await screenshot(page, "wizard-done");

  // members page: a second invitation, then revoked
  await done.getByRole("link", { name: "Members and invitations" }).click();
  await expect(page.getByTestId("members-table")).toContainText(USERS.admin);
  await page.getByLabel("Invite by email").fill(revoked);
  await page.getByLabel("Role", { exact: true }).selectOption("ADJUDICATOR");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const revokedLink = await page.getByTestId("invite-created").getByTestId("invite-link").inputValue();
  expect(revokedLink).toContain("/invite/");
  await expect(page.getByTestId("invitations-table")).toContainText(revoked);
  await screenshot(page, "members-invitation-created");
  await page.getByRole("button", { name: `Revoke the invitation of ${revoked} (adjudicator)` }).click();
  await expect(page.getByTestId("invitations-table").getByRole("row", { name: new RegExp(revoked) })).toContainText("revoked");
  await expect(page.getByTestId("invitations-table").getByRole("row", { name: new RegExp(invitee) })).toContainText("pending");

  // the invitee, in a browser of their own: set name and password, land in the project as annotator
  const guest = await browser.newContext();
  const gp = await guest.newPage();
  await gp.goto(new URL(link).pathname);
  await expect(gp.getByRole("heading", { name: `Join ${name}` })).toBeVisible();
  await expect(gp.getByText(`as annotator (${invitee})`)).toBeVisible();
  await gp.getByLabel("Your name").fill("Ina Invitee");
  await gp.getByLabel("Password", { exact: true }).fill("short");
  await gp.getByLabel("Password again").fill("short");
  await gp.getByRole("button", { name: "Create account and join" }).click();
  await expect(gp.getByTestId("invitation-error")).toContainText("at least 8 characters");
  await gp.getByLabel("Password", { exact: true }).fill("a long passphrase");
  await gp.getByLabel("Password again").fill("a long passphrase");
  await screenshot(gp, "invitation-set-password");
  await gp.getByRole("button", { name: "Create account and join" }).click();
  await gp.waitForURL(`**/projects/${slug}`);
  await expect(gp.getByTestId("current-user")).toContainText(invitee);
  await expect(gp.getByTestId("project-name")).toHaveText(name);
  const nav = gp.getByRole("navigation", { name: "Project" });
  await expect(nav.getByRole("link", { name: "My queue" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Members" })).toHaveCount(0);
  await screenshot(gp, "invitation-landed");

  // the link is used up; the revoked one says so
  await gp.goto(new URL(link).pathname);
  await expect(gp.getByTestId("invitation-accepted")).toContainText("This invitation has been used");
  await gp.goto(new URL(revokedLink).pathname);
  await expect(gp.getByTestId("invitation-revoked")).toContainText("withdrawn");
  await screenshot(gp, "invitation-revoked");
  await guest.close();

  // and the manager sees it accepted
  await page.reload();
  await expect(page.getByTestId("invitations-table").getByRole("row", { name: new RegExp(invitee) })).toContainText("accepted");
  await expect(page.getByTestId("members-table")).toContainText(invitee);
});

test("without the project creator right the wizard is refused, and the refusal says which right and who gives it", async ({ page }) => {
  await signIn(page, USERS.manager);
  await expect(page.getByRole("link", { name: "New project" })).toHaveCount(0);
  const res = await page.goto("/projects/new");
  expect(res?.status()).toBe(403);
  // issue 29 point 3: it said "Your role in this project does not include it", with no project
  await expect(page.getByTestId("new-project-refused")).toContainText("project creator right");
  await expect(page.getByText("Your role in this project")).toHaveCount(0);
});

test("a site admin gives the project creator right, and its holder creates a project on every preset, a scheme file and a copy (issue 29 point 3)", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const lead = `lead-${id}@e2e.tropos`;
  tropos("user", "create", "--email", lead, "--password", PASSWORD);

  // the site admin's Users page
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, USERS.admin);
  await admin.goto("/projects");
  await admin.getByRole("link", { name: "Users" }).click();
  await admin.getByLabel(`${lead} may create projects`).check();
  await expect(admin.getByTestId("users-message")).toHaveText(`${lead} may now create projects.`);
  await screenshot(admin, "admin-users");
  await adminContext.close();

  await signIn(page, lead);
  const create = async (projectName: string, choose: () => Promise<void>) => {
    await page.goto("/projects");
    await page.getByRole("link", { name: "New project" }).click();
    await page.getByLabel("Project name").fill(projectName);
    await next(page);
    await next(page); // en → zh
    await choose();
    await next(page);
    await next(page); // members: the creator is added as manager
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByTestId("wizard-done")).toContainText(`Created ${projectName}`);
    const created = (await page.getByTestId("wizard-done").getByRole("link", { name: "Open the project" }).getAttribute("href"))!;
    await page.goto(`${created}/settings/scheme`);
    return page.getByTestId("scheme-current");
  };

  const presets: [RegExp, string][] = [
    [/^MMTE\b(?! \+)/, "MMTE"],
    [/^MetaHOPE/, "MetaHOPE"],
    [/^MMTE \+ MetaHOPE/, "Version 1"],
    [/^EMOS emotion preservation/, "EMOS emotion preservation"],
    [/^CR-ST idiom comprehension/, "CR-ST idiom comprehension"],
    [/^Meta4XNLI metaphor detection/, "Meta4XNLI"],
    [/^MQM error annotation/, "MQM error annotation"],
  ];
  for (const [i, [radio, stored]] of presets.entries()) {
    const current = await create(`Preset ${i} ${id}`, () => page.getByRole("radio", { name: radio }).check());
    await expect(current).toContainText(stored);
  }

  // a scheme file: a broken one is refused on its step with file, line and column; a good one is stored as version 1
  const fixture = (await import("node:fs")).readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8");
  await page.goto("/projects/new");
  await page.getByLabel("Project name").fill(`From a file ${id}`);
  await next(page);
  await next(page);
  await page.getByRole("radio", { name: /^A scheme file/ }).check();
  await page.getByTestId("wizard-scheme-file").setInputFiles({ name: "ours.json", mimeType: "application/json", buffer: Buffer.from(fixture.replace('"version": 1', '"version": "one"')) });
  await next(page);
  await expect(page.getByTestId("error-scheme")).toContainText("ours.json:");
  await page.getByTestId("wizard-scheme-file").setInputFiles({ name: "ours.json", mimeType: "application/json", buffer: Buffer.from(fixture) });
  await next(page);
  await next(page);
  await expect(page.getByTestId("wizard-review-scheme")).toHaveText("The scheme file ours.json");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByTestId("wizard-done")).toBeVisible();
  await page.goto(`${(await page.getByTestId("wizard-done").getByRole("link", { name: "Open the project" }).getAttribute("href"))!}/settings/scheme`);
  await expect(page.getByTestId("scheme-current")).toContainText('Version 1 of "Idiom judgement"');

  // a copy of a project the creator manages (the EMOS one above)
  const copy = await create(`Copy ${id}`, async () => {
    await page.getByRole("radio", { name: /^Copy the scheme of another project/ }).check();
    await page.getByLabel("Project to copy the scheme of").selectOption({ label: `Preset 3 ${id} (preset-3-${id})` });
    await screenshot(page, "wizard-scheme-sources");
  });
  await expect(copy).toContainText("EMOS emotion preservation");
});

test("someone with an account signs in through the link and accepts into the project", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // a project of its own, made through the CLI (the same lib/db/projects/create-project.ts as the wizard)
  const own = `wizard-accept-${id}`;
  tropos("project", "create", own, "--name", "Accept E2E", "--manager", USERS.manager);

  await signIn(page, USERS.manager);
  await page.goto(`/projects/${own}/members`);
  // an existing member with that role cannot be invited again
  await page.getByLabel("Invite by email").fill(USERS.manager);
  await page.getByLabel("Role", { exact: true }).selectOption("MANAGER");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  await expect(page.getByTestId("invite-error")).toContainText("already holds the manager role");
  await page.getByLabel("Invite by email").fill(USERS.annotator2);
  await page.getByLabel("Role", { exact: true }).selectOption("ANNOTATOR");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = new URL(await page.getByTestId("invite-created").getByTestId("invite-link").inputValue()).pathname;

  // someone else signed in sees whom the link is for, and cannot use it
  const other = await browser.newContext();
  const op = await other.newPage();
  await signIn(op, USERS.annotator3);
  await op.goto(link);
  await expect(op.getByTestId("invitation-wrong-account")).toContainText(`this invitation is for ${USERS.annotator2}`);
  await other.close();

  const guest = await browser.newContext();
  const gp = await guest.newPage();
  await gp.goto(link);
  await gp.getByRole("link", { name: "Sign in to accept" }).click();
  await gp.getByLabel("Email").fill(USERS.annotator2);
  await gp.getByLabel("Password").fill(PASSWORD);
  await gp.getByRole("button", { name: "Sign in", exact: true }).click();
  await gp.waitForURL(`**${link}`);
  await screenshot(gp, "invitation-accept-existing");
  await gp.getByRole("button", { name: "Accept and open the project" }).click();
  await gp.waitForURL(`**/projects/${own}`);
  await expect(gp.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "My queue" })).toBeVisible();
  await guest.close();
});
