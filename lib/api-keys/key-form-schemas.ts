import { z } from "zod";
import { CUSTOMER_API_KEY_SCOPES } from "./customer-api-key-scopes";
import { endOfUtcDay } from "./expiry-date";
import { isIpOrCidr } from "./is-ip-or-cidr";
import { CUSTOMER_BOUND_FORBIDDEN_SCOPES, RESELLER_API_KEY_SCOPES } from "./reseller-api-key-scopes";
import { RESELLER_SIGNATURE_VERSIONS } from "./reseller-signature-settings";

// Shared by the key forms (checked before submitting) and the server actions that receive them.
// Every field arrives as form text; the domain functions check the same rules once more.

const MAX_ALLOWLIST_ENTRIES = 100;

export const ZKeyLabelSchema = z
  .string()
  .trim()
  .min(1, "Give the key a label, e.g. where it is used.")
  .max(100, "A label is at most 100 characters.");

/** A `YYYY-MM-DD` day from a date input, or empty for a key that never expires. */
export const ZExpiryDaySchema = z
  .string()
  .trim()
  .transform((day, ctx) => {
    if (day === "") return null;
    const end = endOfUtcDay(day);
    if (!end) {
      ctx.addIssue({ code: "custom", message: "Enter a date as YYYY-MM-DD." });
      return z.NEVER;
    }
    if (end.getTime() <= Date.now()) {
      ctx.addIssue({ code: "custom", message: "Pick today or a later day." });
      return z.NEVER;
    }
    return end;
  });

/** One address or CIDR block per line; blank lines are ignored. */
export const ZIpAllowlistSchema = z
  .string()
  .max(10_000, "That allowlist is too long.")
  .transform((text, ctx) => {
    const entries = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const bad = entries.find((e) => !isIpOrCidr(e));
    if (bad !== undefined) {
      ctx.addIssue({ code: "custom", message: `“${bad}” is not an IP address or CIDR block (e.g. 203.0.113.7 or 2001:db8::/32).` });
      return z.NEVER;
    }
    if (entries.length > MAX_ALLOWLIST_ENTRIES) {
      ctx.addIssue({ code: "custom", message: `An allowlist holds at most ${MAX_ALLOWLIST_ENTRIES} entries.` });
      return z.NEVER;
    }
    return [...new Set(entries)];
  });

/**
 * A reseller key's signature settings (docs/decisions.md#r16). Absent = not on the form (left as it
 * is, or the defaults when minting); the checkbox posts "on" when ticked and "" when not.
 */
const ZSignatureVersionField = z.enum(RESELLER_SIGNATURE_VERSIONS, "Pick v1 or v2.").optional();
const ZRequireTimestampField = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "on"));

const optionalUuid = (message: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? null : v))
    .pipe(z.uuid(message).nullable());

export const ZCreateCustomerApiKeySchema = z.object({
  label: ZKeyLabelSchema,
  scopes: z.array(z.enum(CUSTOMER_API_KEY_SCOPES, "Unknown scope.")),
  expiresOn: ZExpiryDaySchema,
  ipAllowlist: ZIpAllowlistSchema,
  projectId: optionalUuid("Pick a project from the list."),
});
export type TCreateCustomerApiKeyInput = z.input<typeof ZCreateCustomerApiKeySchema>;
export type TCreateCustomerApiKey = z.output<typeof ZCreateCustomerApiKeySchema>;

/**
 * The reseller form: its hourly limit must be lower than the account's ceiling (the reseller API spec
 * Limits), which the page knows and passes in; null = no ceiling configured.
 */
export function makeCreateResellerApiKeySchema({ hourlyCeiling }: { hourlyCeiling: number | null }) {
  return z
    .object({
      label: ZKeyLabelSchema,
      scopes: z.array(z.enum(RESELLER_API_KEY_SCOPES, "Unknown scope.")),
      expiresOn: ZExpiryDaySchema,
      hourlyLimit: z
        .string()
        .trim()
        .transform((v, ctx) => {
          if (v === "") return null;
          const n = Number(v);
          if (!/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < 1) {
            ctx.addIssue({ code: "custom", message: "Enter a whole number of requests, 1 or more." });
            return z.NEVER;
          }
          if (hourlyCeiling !== null && n >= hourlyCeiling) {
            ctx.addIssue({
              code: "custom",
              message: `Must be lower than your account's limit of ${hourlyCeiling.toLocaleString("en-GB")} requests an hour.`,
            });
            return z.NEVER;
          }
          return n;
        }),
      customerId: optionalUuid("Pick a customer from the list."),
      signatureVersion: ZSignatureVersionField,
      requireTimestamp: ZRequireTimestampField,
    })
    .superRefine((v, ctx) => {
      const forbidden = v.scopes.filter((s) => CUSTOMER_BOUND_FORBIDDEN_SCOPES.includes(s));
      if (v.customerId && forbidden.length > 0) {
        ctx.addIssue({
          code: "custom",
          path: ["scopes"],
          message: `A key bound to a customer can't hold ${forbidden.join(" or ")}. Untick ${forbidden.length > 1 ? "them" : "it"} or remove the binding.`,
        });
      }
    });
}
export type TCreateResellerApiKeyInput = z.input<ReturnType<typeof makeCreateResellerApiKeySchema>>;

/**
 * Label, expiry and signature settings of a reseller key (its scopes are fixed). The form also posts
 * the expiry it started from: an unchanged expiry is left alone (undefined), so an expired key can be
 * renamed without picking a new day; a changed one must be today or later.
 */
export const ZUpdateResellerApiKeySchema = z
  .object({
    keyId: z.uuid("Unknown key."),
    label: ZKeyLabelSchema,
    expiresOn: z.string().trim(),
    previousExpiresOn: z.string().trim(),
    signatureVersion: ZSignatureVersionField,
    requireTimestamp: ZRequireTimestampField,
  })
  .transform((v, ctx) => {
    const settings = { signatureVersion: v.signatureVersion, requireTimestamp: v.requireTimestamp };
    if (v.expiresOn === v.previousExpiresOn) return { keyId: v.keyId, label: v.label, expiresAt: undefined, ...settings };
    const parsed = ZExpiryDaySchema.safeParse(v.expiresOn);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["expiresOn"], message: issue.message });
      return z.NEVER;
    }
    return { keyId: v.keyId, label: v.label, expiresAt: parsed.data, ...settings };
  });
export type TUpdateResellerApiKeyInput = z.input<typeof ZUpdateResellerApiKeySchema>;

export const ZKeyIdSchema = z.object({ keyId: z.uuid("Unknown key.") });
