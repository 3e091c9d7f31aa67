import { describe, expect, it } from "vitest";
import { ANY_EXPORT_PERMISSION, EXPORT_PERMISSION, exportPermission, permissionImplies } from "@/lib/authz/export-permission";
import { rolesGrant } from "@/lib/authz/permissions";

describe("export permissions", () => {
  it("lets adjudicators export gold references, adjudicated labels and the NLI pairs with them, and nothing else", () => {
    const allowed = Object.keys(EXPORT_PERMISSION).filter((w) => rolesGrant(["ADJUDICATOR"], exportPermission(w as keyof typeof EXPORT_PERMISSION)));
    expect(allowed.sort()).toEqual(["adjudicated", "gold", "nli"]);
  });

  it("lets managers export everything and annotators nothing", () => {
    for (const w of Object.keys(EXPORT_PERMISSION) as (keyof typeof EXPORT_PERMISSION)[]) {
      expect(rolesGrant(["MANAGER"], exportPermission(w)), w).toBe(true);
      expect(rolesGrant(["ANNOTATOR"], exportPermission(w)), w).toBe(false);
    }
  });

  it("checks first a permission every exporting role holds", () => {
    for (const p of new Set(Object.values(EXPORT_PERMISSION))) expect(permissionImplies(p, ANY_EXPORT_PERMISSION), p).toBe(true);
  });
});
