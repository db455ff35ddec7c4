"use server";

import { requireReseller } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { revealSigningSecret } from "@/lib/resellers/signing-secret/reveal-signing-secret";
import { rotateSigningSecret } from "@/lib/resellers/signing-secret/rotate-signing-secret";

export type SigningSecretResult = { secret?: string; error?: string };

/** The current secret, only when asked for: it is not part of the page's HTML. */
export async function revealSigningSecretAction(): Promise<SigningSecretResult> {
  const viewer = await requireReseller();

  return { secret: await revealSigningSecret({ resellerId: viewer.reseller.profileId }) };
}

export async function rotateSigningSecretAction(): Promise<SigningSecretResult> {
  const viewer = await requireReseller();
  try {
    const { signingSecret } = await rotateSigningSecret({ resellerId: viewer.reseller.profileId });

    return { secret: signingSecret };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message };
    throw error;
  }
}
