import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireCustomer } from "@/lib/auth/session";
import { catalogueAvailability, loadCatalogue, representativeFigure, type CatalogueEntry } from "@/lib/catalogue/catalogue";
import type { ProductAvailability } from "@/lib/catalogue/compute-availability";
import { displayCurrency } from "@/lib/catalogue/display-currency";
import { productKindHasBackend } from "@/lib/catalogue/product-kind-backends";
import { getDb } from "@/lib/db/client";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { BILLING_CYCLES, BILLING_CYCLE_PER } from "@/lib/pricing";
import { specLine } from "./spec-line";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Order") };

function byCategory(entries: CatalogueEntry[]): [string, CatalogueEntry[]][] {
  const groups = new Map<string, CatalogueEntry[]>();
  for (const e of entries) {
    const name = e.product.category?.name ?? "Other products";
    groups.set(name, [...(groups.get(name) ?? []), e]);
  }
  return [...groups];
}

function AvailabilityBadge({ a, notYet }: { a: ProductAvailability; notYet: boolean }) {
  if (notYet) return <Badge tone="neutral">Not available yet</Badge>;
  if (a.code === "available") return <Badge tone="green">Available</Badge>;
  if (a.code === "unknown") return <Badge tone="blue">Available to order</Badge>;
  if (a.code === "sold_out") return <Badge tone="amber">Sold out</Badge>;
  return <Badge tone="red">Unavailable</Badge>;
}

export default async function OrderCataloguePage() {
  const viewer = await requireCustomer();
  if (!viewer.customer) {
    return (
      <>
        <PageHeader title="Order" />
        <Card>
          <EmptyState title="Your sign-in is not linked to a customer account">Orders belong to a customer account. Ask its owner to add you as a team member.</EmptyState>
        </Card>
      </>
    );
  }
  const ctx = { db: getDb(), now: new Date(), actor: { kind: "customer", accountId: viewer.customer.accountId } } as const;
  const catalogue = await loadCatalogue(ctx);
  const [availability, money] = await Promise.all([catalogueAvailability(ctx, { entries: catalogue.entries }), displayCurrency(ctx, { catalogue })]);

  return (
    <>
      <PageHeader title="Order" description="Pick a product to configure it. You see the exact price, VAT included, before anything is ordered." />
      {catalogue.entries.length === 0 ? (
        <Card>
          <EmptyState title="Nothing is on sale right now">No product is published at the moment. Please check back later.</EmptyState>
        </Card>
      ) : (
        <div className="space-y-6">
          {byCategory(catalogue.entries).map(([category, entries]) => (
            <section key={category} aria-labelledby={`cat-${category}`}>
              <h2 id={`cat-${category}`} className="mb-3 text-sm font-semibold text-neutral-900">
                {category}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {entries.map((e) => {
                  const a = availability.get(e.product.id)!;
                  const figure = representativeFigure(e.sheet.cycles);
                  const cycle = e.sheet.cycles.monthly ? "monthly" : BILLING_CYCLES.find((c) => e.sheet.cycles[c]);
                  const specs = specLine(e.product.specs);
                  // Sold later, once a backend builds its kind (the reason below says so).
                  const notYet = !productKindHasBackend(e.product.kind);
                  return (
                    <li key={e.product.id}>
                      <Card className="flex h-full flex-col" data-testid={`product-${e.product.slug}`}>
                        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-neutral-100 px-5 py-4">
                          <div className="min-w-0 flex-1">
                            <h3 className="text-sm font-semibold text-neutral-900">{e.product.name}</h3>
                            {specs && <p className="mt-0.5 text-sm text-neutral-500">{specs}</p>}
                          </div>
                          <AvailabilityBadge a={a} notYet={notYet} />
                        </header>
                        <div className="flex flex-1 flex-col justify-between gap-4 px-5 py-4">
                          <div className="space-y-1 text-sm text-neutral-600">
                            {e.product.description && <p>{e.product.description}</p>}
                            {figure && cycle ? (
                              <p>
                                From <span className="font-semibold text-neutral-900 tabular-nums">{formatUnitMoney(money.convert(figure.amount, cycle), money.currency)}</span>{" "}
                                {BILLING_CYCLE_PER[cycle]}, excluding VAT
                              </p>
                            ) : null}
                            {!a.available && <p className="text-xs text-neutral-500">{a.reason}</p>}
                          </div>
                          {a.available ? (
                            <a href={`/order/${e.product.id}`} id={`p-${e.product.id}`} className={buttonClasses({ variant: "secondary", className: "self-start" })}>
                              Configure<span className="sr-only"> {e.product.name}</span>
                            </a>
                          ) : (
                            <span id={`p-${e.product.id}`} className="text-xs text-neutral-500">
                              {notYet ? "Not available yet" : "Cannot be ordered right now"}
                            </span>
                          )}
                        </div>
                      </Card>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
