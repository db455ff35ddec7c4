import { z } from "zod";

// The root password rule, once: both APIs' body schemas, the domain functions and the portals'
// forms all use it (docs/decisions.md, "Root passwords").

export const ROOT_PASSWORD_MIN = 8;
export const ROOT_PASSWORD_MAX = 128;

export const ROOT_PASSWORD_TOO_SHORT = `password must be at least ${ROOT_PASSWORD_MIN} characters`;
export const ROOT_PASSWORD_TOO_LONG = `password must be at most ${ROOT_PASSWORD_MAX} characters`;

/** The API field: a string of 8 to 128 characters (a missing one is "Required", as every field). */
export const rootPasswordSchema = z
  .string()
  .min(ROOT_PASSWORD_MIN, { error: ROOT_PASSWORD_TOO_SHORT })
  .max(ROOT_PASSWORD_MAX, { error: ROOT_PASSWORD_TOO_LONG });

/**
 * What is wrong with a root password, or null. `optional`: an empty one is allowed (a dedicated
 * server's reinstall, which then logs in with the service's SSH keys only).
 */
export function rootPasswordProblem(password: string | null | undefined, options: { optional?: boolean } = {}): string | null {
  if (!password) return options.optional ? null : "Required";
  if (password.length < ROOT_PASSWORD_MIN) return ROOT_PASSWORD_TOO_SHORT;
  if (password.length > ROOT_PASSWORD_MAX) return ROOT_PASSWORD_TOO_LONG;
  return null;
}
