"use server";

import { redirect } from "next/navigation";
import { requireCustomer } from "@/lib/auth/session";
import { parsePanelOrderForm, type TPanelOrderFieldErrors, type TPanelOrderInput } from "@/lib/catalogue/panel-order-schema";
import { reviewPanelOrder, type PanelOrderReview } from "@/lib/catalogue/review-panel-order";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { currentDocument, placePanelOrder } from "@/lib/orders";
import { mayPlaceOrders, ORDERING_NOT_ALLOWED } from "./ordering-status";

export type OrderFormState = {
  /** Per field; an add-on's under `option:<id>`. */
  fieldErrors?: TPanelOrderFieldErrors;
  review?: PanelOrderReview;
  /** A sentence about the whole form. */
  notice?: string;
};

type Checked = { ok: true; accountId: string; input: TPanelOrderInput; review: PanelOrderReview } | { ok: false; state: OrderFormState };

/** Validates the form with the shared schema and prices it with quoteOrder (reviewPanelOrder). */
async function checkAndQuote(formData: FormData): Promise<Checked> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return { ok: false, state: { fieldErrors: { form: "Your sign-in is not linked to a customer account, so there is nothing to order for." } } };
  const parsed = parsePanelOrderForm(formData);
  if (!parsed.ok) return { ok: false, state: { fieldErrors: parsed.fieldErrors } };
  try {
    const result = await reviewPanelOrder(getDb(), { accountId: viewer.customer.accountId }, parsed.input);
    if (!result.ok) return { ok: false, state: { fieldErrors: result.fieldErrors } };
    return { ok: true, accountId: viewer.customer.accountId, input: parsed.input, review: result.review };
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") return { ok: false, state: { fieldErrors: { form: "This product is no longer sold. Pick another from the catalogue." } } };
    throw error;
  }
}

/** "Review order": the price breakdown of the configuration, or what to fix. Nothing is written. */
export async function reviewOrderAction(_prev: OrderFormState, formData: FormData): Promise<OrderFormState> {
  const checked = await checkAndQuote(formData);
  return checked.ok ? { review: checked.review } : checked.state;
}

/**
 * "Place order": the reviewed configuration, checked and priced again, becomes an order through the
 * same function as the API's POST /orders (placePanelOrder → placeCustomerOrder: document, auto-credit,
 * provisioning).
 * The form's idempotency key (one per form load) makes a double submit one order. On success the
 * customer lands on the order's invoice (or proforma) with a note, where it can be paid from credit.
 */
export async function placeOrderAction(_prev: OrderFormState, formData: FormData): Promise<OrderFormState> {
  const checked = await checkAndQuote(formData);
  if (!checked.ok) return checked.state;
  const viewer = await requireCustomer();
  const membership = viewer.customer!;
  if (!mayPlaceOrders(membership)) return { review: checked.review, fieldErrors: { form: ORDERING_NOT_ALLOWED } };
  const placement = await placePanelOrder(
    { accountId: checked.accountId, userId: viewer.user.id, isOwner: membership.role === "owner" },
    checked.input,
    { db: getDb(), now: new Date(), formKey: String(formData.get("idempotencyKey") ?? "") },
  );
  if (!placement.ok) return { review: checked.review, fieldErrors: placement.fieldErrors };
  const { order } = placement.placed;
  const { invoice, proforma } = currentDocument(order);
  const note = `?ordered=${encodeURIComponent(order.orderNumber)}`;
  if (invoice) redirect(`/billing/invoices/${invoice.id}${note}`);
  if (proforma) redirect(`/billing/proformas/${proforma.id}${note}`);
  redirect(`/services${note}`);
}
