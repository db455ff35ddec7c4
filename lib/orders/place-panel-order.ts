import type { TPanelOrderFieldErrors, TPanelOrderInput } from "@/lib/catalogue/panel-order-schema";
import { panelOrderErrorFields } from "@/lib/catalogue/review-panel-order";
import type { Db } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import { DomainError } from "@/lib/errors/domain-error";
import type { OrderRunHooks } from "./order-input";
import { placeCustomerOrder, type PlaceCustomerOrderResult } from "./place-customer-order";

/** The panel's signed-in customer placing the order. */
export interface PanelOrderBuyer {
  accountId: string;
  userId: string;
  isOwner: boolean;
}

/** The context placePanelOrder takes first (lib/db/domain-context.ts). */
export type PanelOrderContext = DomainContext<PanelOrderBuyer, Db> & OrderRunHooks;

export type PanelOrderPlacement = { ok: true; placed: PlaceCustomerOrderResult } | { ok: false; fieldErrors: TPanelOrderFieldErrors };

/** The form's idempotency key (one per form load) as the order's key; anything else places without one. */
export const panelIdempotencyKey = (formKey: string): string | null => (/^[0-9a-f-]{36}$/i.test(formKey.trim()) ? `panel-${formKey.trim()}` : null);

/**
 * The client panel's "Place order": the reviewed configuration (reviewPanelOrder) becomes an order
 * through the same function as the customer API's POST /orders (placeCustomerOrder: every order
 * rule, the document, auto-credit, provisioning). A refusal comes back on the field it is about (an
 * add-on's on that add-on, panelOrderErrorFields), else on the form, with the rule's sentence;
 * nothing is written for it. `formKey` is the form's idempotency key (panelIdempotencyKey).
 */
export async function placePanelOrder(ctx: PanelOrderContext, input: TPanelOrderInput & { formKey: string }): Promise<PanelOrderPlacement> {
  const { actor } = ctx;
  try {
    const placed = await placeCustomerOrder(
      { ...ctx, actor: { kind: "customer", accountId: actor.accountId, userId: actor.userId, scopedProjectId: null, projectBound: false, isOwner: actor.isOwner } },
      {
        projectRef: null,
        items: [
          {
            productId: input.productId,
            billingCycle: input.billingCycle,
            location: input.location,
            hostname: input.hostname,
            options: input.options,
            configuration: { osImageId: input.osImageId ?? undefined, sshKeyIds: input.sshKeyIds.length > 0 ? input.sshKeyIds : undefined },
          },
        ],
        idempotencyKey: panelIdempotencyKey(input.formKey),
      },
    );
    return { ok: true, placed };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, fieldErrors: panelOrderErrorFields(error, input) };
    throw error;
  }
}
