import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createInvoice } from "@/lib/billing/create-invoice";
import { createProforma } from "@/lib/billing/create-proforma";
import { pdfTextLines } from "@/lib/billing/testing/pdf-text";
import { formatMoney } from "@/lib/format/format-money";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";

// The PDF download routes, called as Next.js calls them with the session of a real user of the
// test database: the same access as the document's page (document-page.tsx).

const session = vi.hoisted(() => ({ userId: "" }));
vi.mock("@/auth", () => ({ auth: async () => (session.userId ? { user: { id: session.userId, name: "", email: "" } } : null) }));
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
}));

const { GET: invoicePdf } = await import("./invoices/[id]/pdf/route");
const { GET: proformaPdf } = await import("./proformas/[id]/pdf/route");

let t: TestDb;
const d = (v: string) => new Prisma.Decimal(v);
const at = new Date("2026-06-01T10:00:00.000Z");
let mine: Awaited<ReturnType<typeof makeCustomer>>;
let theirs: Awaited<ReturnType<typeof makeCustomer>>;
let invoice: { id: string; number: string };
let proforma: { id: string; number: string };
let theirInvoice: { id: string; number: string };

const figures = (accountId: string) => ({
  accountId,
  currency: "EUR",
  lines: [
    { description: "VPS S (monthly)", quantity: 2, unitAmount: d("10.00"), amount: d("20.00") },
    { description: "Setup", quantity: 1, unitAmount: d("5.00"), amount: d("5.00") },
  ],
  subtotal: d("25.00"),
  vatRate: d("21"),
  vatAmount: d("5.25"),
  total: d("30.25"),
  at,
  dueDate: new Date("2026-06-08T10:00:00.000Z"),
});

beforeAll(async () => {
  t = await createTestDb();
  mine = await makeCustomer(t.db);
  theirs = await makeCustomer(t.db);
  invoice = await t.db.$transaction((tx) => createInvoice(tx, figures(mine.account.id)));
  proforma = await t.db.$transaction((tx) => createProforma(tx, figures(mine.account.id)));
  theirInvoice = await t.db.$transaction((tx) => createInvoice(tx, figures(theirs.account.id)));
});
afterAll(async () => {
  await t?.close();
});

const get = (route: typeof invoicePdf, id: string) => route(new Request(`http://localhost/billing/x/${id}/pdf`), { params: Promise.resolve({ id }) });

async function member(permissions: string[]) {
  const user = await makeUser(t.db);
  await t.db.teamMember.create({ data: { accountId: mine.account.id, userId: user.id, permissions } });
  return user.id;
}

describe("the PDF download routes", () => {
  it("send the account's invoice as an attachment named after its number, drawn from the stored figures", async () => {
    session.userId = mine.owner.id;
    const res = await get(invoicePdf, invoice.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const lines = pdfTextLines(bytes);
    expect(lines).toEqual(expect.arrayContaining([invoice.number, formatMoney("20.00", "EUR"), formatMoney("5.00", "EUR"), formatMoney("30.25", "EUR")]));
  });

  it("send a proforma the same way, and a member with invoices.view may download both", async () => {
    session.userId = await member(["invoices.view"]);
    const res = await get(proformaPdf, proforma.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${proforma.number}.pdf"`);
    expect(pdfTextLines(Buffer.from(await res.arrayBuffer()))).toEqual(expect.arrayContaining(["Proforma invoice", proforma.number]));
    expect((await get(invoicePdf, invoice.id)).status).toBe(200);
  });

  it("refuse another account's invoice as not found, as they do a made-up id or a document of the other kind", async () => {
    session.userId = mine.owner.id;
    const foreign = await get(invoicePdf, theirInvoice.id);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await foreign.text()).toBe("Invoice not found.");
    expect((await get(invoicePdf, "not-a-uuid")).status).toBe(404);
    expect((await get(proformaPdf, invoice.id)).status).toBe(404);
    // The other account's owner gets theirs, and not ours.
    session.userId = theirs.owner.id;
    expect((await get(invoicePdf, theirInvoice.id)).status).toBe(200);
    expect((await get(invoicePdf, invoice.id)).status).toBe(404);
    expect((await get(proformaPdf, proforma.id)).status).toBe(404);
  });

  it("refuse a member without invoices.view, and send a signed-out visitor to sign in", async () => {
    session.userId = await member(["services.view", "billing.view"]);
    const refused = await get(invoicePdf, invoice.id);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/invoices\.view/);
    session.userId = "";
    await expect(get(invoicePdf, invoice.id)).rejects.toThrow(/^redirect \/login/);
  });
});
