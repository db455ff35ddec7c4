import { generateSigningSecret } from "@/lib/api-keys/generate-signing-secret";
import type { Db } from "@/lib/db/client";
import { makeReseller } from "@/lib/testing/factories";
import { createAddressPolicy } from "../address-policy";
import type { Resolver } from "../resolver";

/** Loopback receivers are reachable only through the test allow list. */
export const loopbackPolicy = createAddressPolicy({ allow: ["127.0.0.1"] });

export const noDns: Resolver = async (host) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
};

/** An active reseller with a real (sealed) signing secret and, optionally, a webhook URL on file. */
export async function webhookReseller(db: Db, options: { url?: string | null; status?: "pending" | "active" | "suspended" | "closed" } = {}) {
  const reseller = await makeReseller(db, { status: options.status ?? "active" });
  const signing = generateSigningSecret();
  const profile = await db.resellerProfile.update({
    where: { id: reseller.profile.id },
    data: { signingSecret: signing.sealed, webhookUrl: options.url ?? null },
  });
  return { ...reseller, profile, secret: signing.plaintext, resellerId: profile.id };
}
