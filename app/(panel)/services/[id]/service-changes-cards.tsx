"use client";

import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import { formatPricePer } from "@/lib/format/format-price-per";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { statusLabel } from "@/lib/format/status-labels";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { inputClasses } from "@/components/ui/input";
import type { ActionResult } from "@/lib/actions/action-result";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";
import { addAddonAction, cancelUpgradeAction, removeAddonAction, upgradeServiceAction, type ServiceChange } from "../change-actions";

type ChangeResult = ActionResult<ServiceChange>;
import { serviceKeys } from "@/lib/query/keys";

// Figures arrive as decimal strings computed on the server (lib/services/changes); the browser
// only shows them, it never does money arithmetic.

export interface UpgradeRow {
  productId: string;
  name: string;
  specs: string;
  newCyclePrice: string;
  creditAmount: string;
  chargeAmount: string;
  netAmount: string;
  vatRate: string;
  vatAmount: string;
  totalWithVat: string;
  daysRemaining: number;
  daysInCycle: number;
}

export interface PendingUpgradeView {
  id: string;
  status: string;
  toName: string;
  total: string;
  document: { type: "invoice" | "proforma"; id: string; number: string } | null;
}

export interface HeldAddon {
  optionId: string;
  name: string;
  quantity: number;
  amount: string | null;
  status: string;
  nextDueDate: string | null;
}

export interface AvailableAddon {
  optionId: string;
  name: string;
  price: string;
  setupFee: string;
  maxQuantity: number | null;
  oneTime: boolean;
}


function documentHref(doc: { type: "invoice" | "proforma"; id: string }) {
  return doc.type === "invoice" ? `/billing/invoices/${doc.id}` : `/billing/proformas/${doc.id}`;
}

/** The card's outcome line; a refusal the card shows under one of its inputs (`shownFields`) is not repeated here. */
function Outcome({ result, shownFields = [] }: { result: ChangeResult | null; shownFields?: readonly string[] }) {
  if (!result) return null;
  if (!result.ok) {
    const sentence = refusalSentence(result, shownFields);
    return sentence ? <Alert tone="error">{sentence}</Alert> : null;
  }
  const { document } = result.data;
  return (
    <Alert tone="success">
      {result.message}{" "}
      {document && (
        <Link className="font-medium underline" href={documentHref(document)}>
          Open {document.number}
        </Link>
      )}
    </Alert>
  );
}

/** Plans this VPS can move to, each with what it costs today (prorated to the next due date); confirm, then pay the invoice. */
export function UpgradeCard(props: { serviceId: string; currency: string; cycle: string; rows: UpgradeRow[]; pending: PendingUpgradeView | null; canManage: boolean; unavailable: string | null }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<UpgradeRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ChangeResult | null>(null);
  const act = async (fn: () => Promise<ChangeResult>) => {
    setBusy(true);
    const r = await fn();
    setResult(r);
    setBusy(false);
    setChoice(null);
    // The cards here are rendered on the server; the live ones (document, activity) are in the query cache.
    router.refresh();
    void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(props.serviceId) });
  };
  const { pending } = props;

  return (
    <Card>
      <CardHeader title="Upgrade" description="Move this server to a bigger plan. You pay the difference for the days left in this billing period; the new price applies from the next one." />
      <CardBody className="space-y-4">
        <Outcome result={result} />
        {pending && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 p-3" data-testid="pending-upgrade">
            <p className="text-sm text-neutral-800">
              Upgrade to <strong>{pending.toName}</strong>: <Badge tone="amber">{statusLabel("serviceUpgrade", pending.status)}</Badge>
              {pending.document && pending.status === "awaiting_payment" && (
                <>
                  {" "}
                  · pay{" "}
                  <Link className="font-medium underline" href={documentHref(pending.document)}>
                    {pending.document.number}
                  </Link>{" "}
                  ({formatMoney(pending.total, props.currency)}) to apply it
                </>
              )}
              {pending.status === "executing" && " — the server restarts once while it is resized."}
            </p>
            {props.canManage && (pending.status === "awaiting_payment" || pending.status === "pending") && (
              <Button variant="secondary" pending={busy} onClick={() => act(() => cancelUpgradeAction(props.serviceId, pending.id))}>
                Cancel upgrade
              </Button>
            )}
          </div>
        )}
        {props.rows.length === 0 ? (
          <p className="text-sm text-neutral-500">{props.unavailable ?? "There is no bigger plan for this server yet. Contact support if you need more resources."}</p>
        ) : (
          <table className="w-full text-left text-sm" aria-label="Upgrade options">
            <thead className="text-xs text-neutral-500">
              <tr>
                <th className="py-1 font-medium">Plan</th>
                <th className="py-1 font-medium">Price per {props.cycle}</th>
                <th className="py-1 font-medium">Due today</th>
                <th className="py-1" />
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {props.rows.map((row) => (
                <tr key={row.productId} data-testid="upgrade-row">
                  <td className="py-2">
                    <p className="font-medium text-neutral-800">{row.name}</p>
                    <p className="text-xs text-neutral-500">{row.specs}</p>
                  </td>
                  <td className="py-2">{formatUnitMoney(row.newCyclePrice, props.currency)}</td>
                  <td className="py-2">
                    {formatMoney(row.totalWithVat, props.currency)}
                    <p className="text-xs text-neutral-500">
                      {row.daysRemaining} of {row.daysInCycle} days, VAT included
                    </p>
                  </td>
                  <td className="py-2 text-right">
                    {props.canManage && (
                      <Button variant="secondary" disabled={pending !== null || busy} onClick={() => setChoice(row)}>
                        Upgrade…
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {!props.canManage && props.rows.length > 0 && <p className="text-xs text-neutral-500">Upgrading needs the services.manage permission on this account.</p>}
      </CardBody>
      <Dialog open={choice !== null} onClose={() => setChoice(null)} title={choice ? `Upgrade to ${choice.name}` : "Upgrade"} description="Check the figures, then confirm. An invoice is raised; the upgrade is applied once it is paid.">
        {choice && (
          <>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="upgrade-breakdown">
              <dt className="text-neutral-500">New plan, {choice.daysRemaining} of {choice.daysInCycle} days</dt>
              <dd className="text-right">{formatMoney(choice.chargeAmount, props.currency)}</dd>
              <dt className="text-neutral-500">Credit for your current plan</dt>
              <dd className="text-right">−{formatMoney(choice.creditAmount, props.currency)}</dd>
              <dt className="text-neutral-500">Net</dt>
              <dd className="text-right">{formatMoney(choice.netAmount, props.currency)}</dd>
              <dt className="text-neutral-500">VAT {choice.vatRate} %</dt>
              <dd className="text-right">{formatMoney(choice.vatAmount, props.currency)}</dd>
              <dt className="font-medium text-neutral-800">Total</dt>
              <dd className="text-right font-medium">{formatMoney(choice.totalWithVat, props.currency)}</dd>
            </dl>
            <p className="mt-3 text-xs text-neutral-500">From the next billing period the server costs {formatPricePer(choice.newCyclePrice, props.currency, props.cycle)}. It restarts once while it is resized.</p>
            <DialogActions>
              <Button variant="secondary" onClick={() => setChoice(null)}>
                Back
              </Button>
              <Button pending={busy} onClick={() => act(() => upgradeServiceAction(props.serviceId, choice.productId))}>
                Confirm upgrade
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Card>
  );
}

const QUANTITY_FIELDS = ["quantity"] as const;

/** The server's add-ons: the list, adding one at its price (an invoice for the first cycle and setup fee), removing one. */
export function AddonsCard(props: { serviceId: string; currency: string; cycle: string; held: HeldAddon[]; available: AvailableAddon[]; canManage: boolean; canCancel: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const buyable = props.available.filter((a) => !props.held.some((h) => h.optionId === a.optionId));
  const [optionId, setOptionId] = useState(buyable[0]?.optionId ?? "");
  // As typed: -2, 0 or 1.5 is refused by the add-on rule on the server, never clamped to 1 here.
  const [quantity, setQuantity] = useState("1");
  const [removing, setRemoving] = useState<HeldAddon | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ChangeResult | null>(null);
  const selected = buyable.find((a) => a.optionId === optionId) ?? buyable[0] ?? null;
  // A refusal of the quantity shows under the quantity field, not in the card's outcome line.
  const quantityError = fieldError(result, "quantity");
  const act = async (fn: () => Promise<ChangeResult>) => {
    setBusy(true);
    const r = await fn();
    setResult(r);
    setBusy(false);
    setRemoving(null);
    // The cards here are rendered on the server; the live ones (document, activity) are in the query cache.
    router.refresh();
    void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(props.serviceId) });
  };

  return (
    <Card>
      <CardHeader title="Add-ons" description="Extras billed with this server." />
      <CardBody className="space-y-4">
        <Outcome result={result} shownFields={QUANTITY_FIELDS} />
        {props.held.length === 0 ? (
          <p className="text-sm text-neutral-500">No add-ons yet.{buyable.length > 0 && props.canManage ? " Add one below." : ""}</p>
        ) : (
          <ul className="divide-y divide-neutral-100" aria-label="Add-ons">
            {props.held.map((h, i) => (
              <li key={`${h.optionId}-${i}`} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="addon-row">
                <div>
                  <p className="text-sm font-medium text-neutral-800">
                    {h.name} × {h.quantity} {h.status !== "active" && <Badge tone="amber">{statusLabel("serviceOption", h.status)}</Badge>}
                  </p>
                  <p className="text-xs text-neutral-500">
                    {h.amount ? formatPricePer(h.amount, props.currency, props.cycle) : "One-time"}
                    {h.nextDueDate ? ` · renews ${formatDate(h.nextDueDate)}` : ""}
                  </p>
                </div>
                {props.canCancel && (
                  <Button variant="danger" disabled={busy} onClick={() => setRemoving(h)}>
                    Remove…
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {props.canManage && selected && (
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              void act(() => addAddonAction(props.serviceId, selected.optionId, quantity));
            }}
          >
            <label className="text-sm">
              <span className="mb-1 block text-xs font-medium text-neutral-600">Add-on</span>
              <select className={inputClasses} value={selected.optionId} onChange={(e) => setOptionId(e.target.value)}>
                {buyable.map((a) => (
                  <option key={a.optionId} value={a.optionId}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
            <div className="text-sm">
              <label htmlFor="addon-quantity" className="mb-1 block text-xs font-medium text-neutral-600">
                Quantity
              </label>
              <input
                id="addon-quantity"
                className={`${inputClasses} w-24`}
                type="number"
                inputMode="numeric"
                min={1}
                max={selected.maxQuantity ?? 100}
                step={1}
                value={quantity}
                onChange={(e) => {
                  setQuantity(e.target.value);
                  if (quantityError) setResult(null);
                }}
                aria-invalid={quantityError ? true : undefined}
                aria-describedby={quantityError ? "addon-quantity-error" : undefined}
              />
            </div>
            <p className="pb-2 text-sm text-neutral-700" data-testid="addon-price">
              {selected.oneTime ? `${formatMoney(selected.setupFee, props.currency)} once` : formatPricePer(selected.price, props.currency, props.cycle)}
              {!selected.oneTime && selected.setupFee !== "0.00" ? ` + ${formatMoney(selected.setupFee, props.currency)} setup` : ""}, each, excl. VAT
            </p>
            <Button type="submit" pending={busy}>
              Add
            </Button>
            {quantityError && (
              <p id="addon-quantity-error" role="alert" className="basis-full text-xs font-medium text-red-600">
                {quantityError}
              </p>
            )}
          </form>
        )}
        {props.canManage && !selected && props.available.length === 0 && <p className="text-xs text-neutral-500">This plan has no add-ons to offer.</p>}
        {props.canManage && selected && <p className="text-xs text-neutral-500">You are invoiced for a first {props.cycle} and the setup fee; the add-on starts once the invoice is paid and renews on its own date.</p>}
      </CardBody>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} title={removing ? `Remove ${removing.name}?` : "Remove add-on"} description="It ends today. What you paid for the current period is not refunded.">
        <DialogActions>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Keep it
          </Button>
          <Button variant="danger" pending={busy} onClick={() => removing && act(() => removeAddonAction(props.serviceId, removing.optionId))}>
            Remove add-on
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
