"use server";

import { revalidatePath } from "next/cache";
import type { KeyActionResult } from "@/components/api-keys/key-action-result";
import { ApiKeyError, type ApiKeyErrorCode } from "@/lib/api-keys/api-key-error";
import {
  makeCreateResellerApiKeySchema,
  ZKeyIdSchema,
  ZUpdateResellerApiKeySchema,
  type TCreateResellerApiKeyInput,
  type TUpdateResellerApiKeyInput,
} from "@/lib/api-keys/key-form-schemas";
import { mintResellerApiKey } from "@/lib/api-keys/mint-reseller-api-key";
import { getResellerHourlyCeilingById } from "@/lib/api-keys/reseller-hourly-ceiling";
import { revokeAllResellerApiKeys } from "@/lib/api-keys/revoke-all-reseller-api-keys";
import { revokeResellerApiKey } from "@/lib/api-keys/revoke-reseller-api-key";
import { updateResellerApiKey } from "@/lib/api-keys/update-reseller-api-key";
import { fieldErrorsOf, type FieldErrors } from "@/lib/auth/schemas";
import { requireReseller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

const PATH = "/reseller/api-keys";

export type CreateResellerKeyState = {
  error?: string;
  fieldErrors?: FieldErrors<TCreateResellerApiKeyInput>;
  created?: { label: string; plaintext: string; scopes: string[] };
};

const FIELD_OF: Partial<Record<ApiKeyErrorCode, keyof TCreateResellerApiKeyInput>> = {
  invalid_label: "label",
  invalid_scope: "scopes",
  invalid_expiry: "expiresOn",
  invalid_hourly_limit: "hourlyLimit",
};

function text(formData: FormData, name: string): string {
  const v = formData.get(name);

  return typeof v === "string" ? v : "";
}

export async function createResellerApiKeyAction(formData: FormData): Promise<CreateResellerKeyState> {
  const viewer = await requireReseller();
  const resellerId = viewer.reseller.profileId;
  const db = getDb();
  const hourlyCeiling = await getResellerHourlyCeilingById(db, resellerId);
  const parsed = makeCreateResellerApiKeySchema({ hourlyCeiling }).safeParse({
    label: text(formData, "label"),
    scopes: formData.getAll("scopes"),
    expiresOn: text(formData, "expiresOn"),
    hourlyLimit: text(formData, "hourlyLimit"),
    customerId: text(formData, "customerId"),
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error) };

  try {
    const { key, plaintext } = await mintResellerApiKey(db, {
      resellerId,
      label: parsed.data.label,
      scopes: parsed.data.scopes,
      expiresAt: parsed.data.expiresOn,
      hourlyLimit: parsed.data.hourlyLimit,
      customerId: parsed.data.customerId,
    });
    revalidatePath(PATH);

    return { created: { label: key.label, plaintext, scopes: key.scopes } };
  } catch (error) {
    if (!(error instanceof ApiKeyError)) throw error;
    if (error.code === "not_found" && parsed.data.customerId) return { fieldErrors: { customerId: "That customer record no longer exists. Pick another." } };
    const field = FIELD_OF[error.code];

    return field ? { fieldErrors: { [field]: `${error.message}.` } } : { error: `${error.message}.` };
  }
}

export type UpdateResellerKeyState = { error?: string; fieldErrors?: FieldErrors<TUpdateResellerApiKeyInput>; message?: string };

export async function updateResellerApiKeyAction(formData: FormData): Promise<UpdateResellerKeyState> {
  const viewer = await requireReseller();
  const parsed = ZUpdateResellerApiKeySchema.safeParse({
    keyId: text(formData, "keyId"),
    label: text(formData, "label"),
    expiresOn: text(formData, "expiresOn"),
    previousExpiresOn: text(formData, "previousExpiresOn"),
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error) };

  try {
    const key = await updateResellerApiKey({ resellerId: viewer.reseller.profileId }, parsed.data.keyId, {
      label: parsed.data.label,
      expiresAt: parsed.data.expiresAt,
    });
    revalidatePath(PATH);

    return { message: `“${key.label}” is saved.` };
  } catch (error) {
    if (!(error instanceof ApiKeyError)) throw error;
    if (error.code === "invalid_label") return { fieldErrors: { label: `${error.message}.` } };
    if (error.code === "invalid_expiry") return { fieldErrors: { expiresOn: `${error.message}.` } };
    if (error.code === "not_found") return { error: "That key no longer exists." };

    return { error: error.message };
  }
}

export async function revokeResellerApiKeyAction(keyId: string): Promise<KeyActionResult> {
  const viewer = await requireReseller();
  const parsed = ZKeyIdSchema.safeParse({ keyId });
  if (!parsed.success) return { error: "That key no longer exists." };
  try {
    const revoked = await revokeResellerApiKey({ resellerId: viewer.reseller.profileId }, parsed.data.keyId);
    revalidatePath(PATH);

    return { message: `“${revoked.label}” is revoked.` };
  } catch (error) {
    if (error instanceof ApiKeyError && error.code === "not_found") return { error: "That key no longer exists." };
    throw error;
  }
}

export async function revokeAllResellerApiKeysAction(): Promise<KeyActionResult> {
  const viewer = await requireReseller();
  const { revoked } = await revokeAllResellerApiKeys({ resellerId: viewer.reseller.profileId });
  revalidatePath(PATH);

  return { message: revoked === 0 ? "There were no keys left to revoke." : `${revoked} key${revoked === 1 ? " is" : "s are"} revoked.` };
}
