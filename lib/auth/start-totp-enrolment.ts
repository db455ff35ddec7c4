import QRCode from "qrcode";
import type { DbOrTx } from "@/lib/db/client";
import { sealSecret } from "@/lib/crypto/secret-box";
import { createTotpSecret, totpFor } from "./totp";

export type TotpEnrolment = { secret: string; otpauthUri: string; qrDataUrl: string };

export type StartTotpEnrolmentResult = { status: "started"; enrolment: TotpEnrolment } | { status: "already_enabled" };

/**
 * Generates a new secret for the user and keeps it (sealed) until a code confirms it. The
 * secret is returned to show once; starting again replaces an unconfirmed secret.
 */
export async function startTotpEnrolment(
  { userId }: { userId: string },
  options: { db: DbOrTx },
): Promise<StartTotpEnrolmentResult> {
  const { db } = options;
  const secret = createTotpSecret();
  const updated = await db.user.updateMany({
    where: { id: userId, totpEnabledAt: null },
    data: { totpSecret: sealSecret(secret, "totp"), totpLastStep: null },
  });
  if (updated.count === 0) return { status: "already_enabled" };

  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const otpauthUri = totpFor(secret, user.email).toString();
  const qrDataUrl = await QRCode.toDataURL(otpauthUri, { margin: 1, width: 224, errorCorrectionLevel: "M" });

  return { status: "started", enrolment: { secret, otpauthUri, qrDataUrl } };
}
