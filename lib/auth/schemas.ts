import { z } from "zod";

// Shared by the sign-in forms (client-side checks) and the server actions that receive them.

export const ZSignInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address.")
    .max(320, "That email address is too long.")
    .pipe(z.email("Enter a valid email address.")),
  password: z.string().min(1, "Enter your password.").max(1024, "That password is too long."),
});
export type TSignIn = z.infer<typeof ZSignInSchema>;

const SPACES = /[\s-]/g;

/** A 6-digit authenticator code; spaces and dashes typed by the user are ignored. */
export const ZTotpCodeSchema = z
  .string()
  .transform((v) => v.replace(SPACES, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."));

/** The second sign-in step accepts an authenticator code or a recovery code. */
export const ZSecondFactorSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Enter the code from your authenticator app or a recovery code.")
    .max(64, "That code is too long."),
});
export type TSecondFactor = z.infer<typeof ZSecondFactorSchema>;

export const ZConfirmTotpSchema = z.object({ code: ZTotpCodeSchema });

export const ZDisableTotpSchema = ZSecondFactorSchema;

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** First message per field, in the shape the forms render. */
export function fieldErrorsOf<T>(error: z.ZodError<T>): FieldErrors<T> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out as FieldErrors<T>;
}
