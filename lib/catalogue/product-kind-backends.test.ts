import { describe, expect, it } from "vitest";
import { PRODUCT_KINDS } from "./admin/save-product";
import { productKindHasBackend, productKindNotOrderableReason, registerProductKindBackend } from "./product-kind-backends";

describe("product kinds and their backends", () => {
  it("native VPS, dedicated servers, game servers and generic products are orderable; IP transit and colocation are not yet", () => {
    expect(PRODUCT_KINDS.filter(productKindHasBackend)).toEqual(["vps", "dedicated", "game", "generic"]);
    expect(["ip_transit", "colocation"].map((k) => productKindNotOrderableReason(k as "ip_transit"))).toEqual([
      "IP transit products cannot be ordered yet: no backend builds them",
      "Colocation products cannot be ordered yet: no backend builds them",
    ]);
    expect(productKindNotOrderableReason("vps")).toBeNull();
    expect(productKindNotOrderableReason("game")).toBeNull();
  });

  it("a backend that registers itself makes its kind orderable; undoing it takes that back", () => {
    const undo = registerProductKindBackend("ip_transit", "routers");
    try {
      expect(productKindHasBackend("ip_transit")).toBe(true);
      expect(productKindNotOrderableReason("ip_transit")).toBeNull();
    } finally {
      undo();
    }
    expect(productKindHasBackend("ip_transit")).toBe(false);
    // Undoing a replacement puts the previous backend back rather than removing the kind.
    registerProductKindBackend("vps", "another hypervisor build")();
    expect(productKindHasBackend("vps")).toBe(true);
  });
});
