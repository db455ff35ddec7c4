import { Secret, TOTP } from "otpauth";

// RFC 6238 defaults that every authenticator app understands.
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = "Rackfront";

export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/**
 * The 30-second step a 6-digit code belongs to, when it is valid now or one step either side
 * (clock drift); null otherwise. Callers refuse steps at or below the last accepted one.
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpFor(secretBase32, "");
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;

  return totp.counter({ timestamp: now.getTime() }) + delta;
}
