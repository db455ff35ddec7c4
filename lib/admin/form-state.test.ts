import { describe, expect, it, vi } from "vitest";
import { SOMETHING_WENT_WRONG } from "@/lib/actions/action-result";
import { DomainError } from "@/lib/errors/domain-error";
import { formValues, runFormAction } from "./form-state";
import { parseInput, zCheckbox, zOptionalMoney, zPercent } from "./form-input";
import { z } from "zod";

function fd(entries: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  f.append("$ACTION_ID_abc", "");
  return f;
}

describe("console form plumbing", () => {
  it("passes the fields as text and leaves Next's action fields out", () => {
    expect(formValues(fd({ a: "1", b: "" }))).toEqual({ a: "1", b: "" });
  });

  it("turns a refusal into per-field errors and keeps what was typed", async () => {
    const state = await runFormAction(fd({ price: "abc" }), async () => {
      throw new DomainError("invalid", "Check the highlighted fields.", { details: [{ field: "price", message: "Enter an amount." }] });
    });
    expect(state).toEqual({ ok: false, error: "Fix the highlighted field and save again.", fieldErrors: { price: "Enter an amount." }, values: { price: "abc" } });
    const conflict = await runFormAction(fd({}), async () => {
      throw new DomainError("conflict", "Cannot approve a reseller that is active.");
    });
    expect(conflict).toEqual({ ok: false, error: "Cannot approve a reseller that is active.", values: {} });
    expect(await runFormAction(fd({}), async () => "Done.")).toEqual({ ok: true, data: undefined, message: "Done." });
    expect(await runFormAction(fd({}), async () => {})).toMatchObject({ ok: true, message: "Saved." });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await runFormAction(fd({ a: "1" }), async () => Promise.reject(new Error("boom")))).toEqual({ ok: false, error: SOMETHING_WENT_WRONG, values: { a: "1" } });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("reads blanks as null, checkboxes as booleans and keeps decimals exact", () => {
    const schema = z.object({ a: zOptionalMoney, b: zOptionalMoney, c: zCheckbox, d: zCheckbox, p: zPercent });
    const out = parseInput(schema, { a: "", b: "0.1000", c: "on", p: "12.5" });
    expect(out.a).toBeNull();
    expect(out.b!.toFixed(4)).toBe("0.1000");
    expect([out.c, out.d]).toEqual([true, false]);
    expect(out.p.toFixed(2)).toBe("12.50");
    expect(() => parseInput(schema, { a: "1,5", b: "-1", p: "100.01" })).toThrow(DomainError);
  });
});

describe("figures shown in forms", () => {
  it("keep every stored place so saving an unrelated change does not round a price", async () => {
    const { cyclePriceValues } = await import("@/lib/catalogue/admin/cycle-price-fields");
    const { Prisma } = await import("@/lib/generated/prisma/client");
    const values = cyclePriceValues([
      { cycle: "hourly", amount: new Prisma.Decimal("0.0099") },
      { cycle: "monthly", amount: new Prisma.Decimal("6.5") },
      { cycle: "annually", amount: new Prisma.Decimal("70.125") },
    ]);
    expect(values).toEqual({ price_monthly: "6.50", price_quarterly: "", price_semi_annually: "", price_annually: "70.125", price_hourly: "0.0099" });
  });
});
