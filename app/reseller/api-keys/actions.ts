"use server";

import { revalidatePath } from "next/cache";
import { parseActionInput, runAction, type ActionResult } from "@/lib/actions/action-result";
import { ApiKeyError, type ApiKeyErrorCode } from "@/lib/api-keys/api-key-error";
import {
  makeCreateResellerApiKeySchema,
  ZKeyIdSchema,
  ZUpdateResellerApiKeySchema,
  type TCreateResellerApiKeyInput,
} from "@/lib/api-keys/key-form-schemas";
import { mintResellerApiKey } from "@/lib/api-keys/mint-reseller-api-key";
import type { ResellerApiKeyContext } from "@/lib/api-keys/reseller-key-actor";
import { getResellerHourlyCeilingOf } from "@/lib/api-keys/reseller-hourly-ceiling";
import { revokeAllResellerApiKeys } from "@/lib/api-keys/revoke-all-reseller-api-keys";
import { revokeResellerApiKey } from "@/lib/api-keys/revoke-reseller-api-key";
import { updateResellerApiKey } from "@/lib/api-keys/update-reseller-api-key";
import { keyRefusal } from "@/lib/api-keys/key-refusal";
import { requireReseller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { pluralNoun } from "@/lib/format/format-count";

const PATH = "/reseller/api-keys";

/** What a new key's form shows once: its label, the key itself and its scopes. */
export type CreatedResellerKey = { label: string; plaintext: string; scopes: string[] };

const FIELD_OF: Partial<Record<ApiKeyErrorCode, keyof TCreateResellerApiKeyInput>> = {
  invalid_label: "label",
  invalid_scope: "scopes",
  invalid_expiry: "expiresOn",
  invalid_hourly_limit: "hourlyLimit",
  invalid_signature_version: "signatureVersion",
};
const GONE = "That key no longer exists.";
const LOG = { log: "[reseller portal] API key action failed" };

/** The signed-in reseller, acting now. */
async function context(): Promise<ResellerApiKeyContext> {
  const viewer = await requireReseller();
  return { db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } };
}

function text(formData: FormData, name: string): string {
  const v = formData.get(name);

  return typeof v === "string" ? v : "";
}

/**
 * The signature settings when the form has them (docs/decisions.md#r16): an unticked checkbox posts
 * nothing, which on a form with the settings means "not required".
 */
function signatureSettings(formData: FormData): { signatureVersion?: string; requireTimestamp?: string } {
  if (!formData.has("signatureVersion")) return {};
  return { signatureVersion: text(formData, "signatureVersion"), requireTimestamp: text(formData, "requireTimestamp") };
}

export async function createResellerApiKeyAction(formData: FormData): Promise<ActionResult<CreatedResellerKey>> {
  return runAction(async () => {
    const ctx = await context();
    const hourlyCeiling = await getResellerHourlyCeilingOf(ctx);
    const input = parseActionInput(makeCreateResellerApiKeySchema({ hourlyCeiling }), {
      label: text(formData, "label"),
      scopes: formData.getAll("scopes"),
      expiresOn: text(formData, "expiresOn"),
      hourlyLimit: text(formData, "hourlyLimit"),
      customerId: text(formData, "customerId"),
      ...signatureSettings(formData),
    });
    try {
      const { key, plaintext } = await mintResellerApiKey(ctx, {
        label: input.label,
        scopes: input.scopes,
        expiresAt: input.expiresOn,
        hourlyLimit: input.hourlyLimit,
        customerId: input.customerId,
        signatureVersion: input.signatureVersion,
        requireTimestamp: input.requireTimestamp,
      });
      revalidatePath(PATH);

      return { data: { label: key.label, plaintext, scopes: key.scopes } };
    } catch (error) {
      if (!(error instanceof ApiKeyError)) throw error;
      if (error.code === "not_found" && input.customerId) {
        const message = "That customer record no longer exists. Pick another.";
        throw new DomainError("invalid", message, { details: [{ field: "customerId", message }] });
      }
      throw keyRefusal(error, FIELD_OF[error.code]);
    }
  }, LOG);
}

export async function updateResellerApiKeyAction(formData: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const ctx = await context();
    const input = parseActionInput(ZUpdateResellerApiKeySchema, {
      keyId: text(formData, "keyId"),
      label: text(formData, "label"),
      expiresOn: text(formData, "expiresOn"),
      previousExpiresOn: text(formData, "previousExpiresOn"),
      ...signatureSettings(formData),
    });
    try {
      const patch = { label: input.label, expiresAt: input.expiresAt, signatureVersion: input.signatureVersion, requireTimestamp: input.requireTimestamp };
      const key = await updateResellerApiKey(ctx, { id: input.keyId, patch });
      revalidatePath(PATH);

      return `“${key.label}” is saved.`;
    } catch (error) {
      if (!(error instanceof ApiKeyError)) throw error;
      if (error.code === "invalid_label") throw keyRefusal(error, "label");
      if (error.code === "invalid_expiry") throw keyRefusal(error, "expiresOn");
      if (error.code === "invalid_signature_version") throw keyRefusal(error, "signatureVersion");
      if (error.code === "not_found") throw new DomainError("not_found", GONE);

      throw new DomainError("invalid", error.message);
    }
  }, LOG);
}

export async function revokeResellerApiKeyAction(keyId: string): Promise<ActionResult> {
  return runAction(async () => {
    const ctx = await context();
    const parsed = ZKeyIdSchema.safeParse({ keyId });
    if (!parsed.success) throw new DomainError("not_found", GONE);
    try {
      const revoked = await revokeResellerApiKey(ctx, { id: parsed.data.keyId });
      revalidatePath(PATH);

      return `“${revoked.label}” is revoked.`;
    } catch (error) {
      if (error instanceof ApiKeyError) throw error.code === "not_found" ? new DomainError("not_found", GONE) : keyRefusal(error);
      throw error;
    }
  }, LOG);
}

export async function revokeAllResellerApiKeysAction(): Promise<ActionResult> {
  return runAction(async () => {
    const { revoked } = await revokeAllResellerApiKeys(await context());
    revalidatePath(PATH);

    return revoked === 0 ? "There were no keys left to revoke." : `${revoked} ${pluralNoun(revoked, "key is", "keys are")} revoked.`;
  }, LOG);
}
