import { describe, expect, it } from "vitest";
import { PRODUCT_KINDS } from "./admin/save-product";
import { productKindHasBackend, productKindNotOrderableReason, registerProductKindBackend } from "./product-kind-backends";

describe("product kinds and their backends", () => {
  it("native VPS, dedicated servers and generic products are orderable; game, IP transit and colocation are not yet", () => {
    expect(PRODUCT_KINDS.filter(productKindHasBackend)).toEqual(["vps", "dedicated", "generic"]);
    expect(["game", "ip_transit", "colocation"].map((k) => productKindNotOrderableReason(k as "game"))).toEqual([
      "Game server products cannot be ordered yet: no backend builds them",
      "IP transit products cannot be ordered yet: no backend builds them",
      "Colocation products cannot be ordered yet: no backend builds them",
    ]);
    expect(productKindNotOrderableReason("vps")).toBeNull();
  });

  it("a backend that registers itself makes its kind orderable; undoing it takes that back", () => {
    const undo = registerProductKindBackend("game", "game nodes");
    try {
      expect(productKindHasBackend("game")).toBe(true);
      expect(productKindNotOrderableReason("game")).toBeNull();
    } finally {
      undo();
    }
    expect(productKindHasBackend("game")).toBe(false);
    // Undoing a replacement puts the previous backend back rather than removing the kind.
    registerProductKindBackend("vps", "another hypervisor build")();
    expect(productKindHasBackend("vps")).toBe(true);
  });
});
