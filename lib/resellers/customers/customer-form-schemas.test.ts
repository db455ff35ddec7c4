import { describe, expect, it } from "vitest";
import { ZCreateResellerCustomerSchema, ZUpdateResellerCustomerSchema, metadataRows, metadataRowsFromForm } from "./customer-form-schemas";

describe("reseller customer form schemas", () => {
  it("create: the external id is required; empty name and email become null", () => {
    expect(ZCreateResellerCustomerSchema.parse({ externalCustomerId: " c-42 ", name: "", email: "" })).toEqual({ externalCustomerId: "c-42", name: null, email: null });
    const bad = ZCreateResellerCustomerSchema.safeParse({ externalCustomerId: "", name: "", email: "nope" });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["externalCustomerId", "Enter the id your platform uses for this customer."],
      ["email", "Enter a valid email address, or leave it empty."],
    ]);
  });

  it("metadata rows round-trip: text stays text, other values go through JSON, blank rows are dropped", () => {
    const metadata = { plan: "gold", seats: 3, tags: ["a"], nested: { x: true } };
    const rows = metadataRows(metadata);
    expect(rows).toContainEqual({ key: "seats", value: "3", json: true });
    const parsed = ZUpdateResellerCustomerSchema.parse({ name: "Ada", email: "ada@example.com", metadata: [...rows, { key: "", value: " ", json: false }] });
    expect(parsed.metadata).toEqual(metadata);
  });

  it("metadata refusals: a value without a key, a duplicate key, bad JSON", () => {
    const msg = (metadata: { key: string; value: string; json: boolean }[]) =>
      ZUpdateResellerCustomerSchema.safeParse({ name: "", email: "", metadata }).error?.issues[0]?.message;
    expect(msg([{ key: "", value: "x", json: false }])).toBe("Every value needs a key.");
    expect(msg([{ key: "a", value: "1", json: false }, { key: " a", value: "2", json: false }])).toBe("The key “a” appears twice.");
    expect(msg([{ key: "n", value: "{", json: true }])).toBe("The value of “n” is not valid JSON.");
  });

  it("reads repeated form fields in order", () => {
    const f = new FormData();
    for (const [k, v] of [["metaKey", "a"], ["metaValue", "1"], ["metaJson", "1"], ["metaKey", "b"], ["metaValue", "two"], ["metaJson", "0"]]) f.append(k!, v!);
    expect(metadataRowsFromForm(f)).toEqual([
      { key: "a", value: "1", json: true },
      { key: "b", value: "two", json: false },
    ]);
  });
});
