import { uuidSchema } from "@/lib/schemas/uuid";
import { WIRE_BILLING_CYCLES } from "@/lib/schemas/billing-cycles";
import { createHash } from "node:crypto";
import { z } from "zod";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { DomainError } from "@/lib/errors/domain-error";
import { isCustomerOrderReplay, placeCustomerOrder, type OrderItemInput } from "@/lib/orders";
import { moneyString } from "@/lib/format/money-string";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { autoCreditAppliedJson, autoCreditAppliedSchema } from "../billing/billing-json";
import { customerOrder, customerOrderSchema, documentRefSchema, documentSchema, nextStep, orderDocuments } from "./order-views";

const CYCLES = WIRE_BILLING_CYCLES;
export const IDEMPOTENCY_HEADER = "idempotency-key";

const configOptions = z
  .object({
    os_image_id: z.string().max(100).optional(),
    custom_image_id: z.string().max(100).optional(),
    user_data: z.string().optional(),
    ssh_keys: z.array(z.string().max(16_384)).max(50).optional(),
    ssh_key_ids: z.array(z.string().max(100)).max(50).optional(),
  })
  .optional();

const optionList = z
  .array(z.object({ optionId: z.string().max(100), quantity: z.number().int({ error: "Must be a whole number" }).min(1).max(100).default(1) }))
  .max(50)
  .optional();

const line = {
  billingCycle: z.enum(CYCLES, { error: `Must be one of ${CYCLES.join(", ")}` }),
  quantity: z.number().int({ error: "Must be a whole number" }).min(1, { error: "Must be between 1 and 100" }).max(100, { error: "Must be between 1 and 100" }).optional(),
  hostname: z.string().max(253).optional(),
  location: z.string().max(100).optional(),
  configOptions,
  options: optionList,
};

const body = z
  .object({
    productId: uuidSchema.optional(),
    ...line,
    billingCycle: line.billingCycle.optional(),
    items: z.array(z.object({ productId: uuidSchema, ...line })).min(1).max(20).optional(),
    projectId: z.string().max(100).optional(),
    idempotencyKey: z.string().trim().min(1).max(255).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.items && b.productId) ctx.addIssue({ code: "custom", path: ["items"], message: "Send either productId (one item) or items[], not both" });
    if (!b.items && !b.productId) ctx.addIssue({ code: "custom", path: ["productId"], message: "Required (or send items[])" });
    if (!b.items && !b.billingCycle) ctx.addIssue({ code: "custom", path: ["billingCycle"], message: "Required" });
  })
  // The docs' example (lib/api/openapi/example-from-schema.ts): one product, as the rules above want it.
  .meta({
    examples: [
      {
        productId: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
        billingCycle: "monthly",
        hostname: "web-1.example.com",
        location: "eu-west",
        idempotencyKey: "order-2026-01-01-web-1",
      },
    ],
  });

/**
 * The order's idempotency key: the body's `idempotencyKey` or the `Idempotency-Key` header (they must
 * agree when both are sent), or null. Refusals are 400s, checked in the guard before the cool-down.
 */
function idempotencyKeyOf(b: { idempotencyKey?: string }, request: Request): string | null {
  const header = request.headers.get(IDEMPOTENCY_HEADER)?.trim() || null;
  if (header && header.length > 255) throw new DomainError("invalid", "Idempotency-Key must be at most 255 characters", { details: [{ field: "Idempotency-Key", message: "At most 255 characters" }] });
  if (header && b.idempotencyKey && header !== b.idempotencyKey) {
    throw new DomainError("invalid", "idempotencyKey and the Idempotency-Key header differ", { details: [{ field: "idempotencyKey", message: "Differs from the Idempotency-Key header" }] });
  }
  return b.idempotencyKey ?? header;
}

type Line = Omit<z.output<typeof body>, "items" | "projectId" | "idempotencyKey"> & { productId?: string };

function toItem(l: Line): OrderItemInput {
  return {
    productId: l.productId!,
    billingCycle: l.billingCycle!,
    quantity: l.quantity,
    location: l.location ?? null,
    hostname: l.hostname ?? null,
    options: l.options,
    configuration: {
      osImageId: l.configOptions?.os_image_id,
      customImageId: l.configOptions?.custom_image_id,
      userData: l.configOptions?.user_data,
      sshKeys: l.configOptions?.ssh_keys,
      sshKeyIds: l.configOptions?.ssh_key_ids,
    },
  };
}

export const createOrderEndpoint = defineEndpoint({
  method: "POST",
  path: "/orders",
  scope: "orders",
  access: "orders:place",
  tag: "orders",
  status: 201,
  // A replay of a used key answers its order past a full bucket and spends nothing (docs/decisions.md#r14).
  cooldown: {
    bucket: "orders",
    replay: ({ auth, db, now, body: b, request }) => isCustomerOrderReplay({ db, now, actor: { accountId: auth.accountId } }, { idempotencyKey: idempotencyKeyOf(b, request) }),
  },
  summary: "Place an order",
  description:
    "One product (`productId`, `billingCycle`, `hostname`, `location`, `configOptions`, `options[]`) or several (`items[]`, each with " +
    "the same fields). Priced at retail (an active reseller's own account: at its wholesale). An invoice (or a proforma on proforma-first " +
    "platforms) is raised and services wait in `pending_payment` until it is paid; hourly products are charged from credit without a " +
    "document and need the platform's minimum credit balance. `idempotencyKey` (or the `Idempotency-Key` header): the first call answers " +
    "201, every later call with the key 200 with `idempotent: true` and the order as it is now — one key is one order for life, also when " +
    "the body differs. Branch on `settled`, never on `next_step`. `custom_image_id` replaces `os_image_id` (both → 400); `user_data` must " +
    "start with `#!` or `#cloud-config` (max 64 KB). Everything is checked before anything is charged.",
  body,
  response: z.object({
    order: customerOrderSchema,
    services: z.array(z.object({ id: z.string(), status: z.string() })),
    invoice: documentRefSchema.extend({ autoCreditApplied: autoCreditAppliedSchema.optional() }).nullable(),
    proforma: documentRefSchema.extend({ autoCreditApplied: autoCreditAppliedSchema.optional() }).nullable(),
    document: documentSchema,
    settled: z.boolean(),
    next_step: z.string(),
    credit_balance: z.string(),
    idempotent: z.literal(true).optional(),
  }),
  async guard({ body: b, request }) {
    idempotencyKeyOf(b, request);
  },
  async handler({ auth, db, body: b, now, request }) {
    const { items, projectId, idempotencyKey: _idempotencyKey, ...single } = b;
    const result = await placeCustomerOrder(
      {
        db,
        now,
        actor: {
          kind: "customer",
          accountId: auth.accountId,
          userId: auth.user.id,
          scopedProjectId: auth.project?.id ?? null,
          projectBound: auth.project?.bound ?? false,
          isOwner: auth.role === "owner",
        },
      },
      {
        items: items ? items.map(toItem) : [toItem(single)],
        projectRef: projectId ?? null,
        idempotencyKey: idempotencyKeyOf(b, request),
        requestHash: createHash("sha256").update(JSON.stringify(b)).digest("hex"),
      },
    );
    const credit = await getCreditBalance({ db, now, actor: { accountId: auth.accountId, userId: auth.user.id, isOwner: auth.role === "owner" } });
    const documents = orderDocuments(result.order);
    // Auto-credit: the document row (only one of invoice/proforma is set) carries what was applied.
    const applied = result.autoCredit ? { autoCreditApplied: autoCreditAppliedJson(result.autoCredit.applied) } : {};
    const data = {
      order: customerOrder(result.order),
      services: result.order.services.map((s) => ({ id: s.id, status: s.status })),
      ...documents,
      invoice: documents.invoice && { ...documents.invoice, ...applied },
      proforma: documents.proforma && { ...documents.proforma, ...applied },
      next_step: nextStep(result.order),
      credit_balance: moneyString(credit.balance),
    };
    if (!result.created) {
      return reply({ ...data, idempotent: true as const }, { status: 200, message: "An order with this idempotency key exists; it is returned as it is now and nothing was charged again", replayed: true });
    }
    return data;
  },
});
