import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { Prisma, type BillingCycle, type ProductKind, type ServiceStatus } from "@/lib/generated/prisma/client";

// Factories for the main records, for integration tests. Each call makes unique rows, so tests
// in one file never collide; every field a test does not care about gets a realistic default.
// Passwords are not hashed here (argon2 is slow on purpose): use lib/auth test helpers to sign in.

const uid = () => randomBytes(4).toString("hex");

export async function makeUser(db: Db, data: Partial<Prisma.UserCreateInput> = {}) {
  return db.user.create({
    data: { email: `user-${uid()}@rackfront.test`, name: "Test User", passwordHash: "not-a-hash", ...data },
  });
}

/** A customer: owner user, client account and its `default` project. */
export async function makeCustomer(db: Db, data: { currency?: string; country?: string; credit?: string } = {}) {
  const owner = await makeUser(db);
  const account = await db.clientAccount.create({
    data: { name: `Account ${uid()}`, ownerId: owner.id, currency: data.currency ?? "EUR", country: data.country ?? "NL" },
  });
  const project = await db.project.create({
    data: { accountId: account.id, name: "Default", slug: "default", isDefault: true },
  });
  if (data.credit) await addCredit(db, account.id, data.credit);
  return { owner, account: await db.clientAccount.findUniqueOrThrow({ where: { id: account.id } }), project };
}

/** Adds credit the only legitimate way: a ledger row and the cached balance in one transaction. */
export async function addCredit(db: Db, accountId: string, amount: string) {
  return db.$transaction(async (tx) => {
    const acct = await tx.clientAccount.update({
      where: { id: accountId },
      data: { creditBalance: { increment: new Prisma.Decimal(amount) } },
    });
    return tx.creditLedgerEntry.create({
      data: {
        accountId,
        kind: "top_up",
        amount: new Prisma.Decimal(amount),
        balanceAfter: acct.creditBalance,
        currency: acct.currency,
        description: "Test top-up",
      },
    });
  });
}

/** A reseller: a customer whose account has a reseller profile (active unless told otherwise). */
export async function makeReseller(db: Db, data: { status?: "pending" | "active" | "suspended" | "closed"; credit?: string } = {}) {
  const customer = await makeCustomer(db, { credit: data.credit });
  const profile = await db.resellerProfile.create({
    data: {
      accountId: customer.account.id,
      status: data.status ?? "active",
      signingSecret: "sealed-signing-secret-placeholder",
      approvedAt: data.status === "pending" ? null : new Date(),
    },
  });
  return { ...customer, profile };
}

export async function makeLocation(db: Db, data: Partial<Prisma.LocationCreateInput> = {}) {
  const id = uid();
  return db.location.create({
    data: { value: `loc-${id}`, name: `Location ${id}`, countryCode: "NL", flag: "🇳🇱", ...data },
  });
}

/** A product with retail prices per cycle (a cycle absent from `prices` is not sold). */
export async function makeProduct(
  db: Db,
  data: { kind?: ProductKind; name?: string; prices?: Partial<Record<BillingCycle, string>>; setupFee?: string; categoryId?: string } = {},
) {
  const id = uid();
  const prices = data.prices ?? { monthly: "10.00" };
  return db.product.create({
    data: {
      kind: data.kind ?? "vps",
      name: data.name ?? `Plan ${id}`,
      slug: `plan-${id}`,
      categoryId: data.categoryId,
      setupFee: data.setupFee ? new Prisma.Decimal(data.setupFee) : null,
      specs: { cpu: 2, ram: "4 GB", storage: "80 GB NVMe" },
      prices: {
        create: Object.entries(prices).map(([cycle, amount]) => ({ cycle: cycle as BillingCycle, amount: new Prisma.Decimal(amount!) })),
      },
    },
    include: { prices: true },
  });
}

export async function makeService(
  db: Db,
  data: { accountId: string; productId: string; projectId?: string; status?: ServiceStatus; cycle?: BillingCycle; amount?: string },
) {
  return db.service.create({
    data: {
      accountId: data.accountId,
      productId: data.productId,
      projectId: data.projectId,
      name: `srv-${uid()}`,
      status: data.status ?? "active",
      billingCycle: data.cycle ?? "monthly",
      amount: new Prisma.Decimal(data.amount ?? "10.00"),
      currency: "EUR",
    },
  });
}
