import { z } from "zod";
import { CHECK_THE_FIELDS } from "@/lib/actions/action-result";
import { DomainError, type FieldIssue } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";

// Field rules shared by the operator console's domain functions. Every value may arrive as form
// text (a server action passes FormData entries through), so blanks, checkboxes and decimals are
// read here once: a blank money field is null (not sold / none), never 0.

const MONEY = /^\d{1,14}(\.\d{1,4})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (value instanceof Prisma.Decimal) return value.toFixed();
  return String(value).trim();
}

/** An amount with at most 4 decimal places, or null when blank. */
export const zOptionalMoney = z.unknown().optional().transform((value, ctx) => {
  const s = text(value).replace(",", ".");
  if (s === "") return null;
  if (!MONEY.test(s)) {
    ctx.addIssue({ code: "custom", message: "Enter an amount like 12.50 (at most 4 decimal places, no currency sign), or leave it blank." });
    return z.NEVER;
  }
  return new Prisma.Decimal(s);
});

/** An amount with at most 4 decimal places; required. */
export const zMoney = z.unknown().optional().transform((value, ctx) => {
  const s = text(value).replace(",", ".");
  if (s === "" || !MONEY.test(s)) {
    ctx.addIssue({ code: "custom", message: s === "" ? "Enter an amount." : "Enter an amount like 12.50 (at most 4 decimal places, no currency sign)." });
    return z.NEVER;
  }
  return new Prisma.Decimal(s);
});

function percent(optional: boolean) {
  return z.unknown().optional().transform((value, ctx): Prisma.Decimal | null => {
    const s = text(value).replace(",", ".");
    if (s === "" && optional) return null;
    if (!PERCENT.test(s) || Number(s) > 100) {
      ctx.addIssue({ code: "custom", message: "Enter a percentage from 0 to 100 (at most 2 decimal places)." });
      return z.NEVER;
    }
    return new Prisma.Decimal(s);
  });
}

export const zPercent = percent(false).transform((d) => d as Prisma.Decimal);
export const zOptionalPercent = percent(true);

/** A whole number within bounds, or null when blank. */
export function zOptionalInt(min: number, max: number, what = "a whole number") {
  return z.unknown().optional().transform((value, ctx): number | null => {
    const s = text(value);
    if (s === "") return null;
    if (!/^-?\d+$/.test(s) || Number(s) < min || Number(s) > max) {
      ctx.addIssue({ code: "custom", message: `Enter ${what} from ${min} to ${max}.` });
      return z.NEVER;
    }
    return Number(s);
  });
}

export function zInt(min: number, max: number, what = "a whole number") {
  return z.unknown().optional().transform((value, ctx): number => {
    const s = text(value);
    if (!/^-?\d+$/.test(s) || Number(s) < min || Number(s) > max) {
      ctx.addIssue({ code: "custom", message: `Enter ${what} from ${min} to ${max}.` });
      return z.NEVER;
    }
    return Number(s);
  });
}

/** A checkbox: present ("on", "true", true) = checked. */
export const zCheckbox = z.unknown().optional().transform((value) => value === true || value === "on" || value === "true" || value === "1");

export function zText(label: string, max = 200) {
  return z
    .unknown()
    .optional()
    .transform((v) => text(v))
    .pipe(z.string().min(1, `Enter the ${label}.`).max(max, `The ${label} is at most ${max} characters.`));
}

export function zOptionalText(max = 2000) {
  return z
    .unknown()
    .optional()
    .transform((v) => text(v))
    .pipe(z.string().max(max, `At most ${max} characters.`))
    .transform((s) => (s === "" ? null : s));
}

/** Lower-case letters, digits and dashes (URL slugs, location values). */
export function zSlug(label: string) {
  return z
    .unknown()
    .optional()
    .transform((v) => text(v).toLowerCase())
    .pipe(
      z
        .string()
        .min(1, `Enter the ${label}.`)
        .max(64, `The ${label} is at most 64 characters.`)
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `The ${label} uses lower-case letters, digits and single dashes only (e.g. ams1, vps-small).`),
    );
}

export function zEnum<T extends string>(values: readonly T[], message: string) {
  return z.unknown().optional().transform((v, ctx): T => {
    const s = text(v);
    const found = values.find((x) => x === s);
    if (!found) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return found;
  });
}

export const zUuid = (label: string) =>
  z
    .unknown()
    .optional()
    .transform((v) => text(v))
    .pipe(z.string().uuid(`Choose a ${label}.`));

/** Parses or throws DomainError("invalid") naming every field, first message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details: FieldIssue[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".") || "form";
    if (!details.some((d) => d.field === field)) details.push({ field, message: issue.message });
  }
  throw new DomainError("invalid", CHECK_THE_FIELDS, { details });
}

/** Turns a unique-constraint violation into the sentence an operator can act on. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export function fieldError(field: string, message: string, kind: "invalid" | "conflict" = "conflict"): DomainError {
  return new DomainError(kind, message, { details: [{ field, message }] });
}
