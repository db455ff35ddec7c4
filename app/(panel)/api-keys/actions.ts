"use server";

import { assertActorWritable } from "@/lib/accounts/account-permissions";
import { revalidatePath } from "next/cache";
import { ApiKeyError, type ApiKeyErrorCode } from "@/lib/api-keys/api-key-error";
import type { CustomerApiKeyContext } from "@/lib/api-keys/customer-key-actor";
import { ZCreateCustomerApiKeySchema, ZKeyIdSchema, type TCreateCustomerApiKeyInput } from "@/lib/api-keys/key-form-schemas";
import { mintCustomerApiKey } from "@/lib/api-keys/mint-customer-api-key";
import { revokeCustomerApiKey } from "@/lib/api-keys/revoke-customer-api-key";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { keyRefusal } from "@/lib/api-keys/key-refusal";
import { parseActionInput, runAction, type ActionResult } from "@/lib/actions/action-result";

const PATH = "/api-keys";
const NOT_YOURS = "That key no longer exists or is not yours to revoke.";

/** What a new key's form shows once: its label and the key itself. */
export type CreatedKey = { label: string; plaintext: string };

/** Which form field a refusal of the mint belongs to. */
const FIELD_OF: Partial<Record<ApiKeyErrorCode, keyof TCreateCustomerApiKeyInput>> = {
  invalid_label: "label",
  invalid_scope: "scopes",
  scope_not_permitted: "scopes",
  invalid_expiry: "expiresOn",
  invalid_ip_allowlist: "ipAllowlist",
};

/** The signed-in user acting for their account, which must be writable. */
async function context(): Promise<CustomerApiKeyContext> {
  const viewer = await requireCustomer();
  if (!viewer.customer) throw new DomainError("forbidden", "Your sign-in is not linked to a customer account.");
  assertActorWritable(viewer.customer);
  return { db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId, userId: viewer.user.id } };
}

export async function createCustomerApiKeyAction(formData: FormData): Promise<ActionResult<CreatedKey>> {
  return runAction(async () => {
    const ctx = await context();
    const input = parseActionInput(ZCreateCustomerApiKeySchema, {
      label: formData.get("label") ?? "",
      scopes: formData.getAll("scopes"),
      expiresOn: formData.get("expiresOn") ?? "",
      ipAllowlist: formData.get("ipAllowlist") ?? "",
      projectId: formData.get("projectId") ?? "",
    });
    try {
      const { key, plaintext } = await mintCustomerApiKey(ctx, {
        label: input.label,
        scopes: input.scopes,
        expiresAt: input.expiresOn,
        ipAllowlist: input.ipAllowlist,
        projectId: input.projectId,
      });
      revalidatePath(PATH);
      return { data: { label: key.label, plaintext } };
    } catch (error) {
      if (!(error instanceof ApiKeyError)) throw error;
      if (error.code === "not_found" && input.projectId) {
        const message = "That project no longer exists. Pick another.";
        throw new DomainError("invalid", message, { details: [{ field: "projectId", message }] });
      }
      throw keyRefusal(error, FIELD_OF[error.code]);
    }
  }, { log: "[panel] API key creation failed" });
}

export async function revokeCustomerApiKeyAction(keyId: string): Promise<ActionResult> {
  return runAction(async () => {
    const ctx = await context();
    const parsed = ZKeyIdSchema.safeParse({ keyId });
    if (!parsed.success) throw new DomainError("not_found", NOT_YOURS);
    try {
      const revoked = await revokeCustomerApiKey(ctx, { id: parsed.data.keyId });
      revalidatePath(PATH);
      return `“${revoked.label}” is revoked.`;
    } catch (error) {
      if (error instanceof ApiKeyError) throw error.code === "not_found" ? new DomainError("not_found", NOT_YOURS) : keyRefusal(error);
      throw error;
    }
  }, { log: "[panel] API key revocation failed" });
}
