"use server";

import { ACCOUNT_SUSPENDED_MESSAGE, isAccountWritable } from "@/lib/accounts/account-permissions";
import { revalidatePath } from "next/cache";
import { ApiKeyError, type ApiKeyErrorCode } from "@/lib/api-keys/api-key-error";
import { ZCreateCustomerApiKeySchema, ZKeyIdSchema, type TCreateCustomerApiKeyInput } from "@/lib/api-keys/key-form-schemas";
import { mintCustomerApiKey } from "@/lib/api-keys/mint-customer-api-key";
import { revokeCustomerApiKey } from "@/lib/api-keys/revoke-customer-api-key";
import { fieldErrorsOf, type FieldErrors } from "@/lib/auth/schemas";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import type { KeyActionResult } from "@/components/api-keys/key-action-result";

const PATH = "/api-keys";
const NOT_YOURS = "That key no longer exists or is not yours to revoke.";

export type CreateCustomerKeyState = {
  error?: string;
  fieldErrors?: FieldErrors<TCreateCustomerApiKeyInput>;
  created?: { label: string; plaintext: string };
};

/** Which form field a refusal of the mint belongs to. */
const FIELD_OF: Partial<Record<ApiKeyErrorCode, keyof TCreateCustomerApiKeyInput>> = {
  invalid_label: "label",
  invalid_scope: "scopes",
  scope_not_permitted: "scopes",
  invalid_expiry: "expiresOn",
  invalid_ip_allowlist: "ipAllowlist",
};

export async function createCustomerApiKeyAction(formData: FormData): Promise<CreateCustomerKeyState> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return { error: "Your sign-in is not linked to a customer account." };
  if (!isAccountWritable(viewer.customer.accountStatus)) return { error: ACCOUNT_SUSPENDED_MESSAGE };
  const parsed = ZCreateCustomerApiKeySchema.safeParse({
    label: formData.get("label") ?? "",
    scopes: formData.getAll("scopes"),
    expiresOn: formData.get("expiresOn") ?? "",
    ipAllowlist: formData.get("ipAllowlist") ?? "",
    projectId: formData.get("projectId") ?? "",
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error) };

  try {
    const { key, plaintext } = await mintCustomerApiKey(getDb(), {
      accountId: viewer.customer.accountId,
      userId: viewer.user.id,
      label: parsed.data.label,
      scopes: parsed.data.scopes,
      expiresAt: parsed.data.expiresOn,
      ipAllowlist: parsed.data.ipAllowlist,
      projectId: parsed.data.projectId,
    });
    revalidatePath(PATH);

    return { created: { label: key.label, plaintext } };
  } catch (error) {
    if (!(error instanceof ApiKeyError)) throw error;
    if (error.code === "not_found" && parsed.data.projectId) return { fieldErrors: { projectId: "That project no longer exists. Pick another." } };
    const field = FIELD_OF[error.code];

    return field ? { fieldErrors: { [field]: `${error.message}.` } } : { error: `${error.message}.` };
  }
}

export async function revokeCustomerApiKeyAction(keyId: string): Promise<KeyActionResult> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return { error: "Your sign-in is not linked to a customer account." };
  if (!isAccountWritable(viewer.customer.accountStatus)) return { error: ACCOUNT_SUSPENDED_MESSAGE };
  const parsed = ZKeyIdSchema.safeParse({ keyId });
  if (!parsed.success) return { error: NOT_YOURS };
  try {
    const revoked = await revokeCustomerApiKey({ accountId: viewer.customer.accountId, userId: viewer.user.id }, parsed.data.keyId);
    revalidatePath(PATH);

    return { message: `“${revoked.label}” is revoked.` };
  } catch (error) {
    if (error instanceof ApiKeyError && error.code === "not_found") return { error: NOT_YOURS };
    throw error;
  }
}
