import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { primaryAddressesOf } from "@/lib/services/primary-addresses-of";
import { makeActiveService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { addCredit, makeCustomer, makeProduct, makeService, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import type { OperatorContext } from "../operator-context";
import { getCustomerOverviewOrThrow } from "./get-customer-overview";
import { searchCustomers } from "./search-customers";

let t: TestDb;
const operator = (): OperatorContext => ({ db: t.db, now: new Date(), actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });
const uid = () => randomBytes(4).toString("hex");

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

async function makeInvoice(accountId: string, number = `INV-T-${uid()}`) {
  const total = new Prisma.Decimal("24.20");
  return t.db.invoice.create({ data: { number, accountId, currency: "EUR", subtotal: new Prisma.Decimal("20.00"), vatAmount: new Prisma.Decimal("4.20"), total, dueDate: new Date() } });
}

async function makeProforma(accountId: string, number = `PRO-T-${uid()}`) {
  return t.db.proforma.create({ data: { number, accountId, currency: "EUR", subtotal: new Prisma.Decimal("10.00"), total: new Prisma.Decimal("10.00"), dueDate: new Date() } });
}

async function makeApiKey(accountId: string, userId: string) {
  return t.db.customerApiKey.create({ data: { accountId, userId, lookupId: randomBytes(4).toString("hex"), secretHash: `secret-hash-${uid()}`, label: "CI key", scopes: ["services.view"] } });
}

/** Ids of the accounts a search returns on its first page. */
async function idsFor(q: string): Promise<string[]> {
  return (await searchCustomers(operator(), { q })).rows.map((r) => r.id);
}

describe("searchCustomers", () => {
  it("finds an account by its owner's or a member's email, its company and a service hostname", async () => {
    const { account, owner } = await makeCustomer(t.db);
    const other = await makeCustomer(t.db);
    const company = `Fjordline Hosting ${uid()}`;
    await t.db.clientAccount.update({ where: { id: account.id }, data: { company } });
    const member = await makeUser(t.db, { email: `ops-${uid()}@fjordline.test`, name: "Ingrid Member" });
    await t.db.teamMember.create({ data: { accountId: account.id, userId: member.id, permissions: ["services.view"] } });
    const product = await makeProduct(t.db);
    const service = await makeService(t.db, { accountId: account.id, productId: product.id });
    const hostname = `edge-${uid()}.fjordline.test`;
    await t.db.service.update({ where: { id: service.id }, data: { hostname } });

    expect(await idsFor(owner.email.toUpperCase())).toEqual([account.id]);
    expect(await idsFor(member.email)).toEqual([account.id]);
    expect(await idsFor(company.toLowerCase().slice(0, -2))).toEqual([account.id]);
    expect(await idsFor(hostname)).toEqual([account.id]);
    expect(await idsFor(other.owner.email)).toEqual([other.account.id]);

    const [row] = (await searchCustomers(operator(), { q: company })).rows;
    expect(row).toMatchObject({ id: account.id, company, ownerEmail: owner.email, status: "active", liveServices: 1 });
  });

  it("matches invoice and proforma numbers exactly, never a part of one", async () => {
    const { account } = await makeCustomer(t.db);
    const invoice = await makeInvoice(account.id);
    const proforma = await makeProforma(account.id);

    expect(await idsFor(invoice.number)).toEqual([account.id]);
    expect(await idsFor(invoice.number.toLowerCase())).toEqual([account.id]);
    expect(await idsFor(proforma.number)).toEqual([account.id]);
    expect(await idsFor(invoice.number.slice(0, -1))).toEqual([]);
  });

  it("finds the account an IP address is assigned to, by the whole address only", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service } = await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const address = (await primaryAddressesOf(t.db, [service.id])).get(service.id);
    expect(address).toBeTruthy();

    expect(await idsFor(address!)).toEqual([account.id]);
    expect(await idsFor(address!.slice(0, -1))).not.toContain(account.id);
  });

  it("answers nothing for a search that matches nothing", async () => {
    const result = await searchCustomers(operator(), { q: `no-such-customer-${uid()}` });
    expect(result).toMatchObject({ rows: [], total: 0, page: 1, pages: 1 });
  });

  it("pages 25 at a time, newest first, and counts live services and credit per row", async () => {
    const token = `Pager ${uid()}`;
    const made: string[] = [];
    for (let i = 0; i < 27; i++) {
      const { account } = await makeCustomer(t.db);
      await t.db.clientAccount.update({ where: { id: account.id }, data: { company: `${token} ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) } });
      made.push(account.id);
    }
    const newest = made[26]!;
    const product = await makeProduct(t.db);
    await makeService(t.db, { accountId: newest, productId: product.id, status: "active" });
    await makeService(t.db, { accountId: newest, productId: product.id, status: "suspended" });
    await makeService(t.db, { accountId: newest, productId: product.id, status: "terminated" });
    await addCredit(t.db, newest, "15.50");

    const first = await searchCustomers(operator(), { q: token, page: 1 });
    const second = await searchCustomers(operator(), { q: token, page: 2 });
    expect(first).toMatchObject({ total: 27, pages: 2, page: 1 });
    expect(first.rows).toHaveLength(25);
    expect(second.rows.map((r) => r.id)).toEqual([made[1], made[0]]);
    expect(first.rows.map((r) => r.id)).toEqual(made.slice(2).reverse());
    expect(first.rows[0]).toMatchObject({ liveServices: 2, credit: { currency: "EUR" } });
    expect(first.rows[0]!.credit.balance.toFixed(2)).toBe("15.50");
    expect(first.rows[1]!.liveServices).toBe(0);
  });

  it("lists every account when the search is blank", async () => {
    const { account } = await makeCustomer(t.db);
    const all = await searchCustomers(operator(), { q: "  " });
    expect(all.total).toBe(await t.db.clientAccount.count());
    expect(all.rows[0]!.id).toBe(account.id);
  });
});

describe("getCustomerOverviewOrThrow", () => {
  it("shows one account's people, services, documents, credit and keys, and nothing of another's", async () => {
    const product = await makeProduct(t.db);
    async function customerWithEverything() {
      const c = await makeCustomer(t.db, { credit: "40.00" });
      await t.db.clientAccount.update({ where: { id: c.account.id }, data: { company: `Co ${uid()}`, vatNumber: "NL123456789B01" } });
      const member = await makeUser(t.db);
      await t.db.teamMember.create({ data: { accountId: c.account.id, userId: member.id, permissions: ["invoices.view"] } });
      const service = await makeService(t.db, { accountId: c.account.id, productId: product.id });
      const invoice = await makeInvoice(c.account.id);
      const proforma = await makeProforma(c.account.id);
      const key = await makeApiKey(c.account.id, c.owner.id);
      return { ...c, member, service, invoice, proforma, key };
    }
    const a = await customerWithEverything();
    const b = await customerWithEverything();
    await addCredit(t.db, b.account.id, "5.00");

    const o = await getCustomerOverviewOrThrow(operator(), { accountId: a.account.id });
    expect(o.account).toMatchObject({ id: a.account.id, vatNumber: "NL123456789B01", status: "active" });
    expect(o.members.map((m) => [m.email, m.role])).toEqual([
      [a.owner.email, "owner"],
      [a.member.email, "member"],
    ]);
    expect(o.members[1]!.permissions).toEqual(["invoices.view"]);
    expect(o.services.map((s) => s.id)).toEqual([a.service.id]);
    expect(o.services[0]!.product.name).toBe(product.name);
    expect(o.invoices.map((i) => i.number)).toEqual([a.invoice.number]);
    expect(o.proformas.map((p) => p.number)).toEqual([a.proforma.number]);
    expect(o.credit.balance.toFixed(2)).toBe("40.00");
    expect(o.ledger).toHaveLength(1);
    expect(o.ledger[0]!.amount.toFixed(2)).toBe("40.00");
    expect(o.apiKeys).toEqual([expect.objectContaining({ id: a.key.id, prefix: `rfk_${a.key.lookupId}`, label: "CI key", createdBy: a.owner.email })]);

    const text = JSON.stringify(o);
    expect(text).not.toContain(a.key.secretHash);
    for (const foreign of [b.account.id, b.owner.email, b.member.email, b.service.id, b.invoice.number, b.proforma.number, b.key.id]) {
      expect(text).not.toContain(foreign);
    }
  });

  it("keeps the latest ten documents and twenty ledger rows, newest first", async () => {
    const { account } = await makeCustomer(t.db);
    for (let i = 0; i < 12; i++) {
      const inv = await makeInvoice(account.id);
      await t.db.invoice.update({ where: { id: inv.id }, data: { issuedAt: new Date(Date.UTC(2026, 0, 1 + i)) } });
    }
    for (let i = 0; i < 22; i++) await addCredit(t.db, account.id, "1.00");

    const o = await getCustomerOverviewOrThrow(operator(), { accountId: account.id });
    expect(o.invoices).toHaveLength(10);
    expect(o.invoices[0]!.issuedAt.toISOString()).toBe("2026-01-12T00:00:00.000Z");
    expect(o.ledger).toHaveLength(20);
    expect(o.ledger[0]!.balanceAfter.toFixed(2)).toBe("22.00");
    expect(o.credit.balance.toFixed(2)).toBe("22.00");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const accountId of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const err = await getCustomerOverviewOrThrow(operator(), { accountId }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).kind).toBe("not_found");
    }
  });
});
