import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvoice } from "@/lib/billing/create-invoice";
import { Prisma } from "@/lib/generated/prisma/client";
import { OPTIONAL_EMAILS } from "@/lib/mail/email-templates";
import { notifyAccountEvents } from "@/lib/mail/notify-account-events";
import { runLifecycleVerb } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { serviceContext } from "@/lib/services/service-context";
import { makeCustomer, makeProduct, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { getEmailPreferences, saveEmailPreferences, UNKNOWN_EMAIL } from "./email-preferences";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const ctxOf = (userId: string) => ({ db: t.db, now: new Date(), actor: { userId } });
const receiving = (prefs: { name: string; receive: boolean }[]) => prefs.filter((p) => p.receive).map((p) => p.name);

describe("email preferences", () => {
  it("lists every optional email, received until turned off; saving keeps exactly what was ticked", async () => {
    const { owner } = await makeCustomer(t.db);
    const ctx = ctxOf(owner.id);
    const initial = await getEmailPreferences(ctx);
    expect(initial.map((p) => [p.name, p.label])).toEqual(OPTIONAL_EMAILS.map((e) => [e.name, e.label]));
    expect(initial.every((p) => p.receive)).toBe(true);

    expect(receiving(await saveEmailPreferences(ctx, { receive: ["invoice-raised"] }))).toEqual(["invoice-raised"]);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).emailOptOuts.sort()).toEqual(OPTIONAL_EMAILS.map((e) => e.name).filter((n) => n !== "invoice-raised").sort());
    expect(receiving(await getEmailPreferences(ctx))).toEqual(["invoice-raised"]);

    expect(receiving(await saveEmailPreferences(ctx, { receive: OPTIONAL_EMAILS.map((e) => e.name) }))).toEqual(OPTIONAL_EMAILS.map((e) => e.name));
    expect((await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).emailOptOuts).toEqual([]);
  });

  it("refuses an unknown name and changes nothing; a required email cannot be turned off", async () => {
    const { owner } = await makeCustomer(t.db);
    const ctx = ctxOf(owner.id);
    await expect(saveEmailPreferences(ctx, { receive: ["invoice-raised", "newsletter"] })).rejects.toMatchObject({ kind: "invalid", message: `${UNKNOWN_EMAIL}: newsletter` });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).emailOptOuts).toEqual([]);

    // Nothing ticked: every optional email off, and no required one among the opt-outs.
    await saveEmailPreferences(ctx, { receive: [] });
    const stored = (await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).emailOptOuts;
    expect(stored.sort()).toEqual(OPTIONAL_EMAILS.map((e) => e.name).sort());
    expect(stored).not.toContain("service-suspended");
    // Naming a required email is accepted and changes nothing.
    await saveEmailPreferences(ctx, { receive: ["service-suspended"] });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).emailOptOuts.sort()).toEqual(stored.sort());
  });

  it("an email turned off is not sent; a required one still is", async () => {
    const { owner, account } = await makeCustomer(t.db);
    await saveEmailPreferences(ctxOf(owner.id), { receive: [] });
    const now = new Date();
    await t.db.$transaction((tx) =>
      createInvoice(tx, {
        accountId: account.id,
        currency: "EUR",
        lines: [{ description: "Support hours", quantity: 1, unitAmount: new Prisma.Decimal("10.00"), amount: new Prisma.Decimal("10.00") }],
        subtotal: new Prisma.Decimal("10.00"),
        vatRate: new Prisma.Decimal(0),
        vatAmount: new Prisma.Decimal(0),
        total: new Prisma.Decimal("10.00"),
        at: now,
        dueDate: new Date(now.getTime() + 7 * 86_400_000),
      }),
    );
    const service = await makeService(t.db, { accountId: account.id, productId: (await makeProduct(t.db, { kind: "generic" })).id });
    await runLifecycleVerb(serviceContext({ db: t.db, actor: { accountId: account.id } }), { serviceId: service.id, verb: "suspend", reason: "Abuse report" });
    await notifyAccountEvents({ db: t.db, now, origin: "https://portal.example" });
    expect((await t.db.emailMessage.findMany({ where: { accountId: account.id } })).map((m) => [m.template, m.toAddress])).toEqual([["service-suspended", owner.email]]);
  });
});
