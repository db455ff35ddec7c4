import { WIRE_BILLING_CYCLES } from "@/lib/schemas/billing-cycles";
import { z } from "zod";
import { isRfc1123Hostname } from "./hostname-pattern";

// What the client panel's order form sends (customer-api "POST /orders" body, one item), shared by
// the configure form, the review action and placeOrderAction (app/(panel)/order/actions.ts), so the
// order that is placed is exactly the configuration that was reviewed. Every field arrives as form
// text; pricing and the product's own rules are checked by reviewPanelOrder / quoteOrder.


const MAX_OPTIONS = 50;
const MAX_QUANTITY = 100;

const emptyToNull = (v: string) => (v === "" ? null : v);

export const ZPanelOrderSchema = z.object({
  productId: z.uuid({ error: "Pick a product from the catalogue." }),
  billingCycle: z.enum(WIRE_BILLING_CYCLES, { error: "Pick a billing cycle." }),
  /** A location `value` (`ams1`); null lets the platform choose where the product allows it. */
  location: z.string().trim().max(100).transform(emptyToNull),
  osImageId: z
    .string()
    .trim()
    .transform(emptyToNull)
    .pipe(z.uuid({ error: "Pick an operating system image." }).nullable()),
  hostname: z
    .string()
    .trim()
    .transform(emptyToNull)
    .refine((h) => h === null || isRfc1123Hostname(h), {
      error: "Use letters, digits and hyphens in dot-separated labels (e.g. web1.example.com), at most 253 characters, no hyphen at a label's start or end.",
    }),
  /** Per service; a quantity of 0 leaves the add-on out. */
  options: z
    .array(
      z.object({
        optionId: z.uuid({ error: "Unknown add-on." }),
        quantity: z.coerce
          .number({ error: "Enter a whole number." })
          .int({ error: "Enter a whole number." })
          .min(0, { error: "Enter 0 or more." })
          .max(MAX_QUANTITY, { error: `At most ${MAX_QUANTITY}.` }),
      }),
    )
    .max(MAX_OPTIONS)
    .transform((list) => list.filter((o) => o.quantity > 0)),
  sshKeyIds: z.array(z.uuid({ error: "Unknown SSH key." })).max(MAX_OPTIONS, { error: `At most ${MAX_OPTIONS} SSH keys.` }),
});

export type TPanelOrderInput = z.infer<typeof ZPanelOrderSchema>;
/** An add-on's quantity field: its errors are keyed by the add-on, so each shows under its own input. */
export type TPanelOrderOptionField = `option:${string}`;
/** `options` is the add-on group as a whole (too many add-ons); one add-on's error is on its own field. */
export type TPanelOrderField = keyof TPanelOrderInput | "form" | TPanelOrderOptionField;
export type TPanelOrderFieldErrors = Partial<Record<TPanelOrderField, string>>;

/** Form field name of an add-on's quantity, and the key of its errors. */
export const optionFieldName = (optionId: string): TPanelOrderOptionField => `option:${optionId.toLowerCase()}`;

/** The raw object ZPanelOrderSchema parses, read from the order form's fields. */
export function panelOrderFieldsFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const options: { optionId: string; quantity: string }[] = [];
  for (const [name, value] of form.entries()) {
    if (name.startsWith("option:") && typeof value === "string") options.push({ optionId: name.slice("option:".length), quantity: value.trim() || "0" });
  }
  return {
    productId: text("productId"),
    billingCycle: text("billingCycle"),
    location: text("location"),
    osImageId: text("osImageId"),
    hostname: text("hostname"),
    options,
    sshKeyIds: form.getAll("sshKeyIds").filter((v): v is string => typeof v === "string"),
  };
}

/**
 * The first message per field. An add-on's issue (a quantity below 0, not whole, over 100, or an
 * id that is not one) is keyed by that add-on (`option:<id>`, read from `fields`, the object that
 * was parsed), never by the group, so the form shows it under the add-on it is about.
 */
export function panelOrderFieldErrors(error: z.ZodError, fields: Record<string, unknown>): TPanelOrderFieldErrors {
  const sent = Array.isArray(fields.options) ? (fields.options as { optionId?: unknown }[]) : [];
  const out: TPanelOrderFieldErrors = {};
  for (const issue of error.issues) {
    const [top, index] = issue.path;
    const optionId = top === "options" && typeof index === "number" ? sent[index]?.optionId : undefined;
    const key: TPanelOrderField = typeof optionId === "string" ? optionFieldName(optionId) : ((top ?? "form") as TPanelOrderField);
    out[key] ??= issue.message;
  }
  return out;
}

/** The order form read and checked: the input reviewPanelOrder takes, or the errors per field. */
export function parsePanelOrderForm(form: FormData): { ok: true; input: TPanelOrderInput } | { ok: false; fieldErrors: TPanelOrderFieldErrors } {
  const fields = panelOrderFieldsFromForm(form);
  const parsed = ZPanelOrderSchema.safeParse(fields);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, fieldErrors: panelOrderFieldErrors(parsed.error, fields) };
}
