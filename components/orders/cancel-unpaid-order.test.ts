import { describe, expect, it } from "vitest";
import { whatIsCancelled } from "./cancel-unpaid-order";

const order = { orderId: "o", orderNumber: "ORD-2026-000042" };

describe("whatIsCancelled", () => {
  it("names how many services and each open document", () => {
    expect(whatIsCancelled({ ...order, services: 2, documents: [{ type: "invoice", id: "i", number: "INV-2026-000007" }] })).toBe(
      "Its 2 services and invoice INV-2026-000007 are cancelled; nothing was charged.",
    );
    expect(whatIsCancelled({ ...order, services: 1, documents: [{ type: "proforma", id: "p", number: "PRO-2026-000003" }] })).toBe(
      "Its service and proforma PRO-2026-000003 are cancelled; nothing was charged.",
    );
  });
});
