import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/app-shell";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { listAccountSshKeys } from "@/lib/accounts/list-account-ssh-keys";
import { requireCustomer } from "@/lib/auth/session";
import { catalogueAvailability, defaultOrderableImage, getCatalogueEntry, orderableImages } from "@/lib/catalogue/catalogue";
import { displayCurrency } from "@/lib/catalogue/display-currency";
import { HOSTNAME_PATTERN } from "@/lib/catalogue/hostname-pattern";
import { productKindHasBackend } from "@/lib/catalogue/product-kind-backends";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { BILLING_CYCLES, BILLING_CYCLE_LABEL, BILLING_CYCLE_PER, ZERO, apiBillingCycle } from "@/lib/pricing";
import { specLine } from "../spec-line";
import { mayPlaceOrders, ORDERING_NOT_ALLOWED } from "../ordering-status";
import { ConfigureForm, type ConfigureProduct } from "./configure-form";
import { pageTitle } from "@/components/layout/page-title";

export async function generateMetadata({ params }: { params: Promise<{ productId: string }> }): Promise<Metadata> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return { title: pageTitle("Order") };
  const ctx = { db: getDb(), now: new Date(), actor: { kind: "customer", accountId: viewer.customer.accountId } } as const;
  const loaded = await getCatalogueEntry(ctx, { productId: (await params).productId }).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  return { title: pageTitle(loaded?.entry.product.name, "Order") };
}

export default async function ConfigureProductPage({ params }: { params: Promise<{ productId: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer) notFound();
  const { productId } = await params;
  const db = getDb();
  const now = new Date();
  const ctx = { db, now, actor: { kind: "customer", accountId: viewer.customer.accountId } } as const;
  let loaded;
  try {
    loaded = await getCatalogueEntry(ctx, { productId });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
  const { catalogue, entry } = loaded;
  const { product, sheet } = entry;
  const [availability, money, sshKeys] = await Promise.all([
    catalogueAvailability(ctx, { entries: [entry] }).then((m) => m.get(product.id)!),
    displayCurrency(ctx, { catalogue }),
    listAccountSshKeys({ db, now, actor: { accountId: viewer.customer.accountId } }),
  ]);
  const s = (d: { toString(): string }) => d.toString();
  const cv = (...args: Parameters<typeof money.convert>) => s(money.convert(...args));
  const sold = BILLING_CYCLES.filter((c) => sheet.cycles[c]);
  const images = orderableImages(product);

  const view: ConfigureProduct = {
    id: product.id,
    name: product.name,
    kind: product.kind,
    currency: money.currency,
    locationRequired: product.locationRequired,
    cycles: sold.map((c) => ({ value: apiBillingCycle(c), label: BILLING_CYCLE_LABEL[c], per: BILLING_CYCLE_PER[c], price: cv(sheet.cycles[c]!.amount, c), setupFee: cv(sheet.cycles[c]!.setupFee, null) })),
    locations: product.locations
      .filter((l) => l.sold)
      .map((l) => {
        const here = availability.locations.find((x) => x.locationId === l.locationId);
        return {
          value: l.value,
          name: l.name,
          flag: l.flag,
          available: here?.available ?? false,
          reason: here?.reason ?? "Not available",
          surchargeMonthly: cv(l.surchargeMonthly ?? ZERO, "monthly"),
          surchargeSetup: cv(l.surchargeSetup ?? ZERO, null),
        };
      }),
    images: images.map((i) => ({ id: i.id, name: i.name })),
    defaultImageId: defaultOrderableImage(product)?.id ?? null,
    needsImage: product.kind === "vps",
    needsHostname: product.kind === "vps",
    hostnamePattern: HOSTNAME_PATTERN,
    options: sheet.options.map((o) => ({
      id: o.optionId,
      name: o.name,
      description: product.optionDescriptions[o.optionId] ?? null,
      oneTime: o.pricingType === "one_time" ? (o.oneTime ? cv(o.oneTime.amount, null) : null) : null,
      maxQuantity: o.maxQuantity,
      prices: Object.fromEntries(
        sold.filter((c) => o.cycles[c]).map((c) => [apiBillingCycle(c), { price: cv(o.cycles[c]!.amount, c), setupFee: cv(o.cycles[c]!.setupFee, null) }]),
      ),
    })),
    sshKeys: sshKeys.map((k) => ({ id: k.id, name: k.name, fingerprint: k.fingerprint })),
  };

  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/order" className="text-neutral-600 underline underline-offset-2">
          ← All products
        </a>
      </p>
      <PageHeader title={`Configure ${product.name}`} description={[product.category?.name, specLine(product.specs)].filter(Boolean).join(" · ") || undefined} />
      {!availability.available ? (
        <Card>
          <EmptyState title={productKindHasBackend(product.kind) ? "This product cannot be ordered right now" : "This product is not available yet"}>
            {availability.reason}.{" "}
            <a href="/order" className="font-medium text-neutral-800 underline underline-offset-2">
              Choose another product
            </a>
          </EmptyState>
        </Card>
      ) : (
        <ConfigureForm product={view} placeOrderEnabled={mayPlaceOrders(viewer.customer)} placeOrderUnavailable={ORDERING_NOT_ALLOWED} />
      )}
    </>
  );
}
