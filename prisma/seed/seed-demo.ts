import type { PrismaClient } from "@/lib/generated/prisma/client";
import { hashPassword } from "@/lib/auth/password";
import { generateReadablePassword } from "./generate-readable-password";
import { writeDemoCredentials } from "./write-demo-credentials";
import { seedSettings } from "./seed-settings";
import { seedVatRates } from "./seed-vat-rates";
import { seedLocations } from "./seed-locations";
import { seedOsImages } from "./seed-os-images";
import { seedCategories } from "./seed-categories";
import { seedProducts } from "./seed-products";
import { seedOptions } from "./seed-options";
import { DEMO_SERVERS, seedDemoServer } from "./seed-demo-server";
import { seedDemoUsage } from "./seed-demo-usage";
import { seedNodes } from "./seed-nodes";
import { seedTiers } from "./seed-tiers";
import { DEMO_ADMIN_EMAIL, seedOperator } from "./seed-operator";
import { DEMO_CUSTOMER_EMAIL, seedCustomer } from "./seed-customer";
import { DEMO_RESELLER_EMAIL, seedReseller } from "./seed-reseller";
import { seedDemoInvoice } from "./seed-demo-invoice";

export interface SeedDemoOptions {
  /** Public origin written into the credentials file, e.g. http://localhost:3000. */
  baseUrl: string;
  /** Where demo-credentials.json is written (mode 0600). */
  dataDir: string;
}

// Arbitrary constant naming the seed's advisory lock, so two processes starting on one
// empty database cannot both seed it.
const SEED_LOCK = 727_001;

/**
 * Fills an empty database (no users) with a demo catalogue and the operator, customer and
 * reseller accounts, in one transaction, and writes their credentials to
 * `<dataDir>/demo-credentials.json`, the only place the passwords, keys and signing secret appear.
 * Does nothing, and leaves the file alone, once any user exists.
 */
export async function seedDemo(db: PrismaClient, options: SeedDemoOptions): Promise<{ seeded: boolean }> {
  if ((await db.user.count()) > 0) return { seeded: false };

  // argon2 is deliberately slow; hash before opening the transaction so it stays short.
  const passwords = {
    admin: generateReadablePassword(),
    customer: generateReadablePassword(),
    member: generateReadablePassword(),
    reseller: generateReadablePassword(),
  };
  const [admin, customer, member, reseller] = await Promise.all(
    [passwords.admin, passwords.customer, passwords.member, passwords.reseller].map(hashPassword),
  );

  const result = await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
      if ((await tx.user.count()) > 0) return { seeded: false };
      const now = new Date();

      await seedSettings(tx);
      await seedVatRates(tx);
      const locations = await seedLocations(tx);
      const osImages = await seedOsImages(tx);
      const categories = await seedCategories(tx);
      const products = await seedProducts(tx, { categories, locations, osImages });
      await seedNodes(tx, { locations });
      const optionIds = await seedOptions(tx, products);
      const tiers = await seedTiers(tx, { categories, products, options: optionIds });

      await seedOperator(tx, admin!);
      const customerKeys = await seedCustomer(tx, { owner: customer!, member: member! }, now);
      const demoAccount = await tx.clientAccount.findFirstOrThrow({ where: { owner: { email: DEMO_CUSTOMER_EMAIL } }, select: { id: true } });
      await seedDemoInvoice(tx, demoAccount.id, now);
      const resellerKeys = await seedReseller(tx, { passwordHash: reseller!, tierId: tiers.Bronze, now });

      // Written last but before commit: if writing fails nothing is seeded and the next start
      // tries again; if the commit fails the next start seeds afresh and replaces the file.
      writeDemoCredentials(options.dataDir, {
        baseUrl: options.baseUrl,
        customer: { email: DEMO_CUSTOMER_EMAIL, password: passwords.customer, ...customerKeys },
        reseller: { email: DEMO_RESELLER_EMAIL, password: passwords.reseller, ...resellerKeys },
        admin: { email: DEMO_ADMIN_EMAIL, password: passwords.admin },
      });
      return { seeded: true };
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
  if (result.seeded) {
    // After the commit: the build takes capacity and addresses in transactions of its own.
    const built: string[] = [];
    for (const server of Object.values(DEMO_SERVERS)) {
      const id = await seedDemoServer(db, server).catch((error: unknown) => console.warn(`[seed] the ${server.label} could not be built`, error));
      if (typeof id === "string") built.push(id);
    }
    await seedDemoUsage(db, built).catch((error: unknown) => console.warn("[seed] the demo usage history could not be sampled", error));
  }
  return result;
}
