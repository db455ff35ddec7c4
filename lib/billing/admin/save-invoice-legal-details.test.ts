import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { getInvoiceLegalDetails, saveInvoiceLegalDetails } from "./save-invoice-legal-details";

let t: TestDb;
const operator = (): OperatorContext => ({ db: t.db, now: new Date(), actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("invoice legal details", () => {
  it("are blank until saved, then stored trimmed, the address line by line, blanks as nothing", async () => {
    expect(await getInvoiceLegalDetails(operator())).toEqual({
      legalName: null,
      legalAddress: null,
      legalVatNumber: null,
      legalRegistration: null,
      legalEmail: null,
      invoiceFooter: null,
    });
    const saved = await saveInvoiceLegalDetails(operator(), {
      legalName: "  Rackfront Hosting Ltd ",
      legalAddress: "1 Server Street\r\n\r\n  London  \r\nEC1A 1AA\n",
      legalVatNumber: "GB123456789",
      legalRegistration: "",
      legalEmail: "billing@rackfront.example",
      invoiceFooter: "IBAN GB00 TEST 0000 0000\r\nPayment within 7 days.",
    });
    expect(saved).toEqual({
      legalName: "Rackfront Hosting Ltd",
      legalAddress: "1 Server Street\nLondon\nEC1A 1AA",
      legalVatNumber: "GB123456789",
      legalRegistration: null,
      legalEmail: "billing@rackfront.example",
      invoiceFooter: "IBAN GB00 TEST 0000 0000\nPayment within 7 days.",
    });
    expect(await getInvoiceLegalDetails(operator())).toEqual(saved);
    // The billing settings on the same row are untouched.
    expect(await t.db.platformSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ invoiceDueDays: 7, issueProformas: false });
  });

  it("refuses field by field, changing nothing", async () => {
    const before = await getInvoiceLegalDetails(operator());
    const bad = await domainRefusal(
      saveInvoiceLegalDetails(operator(), {
        legalName: "x".repeat(201),
        legalAddress: Array.from({ length: 9 }, (_, i) => `Line ${i + 1}`).join("\n"),
        legalVatNumber: "GB1\nGB2",
        legalRegistration: "12345678",
        legalEmail: "not an email",
        invoiceFooter: "y".repeat(1001),
      }),
    );
    expect(bad.kind).toBe("invalid");
    expect(Object.fromEntries(bad.details!.map((d) => [d.field, d.message]))).toEqual({
      legalName: "At most 200 characters.",
      legalAddress: "At most 8 lines.",
      legalVatNumber: "Keep it on one line.",
      legalEmail: "Enter an email address like billing@example.com, or leave it blank.",
      invoiceFooter: "At most 1000 characters.",
    });
    expect(await getInvoiceLegalDetails(operator())).toEqual(before);
  });
});
