// The key-variable rule (issue 27, point 1a): a manager chooses the URL the key is sent to, so
// the variable must be one meant for model keys, never one of the app's own secrets.
import { describe, expect, it } from "vitest";
import { modelKeyEnvProblem } from "./model-key-env";

describe("modelKeyEnvProblem", () => {
  it("allows TROPOS_MODEL_KEY_* and the names the operator lists in TROPOS_MODEL_KEY_ENVS", () => {
    expect(modelKeyEnvProblem("TROPOS_MODEL_KEY_OPENAI", {})).toBeNull();
    expect(modelKeyEnvProblem("TROPOS_MODEL_KEY_LAB_2", {})).toBeNull();
    expect(modelKeyEnvProblem("OPENAI_API_KEY", { TROPOS_MODEL_KEY_ENVS: " OPENAI_API_KEY , LAB_KEY" })).toBeNull();
    expect(modelKeyEnvProblem("LAB_KEY", { TROPOS_MODEL_KEY_ENVS: "OPENAI_API_KEY,LAB_KEY" })).toBeNull();
  });

  it("refuses any other name, saying which names are allowed", () => {
    expect(modelKeyEnvProblem("OPENAI_API_KEY", {})).toMatch(/must be named TROPOS_MODEL_KEY_… .* TROPOS_MODEL_KEY_ENVS; OPENAI_API_KEY is neither/);
    expect(modelKeyEnvProblem("HOME", { TROPOS_MODEL_KEY_ENVS: "OPENAI_API_KEY" })).toMatch(/HOME is neither/);
    // the bare prefix names no key
    expect(modelKeyEnvProblem("TROPOS_MODEL_KEY_", {})).toMatch(/is neither/);
  });

  it("refuses the app's own variables even when the operator lists them (the critical finding: NEXTAUTH_SECRET forges an admin session)", () => {
    const listed = { TROPOS_MODEL_KEY_ENVS: "NEXTAUTH_SECRET,DATABASE_URL,OIDC_CLIENT_SECRET,PGPASSWORD,TROPOS_MODEL_HOSTS,TROPOS_MODEL_KEY_ENVS,SMTP_URL,NEXT_DIST_DIR,PRISMA_X" };
    for (const name of ["NEXTAUTH_SECRET", "DATABASE_URL", "OIDC_CLIENT_SECRET", "PGPASSWORD", "TROPOS_MODEL_HOSTS", "TROPOS_MODEL_KEY_ENVS", "SMTP_URL", "NEXT_DIST_DIR", "PRISMA_X"]) {
      expect(modelKeyEnvProblem(name, listed), name).toMatch(new RegExp(`^${name} is one of Tropos's own settings and can never be sent`));
      expect(modelKeyEnvProblem(name, {}), name).not.toBeNull();
    }
  });
});
