import { isUuid } from "@/lib/schemas/uuid";
import { z } from "zod";

/** The project every account has; it holds everything not assigned elsewhere and cannot be renamed or deleted. */
export const DEFAULT_PROJECT_SLUG = "default";


// Lowercase letters, digits and single hyphens: it goes into `X-Project-Id` and `?project=`. A slug
// shaped like a uuid would make `<id|slug>` ambiguous, so it is refused.
export const projectSlugSchema = z
  .string()
  .trim()
  .min(1, "Slug is required")
  .max(63, "At most 63 characters")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Lowercase letters, digits and single hyphens, not starting or ending with a hyphen")
  .refine((s) => !isUuid(s), "A slug must not look like a project id");

export const projectNameSchema = z.string().trim().min(1, "Name is required").max(100, "At most 100 characters");
export const projectDescriptionSchema = z.string().trim().max(500, "At most 500 characters");
export const projectColourSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "A colour is written #rrggbb")
  .transform((c) => c.toLowerCase());

/** A slug from a name: "Acme Shop!" → "acme-shop". */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/g, "");
}
