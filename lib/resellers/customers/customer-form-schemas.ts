import { z } from "zod";

// The reseller portal's customer forms (checked in the browser and again by the server actions).
// The limits are the reseller API's (POST /customers, PUT /customers/{id}).

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((v) => (v === "" ? null : v));

const optionalEmail = z
  .string()
  .trim()
  .max(255, "An email address is at most 255 characters.")
  .transform((v) => (v === "" ? null : v))
  .pipe(z.email("Enter a valid email address, or leave it empty.").nullable());

export const ZCreateResellerCustomerSchema = z.object({
  externalCustomerId: z.string().trim().min(1, "Enter the id your platform uses for this customer.").max(100, "An external id is at most 100 characters."),
  name: optionalText(255, "A name is at most 255 characters."),
  email: optionalEmail,
});
export type TCreateResellerCustomerInput = z.infer<typeof ZCreateResellerCustomerSchema>;

const MAX_METADATA_ENTRIES = 100;

/** One metadata row of the form: a key and its value; `json` rows hold a value that was not text. */
const ZMetadataRow = z.object({ key: z.string().trim(), value: z.string(), json: z.boolean() });

export const ZMetadataRowsSchema = z
  .array(ZMetadataRow)
  .transform((rows) => rows.filter((r) => r.key !== "" || r.value.trim() !== ""))
  .transform((rows, ctx) => {
    if (rows.length > MAX_METADATA_ENTRIES) {
      ctx.addIssue({ code: "custom", message: `At most ${MAX_METADATA_ENTRIES} entries.` });
      return z.NEVER;
    }
    const out: Record<string, unknown> = {};
    for (const row of rows) {
      if (row.key === "") {
        ctx.addIssue({ code: "custom", message: "Every value needs a key." });
        return z.NEVER;
      }
      if (row.key.length > 100) {
        ctx.addIssue({ code: "custom", message: `The key “${row.key.slice(0, 20)}…” is longer than 100 characters.` });
        return z.NEVER;
      }
      if (Object.hasOwn(out, row.key)) {
        ctx.addIssue({ code: "custom", message: `The key “${row.key}” appears twice.` });
        return z.NEVER;
      }
      if (row.json) {
        try {
          out[row.key] = JSON.parse(row.value);
        } catch {
          ctx.addIssue({ code: "custom", message: `The value of “${row.key}” is not valid JSON.` });
          return z.NEVER;
        }
      } else {
        out[row.key] = row.value;
      }
    }
    return out;
  });

export const ZUpdateResellerCustomerSchema = z.object({
  name: optionalText(255, "A name is at most 255 characters."),
  email: optionalEmail,
  metadata: ZMetadataRowsSchema,
});
export type TUpdateResellerCustomerInput = z.infer<typeof ZUpdateResellerCustomerSchema>;

/** Metadata as form rows: text values as they are, anything else as JSON. */
export function metadataRows(metadata: unknown): { key: string; value: string; json: boolean }[] {
  if (!metadata || typeof metadata !== "object" || Array.isArray(metadata)) return [];
  return Object.entries(metadata as Record<string, unknown>).map(([key, value]) =>
    typeof value === "string" ? { key, value, json: false } : { key, value: JSON.stringify(value), json: true },
  );
}

/** Reads the metadata rows of the edit form (metaKey/metaValue/metaJson repeated in order). */
export function metadataRowsFromForm(form: FormData): { key: string; value: string; json: boolean }[] {
  const keys = form.getAll("metaKey").map(String);
  const values = form.getAll("metaValue").map(String);
  const json = form.getAll("metaJson").map(String);
  return keys.map((key, i) => ({ key, value: values[i] ?? "", json: json[i] === "1" }));
}
