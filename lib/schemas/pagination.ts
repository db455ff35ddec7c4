import { z } from "zod";

/**
 * The pagination shapes the two specs use:
 * - reseller page pagination (`GET /services`, `GET /customers`): `{page, limit, total, totalPages}`
 * - reseller offset pagination (`GET /orders`): `{total, limit, offset, hasMore}`
 * - customer page pagination: `{page, limit, total, pages}`; `/orders` omits `pages`,
 *   `/account/transactions` calls it `totalPages`.
 * Query schemas: the reseller API refuses out-of-range values (400 naming the field, docs/decisions.md#d6);
 * the customer API clamps `limit` to 200 silently (customer Limits).
 */

export const CUSTOMER_MAX_LIMIT = 200;

const positiveInt = (field: string) =>
  z.coerce.number({ error: `${field} must be a whole number` }).int({ error: `${field} must be a whole number` });

export function resellerPageQuery(options: { defaultLimit: number; maxLimit: number }) {
  return {
    page: positiveInt("page").min(1, { error: "page must be 1 or more" }).default(1),
    limit: positiveInt("limit")
      .min(1, { error: `limit must be between 1 and ${options.maxLimit}` })
      .max(options.maxLimit, { error: `limit must be between 1 and ${options.maxLimit}` })
      .default(options.defaultLimit),
  };
}

export function resellerOffsetQuery(options: { defaultLimit: number; maxLimit: number }) {
  return {
    limit: positiveInt("limit")
      .min(1, { error: `limit must be between 1 and ${options.maxLimit}` })
      .max(options.maxLimit, { error: `limit must be between 1 and ${options.maxLimit}` })
      .default(options.defaultLimit),
    offset: positiveInt("offset").min(0, { error: "offset must be 0 or more" }).default(0),
  };
}

export function customerPageQuery(options: { defaultLimit: number }) {
  return {
    page: positiveInt("page").min(1, { error: "page must be 1 or more" }).default(1),
    limit: positiveInt("limit")
      .min(1, { error: "limit must be 1 or more" })
      .default(options.defaultLimit)
      .transform((n) => Math.min(n, CUSTOMER_MAX_LIMIT)),
  };
}

export function pageWindow(page: number, limit: number): { skip: number; take: number } {
  return { skip: (page - 1) * limit, take: limit };
}

export function resellerPagePagination(p: { page: number; limit: number; total: number }) {
  return { page: p.page, limit: p.limit, total: p.total, totalPages: Math.ceil(p.total / p.limit) };
}

export function resellerOffsetPagination(p: { offset: number; limit: number; total: number }) {
  return { total: p.total, limit: p.limit, offset: p.offset, hasMore: p.offset + p.limit < p.total };
}

export function customerPagination(
  p: { page: number; limit: number; total: number },
  pagesKey: "pages" | "totalPages" | null = "pages",
): Record<string, number> {
  const base: Record<string, number> = { page: p.page, limit: p.limit, total: p.total };
  if (pagesKey) base[pagesKey] = Math.ceil(p.total / p.limit);
  return base;
}

export const resellerPagePaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const resellerOffsetPaginationSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
});
