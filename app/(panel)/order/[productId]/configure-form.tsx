"use client";

import { startTransition, useActionState, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { inputClasses } from "@/components/ui/input";
import { formatMoney } from "@/lib/format/format-money";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { optionFieldName, type TPanelOrderField, type TPanelOrderOptionField } from "@/lib/catalogue/panel-order-schema";
import { placeOrderAction, reviewOrderAction, type OrderFormState } from "../actions";
import { ScrollBox } from "@/components/ui/scroll-box";

/** Everything the form shows, as plain strings (money is never a JS number here). */
export interface ConfigureProduct {
  id: string;
  name: string;
  kind: string;
  currency: string;
  locationRequired: boolean;
  cycles: { value: string; label: string; per: string; price: string; setupFee: string }[];
  locations: { value: string; name: string; flag: string; available: boolean; reason: string; surchargeMonthly: string; surchargeSetup: string }[];
  images: { id: string; name: string }[];
  defaultImageId: string | null;
  needsImage: boolean;
  needsHostname: boolean;
  hostnamePattern: string;
  options: { id: string; name: string; description: string | null; oneTime: string | null; maxQuantity: number | null; prices: Record<string, { price: string; setupFee: string }> }[];
  sshKeys: { id: string; name: string; fingerprint: string }[];
}

type FixedField = Exclude<TPanelOrderField, TPanelOrderOptionField>;
const isOptionField = (k: TPanelOrderField): k is TPanelOrderOptionField => k.startsWith("option:");

const FIELD_LABEL: Record<FixedField, string> = {
  form: "Order",
  productId: "Product",
  billingCycle: "Billing cycle",
  location: "Datacentre",
  osImageId: "Operating system",
  hostname: "Hostname",
  options: "Add-ons",
  sshKeyIds: "SSH keys",
};
/** Where each field's error links to. */
const FIELD_ANCHOR: Record<FixedField, string> = {
  form: "configure-errors",
  productId: "configure-errors",
  billingCycle: "field-billingCycle",
  location: "field-location",
  osImageId: "field-osImageId",
  hostname: "field-hostname",
  options: "field-options",
  sshKeyIds: "field-sshKeyIds",
};

const isZero = (v: string) => /^0*(\.0*)?$/.test(v);

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-red-600">
      {message}
    </p>
  );
}

export function ConfigureForm({ product, placeOrderEnabled, placeOrderUnavailable }: { product: ConfigureProduct; placeOrderEnabled: boolean; placeOrderUnavailable: string }) {
  // One state for both buttons: the submitter's `intent` says which server action runs.
  const [state, dispatch, pending] = useActionState<OrderFormState, FormData>(
    async (prev, formData) => (formData.get("intent") === "place" ? placeOrderAction(prev, formData) : reviewOrderAction(prev, formData)),
    null,
  );
  const firstOrderable = product.locations.find((l) => l.available);
  const [cycle, setCycle] = useState(product.cycles.find((c) => c.value === "monthly")?.value ?? product.cycles[0]?.value ?? "");
  const [location, setLocation] = useState(product.locationRequired ? (firstOrderable?.value ?? "") : "");
  const [imageId, setImageId] = useState(product.defaultImageId ?? "");
  const [hostname, setHostname] = useState("");
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(product.options.map((o) => [o.id, "0"])));
  const [sshKeyIds, setSshKeyIds] = useState<string[]>([]);
  const [editedSince, setEditedSince] = useState<object | null>(null);
  // One order per form load: a double submit or a retry after a lost answer replays, never re-orders.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const errorsRef = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<HTMLHeadingElement>(null);

  // A refusal names its fields; one that names none (a failure on our side) is a sentence about the whole form.
  const refusal = state && !state.ok ? state : null;
  const errors: Partial<Record<string, string>> = refusal ? (refusal.fieldErrors ?? { form: refusal.error }) : {};
  const errorKeys = Object.keys(errors) as TPanelOrderField[];
  // An add-on's error is keyed by the add-on: the summary names it and links to its own input.
  const optionOf = (k: TPanelOrderOptionField) => product.options.find((o) => optionFieldName(o.id) === k);
  // A field the form has no input for is shown as its sentence alone, like the form's own.
  const hasInput = (k: TPanelOrderField) => isOptionField(k) || (k in FIELD_LABEL && k !== "form" && k !== "productId");
  const labelOf = (k: TPanelOrderField) => (isOptionField(k) ? (optionOf(k)?.name ?? FIELD_LABEL.options) : FIELD_LABEL[k]);
  const anchorOf = (k: TPanelOrderField) => (isOptionField(k) ? (optionOf(k) ? `opt-${optionOf(k)!.id}` : FIELD_ANCHOR.options) : FIELD_ANCHOR[k]);
  // A review stays on screen only while it matches what the form says (a refused placement keeps it).
  const lastReview = state?.ok ? state.data.review : state && "review" in state ? state.review : undefined;
  const review = lastReview && editedSince !== state ? lastReview : undefined;
  const edited = () => setEditedSince(state);

  useEffect(() => {
    if (state && !state.ok) errorsRef.current?.focus();
    else if (state?.ok) reviewRef.current?.focus();
  }, [state]);

  // Submitted by hand rather than through <form action>: React resets a form after its action,
  // which would put the radio buttons back to their first state while the review shows the choice.
  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formData = new FormData(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter);
    startTransition(() => dispatch(formData));
  }

  const selectedCycle = product.cycles.find((c) => c.value === cycle);
  const money = (v: string) => formatUnitMoney(v, product.currency);
  const describedBy = (field: TPanelOrderField, hint?: string) => [hint, errors[field] ? `${anchorOf(field)}-error` : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={`Configure ${product.name}`} className="space-y-6">
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {errorKeys.length > 0 && (
        <div ref={errorsRef} tabIndex={-1} id="configure-errors" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 focus:outline-none">
          <p className="font-medium">Please fix {errorKeys.length === 1 ? "this" : `these ${errorKeys.length} things`} before reviewing:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {errorKeys.map((k) => (
              <li key={k}>
                {!hasInput(k) ? (
                  errors[k]
                ) : (
                  <a href={`#${anchorOf(k)}`} className="underline underline-offset-2">
                    {labelOf(k)}: {errors[k]}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Billing and place" />
          <CardBody className="space-y-5">
            <fieldset id="field-billingCycle" tabIndex={-1} aria-describedby={describedBy("billingCycle")} className="space-y-2 focus:outline-none">
              <legend className="text-sm font-medium text-neutral-800">Billing cycle</legend>
              {product.cycles.map((c) => (
                <label key={c.value} className="flex items-center gap-3 rounded-md border border-neutral-200 px-3 py-2 text-sm has-[:checked]:border-neutral-900">
                  <input
                    type="radio"
                    name="billingCycle"
                    value={c.value}
                    checked={cycle === c.value}
                    onChange={() => {
                      setCycle(c.value);
                      edited();
                    }}
                  />
                  <span className="flex-1 font-medium text-neutral-900">{c.label}</span>
                  <span className="text-neutral-600 tabular-nums">
                    {money(c.price)} {c.per}
                    {!isZero(c.setupFee) && <span className="block text-right text-xs text-neutral-500">+ {money(c.setupFee)} setup</span>}
                  </span>
                </label>
              ))}
              <FieldError id="field-billingCycle-error" message={errors.billingCycle} />
            </fieldset>

            {product.locations.length > 0 && (
              <fieldset id="field-location" tabIndex={-1} aria-describedby={describedBy("location")} className="space-y-2 focus:outline-none">
                <legend className="text-sm font-medium text-neutral-800">Datacentre</legend>
                {!product.locationRequired && (
                  <label className="flex items-center gap-3 rounded-md border border-neutral-200 px-3 py-2 text-sm has-[:checked]:border-neutral-900">
                    <input
                      type="radio"
                      name="location"
                      value=""
                      checked={location === ""}
                      onChange={() => {
                        setLocation("");
                        edited();
                      }}
                    />
                    <span className="flex-1 font-medium text-neutral-900">Any datacentre</span>
                    <span className="text-xs text-neutral-500">We place it where there is room</span>
                  </label>
                )}
                {product.locations.map((l) => (
                  <label
                    key={l.value}
                    className="flex items-center gap-3 rounded-md border border-neutral-200 px-3 py-2 text-sm has-[:checked]:border-neutral-900 has-[:disabled]:bg-neutral-50 has-[:disabled]:text-neutral-400"
                  >
                    <input
                      type="radio"
                      name="location"
                      value={l.value}
                      checked={location === l.value}
                      disabled={!l.available}
                      onChange={() => {
                        setLocation(l.value);
                        edited();
                      }}
                    />
                    <span className="flex-1">
                      <span aria-hidden="true">{l.flag}</span> <span className="font-medium">{l.name}</span>
                      <span className="block text-xs text-neutral-500">{l.available ? "Available" : l.reason}</span>
                    </span>
                    <span className="text-right text-xs text-neutral-600 tabular-nums">
                      {isZero(l.surchargeMonthly) ? "No surcharge" : `+ ${money(l.surchargeMonthly)} per month`}
                      {!isZero(l.surchargeSetup) && <span className="block">+ {money(l.surchargeSetup)} once</span>}
                    </span>
                  </label>
                ))}
                <FieldError id="field-location-error" message={errors.location} />
              </fieldset>
            )}
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Server" />
          <CardBody className="space-y-5">
            {product.images.length > 0 && (
              <div className="space-y-1.5">
                <label htmlFor="field-osImageId" className="block text-sm font-medium text-neutral-800">
                  Operating system{product.needsImage ? "" : " (optional)"}
                </label>
                <select
                  id="field-osImageId"
                  name="osImageId"
                  value={imageId}
                  onChange={(e) => {
                    setImageId(e.target.value);
                    edited();
                  }}
                  aria-invalid={errors.osImageId ? true : undefined}
                  aria-describedby={describedBy("osImageId")}
                  className={inputClasses}
                >
                  {!product.needsImage && <option value="">No image</option>}
                  {product.needsImage && !imageId && <option value="">Choose an image…</option>}
                  {product.images.map((i) => (
                    <option key={i.id} value={i.id}>
                      {i.name}
                    </option>
                  ))}
                </select>
                <FieldError id="field-osImageId-error" message={errors.osImageId} />
              </div>
            )}

            <div className="space-y-1.5">
              <label htmlFor="field-hostname" className="block text-sm font-medium text-neutral-800">
                Hostname{product.needsHostname ? "" : " (optional)"}
              </label>
              <input
                id="field-hostname"
                name="hostname"
                value={hostname}
                onChange={(e) => {
                  setHostname(e.target.value);
                  edited();
                }}
                autoComplete="off"
                spellCheck={false}
                maxLength={253}
                placeholder="web1.example.com"
                aria-invalid={errors.hostname ? true : undefined}
                aria-describedby={describedBy("hostname", "field-hostname-hint")}
                className={`${inputClasses} font-mono`}
              />
              {!errors.hostname && (
                <p id="field-hostname-hint" className="text-xs text-neutral-500">
                  Letters, digits and hyphens in dot-separated labels (RFC 1123).
                </p>
              )}
              <FieldError id="field-hostname-error" message={errors.hostname} />
            </div>

            {/* A game server has no shell to log in to: files go over SFTP, with a password from its page. */}
            {product.kind !== "game" && (
              <fieldset id="field-sshKeyIds" tabIndex={-1} aria-describedby={describedBy("sshKeyIds")} className="space-y-2 focus:outline-none">
                <legend className="text-sm font-medium text-neutral-800">SSH keys</legend>
                {product.sshKeys.length === 0 ? (
                  <p className="text-sm text-neutral-500">No SSH keys are saved on your account; you can order without one.</p>
                ) : (
                  product.sshKeys.map((k) => (
                    <label key={k.id} className="flex items-center gap-3 text-sm">
                      <input
                        type="checkbox"
                        name="sshKeyIds"
                        value={k.id}
                        checked={sshKeyIds.includes(k.id)}
                        onChange={(e) => {
                          setSshKeyIds((all) => (e.target.checked ? [...all, k.id] : all.filter((x) => x !== k.id)));
                          edited();
                        }}
                      />
                      <span className="font-medium text-neutral-900">{k.name}</span>
                      <span className="truncate font-mono text-xs text-neutral-500">{k.fingerprint}</span>
                    </label>
                  ))
                )}
                <FieldError id="field-sshKeyIds-error" message={errors.sshKeyIds} />
              </fieldset>
            )}
          </CardBody>
        </Card>
      </div>

      {product.options.length > 0 && (
        <Card>
          <CardHeader title="Add-ons" description="Quantities are per server. Leave 0 for none." />
          <CardBody>
            <fieldset id="field-options" tabIndex={-1} aria-describedby={describedBy("options")} className="focus:outline-none">
              <legend className="sr-only">Add-ons</legend>
              <ul className="divide-y divide-neutral-100">
                {product.options.map((o) => {
                  const price = o.prices[cycle];
                  const unsold = o.oneTime === null && !price;
                  const field = optionFieldName(o.id);
                  return (
                    <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
                      <div className="min-w-0 flex-1 basis-64">
                        <label htmlFor={`opt-${o.id}`} className="text-sm font-medium text-neutral-900">
                          {o.name}
                        </label>
                        {o.description && <p className="text-xs text-neutral-500">{o.description}</p>}
                        <p className="text-xs text-neutral-600 tabular-nums">
                          {o.oneTime !== null
                            ? `${money(o.oneTime)} once`
                            : price
                              ? `${money(price.price)} ${selectedCycle?.per ?? ""}${isZero(price.setupFee) ? "" : ` + ${money(price.setupFee)} setup`}`
                              : "Not sold on this billing cycle"}
                          {o.maxQuantity !== null && ` · at most ${o.maxQuantity}`}
                        </p>
                      </div>
                      <div className="w-24 shrink-0">
                        <input
                          id={`opt-${o.id}`}
                          name={field}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={o.maxQuantity ?? 100}
                          step={1}
                          value={quantities[o.id] ?? "0"}
                          disabled={unsold}
                          onChange={(e) => {
                            setQuantities({ ...quantities, [o.id]: e.target.value });
                            edited();
                          }}
                          aria-label={`${o.name} quantity`}
                          aria-invalid={errors[field] ? true : undefined}
                          aria-describedby={describedBy(field)}
                          className={`${inputClasses} text-right tabular-nums`}
                        />
                      </div>
                      {errors[field] && (
                        <div className="basis-full text-right">
                          <FieldError id={`opt-${o.id}-error`} message={errors[field]} />
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
              <FieldError id="field-options-error" message={errors.options} />
            </fieldset>
          </CardBody>
        </Card>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="review" pending={pending}>
          {pending ? "Pricing…" : review ? "Update review" : "Review order"}
        </Button>
        <span className="text-xs text-neutral-500">Reviewing orders nothing: it shows the exact price first.</span>
      </div>

      {review && (
        <Card aria-labelledby="order-review-title" data-testid="order-review">
          <header className="border-b border-neutral-100 px-5 py-4 wrap-anywhere">
            <h2 id="order-review-title" ref={reviewRef} tabIndex={-1} className="text-sm font-semibold text-neutral-900 focus:outline-none">
              Review: {review.productName}, {review.cycleLabel.toLowerCase()}
            </h2>
            <p className="mt-0.5 text-sm text-neutral-500">
              {[review.location ? `${review.location.name}` : "Any datacentre", review.image?.name, review.hostname, review.sshKeys.length > 0 ? `SSH: ${review.sshKeys.map((k) => k.name).join(", ")}` : null]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <p className="mt-1 text-xs text-neutral-600" data-testid="price-rule">
              Priced at: {review.ruleText}
            </p>
          </header>
          <ScrollBox label="Price breakdown">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Price breakdown in {review.currency}</caption>
              <thead className="border-b border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
                <tr>
                  <th scope="col" className="px-5 py-2">Item</th>
                  <th scope="col" className="px-3 py-2 text-right">{review.hourly ? "Per hour" : `Per ${review.cycleLabel.toLowerCase()} cycle`}</th>
                  <th scope="col" className="px-5 py-2 text-right">One-off</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {review.rows.map((r) => (
                  <tr key={r.key}>
                    <th scope="row" className="px-5 py-2.5 font-normal wrap-anywhere">
                      <span className="font-medium text-neutral-900">{r.label}</span>
                      {r.detail && <span className="block text-xs text-neutral-500">{r.detail}</span>}
                    </th>
                    <td className="px-3 py-2.5 text-right tabular-nums">{r.recurring !== null ? money(r.recurring) : "—"}</td>
                    <td className="px-5 py-2.5 text-right tabular-nums">{r.oneOff !== null ? money(r.oneOff) : "—"}</td>
                  </tr>
                ))}
                <tr className="bg-neutral-50">
                  <th scope="row" className="px-5 py-2.5 font-medium">Per server</th>
                  <td className="px-3 py-2.5 text-right font-medium tabular-nums">{money(review.recurringTotal)}</td>
                  <td className="px-5 py-2.5 text-right font-medium tabular-nums">{money(review.oneOffTotal)}</td>
                </tr>
              </tbody>
            </table>
          </ScrollBox>
          <dl className="space-y-1 border-t border-neutral-100 px-5 py-4 text-sm">
            <div className="flex justify-between">
              <dt className="text-neutral-600">{review.hourly ? "Due now: first hour and one-off charges" : "Due now: first cycle and one-off charges"}</dt>
              <dd className="tabular-nums" data-testid="review-amount">{formatMoney(review.amount, review.currency)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-neutral-600">
                VAT {review.vatRate} % ({review.vatCountry})
              </dt>
              <dd className="tabular-nums" data-testid="review-vat">{formatMoney(review.vat, review.currency)}</dd>
            </div>
            <div className="flex justify-between border-t border-neutral-100 pt-2 text-base font-semibold">
              <dt>Total</dt>
              <dd className="tabular-nums" data-testid="review-total">{formatMoney(review.total, review.currency)}</dd>
            </div>
            {review.hourly && <p className="pt-1 text-xs text-neutral-500">Later hours are billed by usage from your credit balance.</p>}
            {review.rateFallback && <p className="pt-1 text-xs text-neutral-500">No exchange rate is on file for your currency, so this is in {review.currency}.</p>}
          </dl>
          <div className="space-y-2 border-t border-neutral-100 px-5 py-4">
            <Button type="submit" name="intent" value="place" disabled={!placeOrderEnabled || pending} aria-describedby={placeOrderEnabled ? undefined : "place-order-unavailable"}>
              Place order
            </Button>
            {!placeOrderEnabled && (
              <p id="place-order-unavailable" className="text-sm text-neutral-600">
                {placeOrderUnavailable}
              </p>
            )}
          </div>
        </Card>
      )}
      {lastReview && !review && <p className="text-sm text-neutral-500">You changed the configuration: review it again to see the new price.</p>}
    </form>
  );
}
