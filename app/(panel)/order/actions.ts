"use server";

import { withCooldown } from "@/lib/cooldowns/with-cooldown";
import { redirect } from "next/navigation";
import { requireCustomer } from "@/lib/auth/session";
import { parsePanelOrderForm, type TPanelOrderFieldErrors, type TPanelOrderInput } from "@/lib/catalogue/panel-order-schema";
import { reviewPanelOrder, type PanelOrderReview } from "@/lib/catalogue/review-panel-order";
import { getDb } from "@/lib/db/client";
import { CHECK_THE_FIELDS, runAction, type ActionFailure, type FormActionState } from "@/lib/actions/action-result";
import { DomainError } from "@/lib/errors/domain-error";
import { currentDocument, isCustomerOrderReplay, panelIdempotencyKey, placePanelOrder } from "@/lib/orders";
import { mayPlaceOrders, ORDERING_NOT_ALLOWED } from "./ordering-status";

/**
 * The configure form's state: ActionResult (null before the first submit) whose data is the priced
 * review. Refusals are per field (an add-on's under `option:<id>`, a sentence about the whole form
 * under `form`); a refused placement also keeps the `review` of what was sent, so it stays on screen.
 */
export type OrderFormState = FormActionState<{ review: PanelOrderReview }> | (ActionFailure & { review: PanelOrderReview });

const LOG = { log: "[panel] order form failed" };

/** The form's refusals as the DomainError runAction turns back into them; its sentence is the `form` one when there is one. */
function orderRefusal(fieldErrors: TPanelOrderFieldErrors): DomainError {
  const details = Object.entries(fieldErrors).map(([field, message]) => ({ field, message: message ?? "" }));
  return new DomainError("invalid", fieldErrors.form ?? CHECK_THE_FIELDS, { details });
}

/** Validates the form with the shared schema and prices it with quoteOrder (reviewPanelOrder); refuses by throwing orderRefusal. */
async function checkAndQuote(formData: FormData): Promise<{ accountId: string; input: TPanelOrderInput; review: PanelOrderReview }> {
  const viewer = await requireCustomer();
  if (!viewer.customer) throw orderRefusal({ form: "Your sign-in is not linked to a customer account, so there is nothing to order for." });
  const parsed = parsePanelOrderForm(formData);
  if (!parsed.ok) throw orderRefusal(parsed.fieldErrors);
  try {
    const result = await reviewPanelOrder({ db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId } }, parsed.input);
    if (!result.ok) throw orderRefusal(result.fieldErrors);
    return { accountId: viewer.customer.accountId, input: parsed.input, review: result.review };
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") throw orderRefusal({ form: "This product is no longer sold. Pick another from the catalogue." });
    throw error;
  }
}

/** "Review order": the price breakdown of the configuration, or what to fix. Nothing is written. */
export async function reviewOrderAction(_prev: OrderFormState, formData: FormData): Promise<OrderFormState> {
  return runAction(async () => ({ data: { review: (await checkAndQuote(formData)).review } }), LOG);
}

/**
 * "Place order": the reviewed configuration, checked and priced again, becomes an order through the
 * same function as the API's POST /orders (placePanelOrder → placeCustomerOrder: document, auto-credit,
 * provisioning).
 * The form's idempotency key (one per form load) makes a double submit one order. On success the
 * customer lands on the order's invoice (or proforma) with a note, where it can be paid from credit.
 */
export async function placeOrderAction(_prev: OrderFormState, formData: FormData): Promise<OrderFormState> {
  let review: PanelOrderReview | undefined;
  const result = await runAction(async () => {
    const checked = await checkAndQuote(formData);
    review = checked.review;
    const viewer = await requireCustomer();
    const membership = viewer.customer!;
    if (!mayPlaceOrders(membership)) throw orderRefusal({ form: ORDERING_NOT_ALLOWED });
    const db = getDb();
    const now = new Date();
    // The customer API's order cool-down (per user), shared with POST /orders; a refusal gives its use back,
    // and a second submit of the same form (its key already placed an order) is answered past a full bucket.
    const formKey = String(formData.get("idempotencyKey") ?? "");
    const actor = { accountId: checked.accountId, userId: viewer.user.id, isOwner: membership.role === "owner" };
    const isReplay = () => isCustomerOrderReplay({ db, now, actor }, { idempotencyKey: panelIdempotencyKey(formKey) });
    const placed = await withCooldown(
      db,
      { bucket: "orders", userId: viewer.user.id, resourceId: "" },
      now,
      async () => {
        const placement = await placePanelOrder({ db, now, actor }, { ...checked.input, formKey });
        if (!placement.ok) throw orderRefusal(placement.fieldErrors);
        return placement.placed;
      },
      { isReplay, replayed: (result) => !result.created },
    );
    const { order } = placed;
    const { invoice, proforma } = currentDocument(order);
    const note = `?ordered=${encodeURIComponent(order.orderNumber)}`;
    if (invoice) redirect(`/billing/invoices/${invoice.id}${note}`);
    if (proforma) redirect(`/billing/proformas/${proforma.id}${note}`);
    redirect(`/services${note}`);
  }, LOG);
  // A placed order redirects from inside the body: only a refusal comes back, with the review when there was one.
  if (result.ok) return null;
  return review ? { ...result, review } : result;
}
