import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { RowAction } from "@/app/admin/_components/row-action";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ipv6FromSpecs } from "@/lib/backends/capacity/sizes";
import { check, moneyText } from "@/lib/admin/format";
import { requireOperatorContext } from "@/lib/auth/session";
import { getProductForEdit, listCategories, listLocations, listOptions, listOsImages } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { cyclePriceValues } from "@/lib/catalogue/admin/cycle-price-fields";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import {
  removeProductLocationAction,
  removeProductOptionAction,
  removeProductOsImageAction,
  setProductLocationAction,
  setProductOptionAction,
  setProductOsImageAction,
  updateProductAction,
} from "../actions";
import { productFields } from "../product-fields";
import { pageTitle } from "@/components/layout/page-title";
import { formatUnitMoney } from "@/lib/format/format-unit-money";

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const ctx = await requireOperatorContext();
  const { productId } = await params;
  const product = /^[0-9a-f-]{36}$/i.test(productId) ? await getProductForEdit(ctx, { productId }) : null;
  return { title: pageTitle(product?.name, "Products") };
}

type Params = Promise<{ productId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ProductPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const ctx = await requireOperatorContext();
  const { productId } = await params;
  const created = (await searchParams).created === "1";
  const { db } = ctx;
  if (!/^[0-9a-f-]{36}$/i.test(productId)) notFound();
  const [product, categories, currency, options, locations, images] = await Promise.all([
    getProductForEdit(ctx, { productId }),
    listCategories(ctx),
    getBaseCurrency(db),
    listOptions(ctx),
    listLocations(ctx),
    listOsImages(ctx),
  ]);
  if (!product) notFound();

  // The IPv6 checkbox shows specs.ipv6; the JSON shows the rest.
  const { ipv6: _ipv6, ...shownSpecs } = (product.specs ?? {}) as Record<string, unknown>;
  const values = {
    name: product.name,
    slug: product.slug,
    categoryId: product.categoryId ?? "",
    kind: product.kind,
    description: product.description ?? "",
    specs: JSON.stringify(shownSpecs, null, 2),
    ipv6: check(ipv6FromSpecs(product.specs) > 0),
    setupFee: moneyText(product.setupFee),
    enabled: check(product.enabled),
    forcedUnavailable: check(product.forcedUnavailable),
    locationRequired: check(product.locationRequired),
    snapshotLimit: String(product.snapshotLimit),
    sortOrder: String(product.sortOrder),
    ...cyclePriceValues(product.prices),
  };
  const unassignedOptions = options.filter((o) => !product.options.some((a) => a.optionId === o.id));
  const unusedLocations = locations.filter((l) => !product.locations.some((pl) => pl.locationId === l.id));
  const unlinkedImages = images.filter((i) => !product.osImages.some((pi) => pi.osImageId === i.id));

  return (
    <>
      <PageHeader
        title={product.name}
        description={
          <>
            <span className="font-mono">{product.slug}</span> · <Link href="/admin/products" className="underline">All products</Link>
          </>
        }
        actions={product.enabled ? <Badge tone="green">On sale</Badge> : <Badge>Off sale</Badge>}
      />
      {created && <Alert tone="success" className="mb-4">Product created. Now assign its locations, options and OS images below.</Alert>}
      <Card>
        <CardHeader title="Details and retail prices" description={`Figures in ${currency}. Customers pay these; resellers get them less their discount unless an override or price book applies.`} />
        <CardBody>
          <AdminForm label="Product details" action={updateProductAction.bind(null, product.id)} fields={productFields(categories, currency)} values={values} submitLabel="Save product" />
        </CardBody>
      </Card>

      <Card className="mt-6">
        <CardHeader title="Locations" description="Where the product is sold. Surcharges are per month (× months in the cycle, / 720 per hour) plus a one-off setup amount." />
        {product.locations.length === 0 ? (
          <EmptyState title="Not sold in any location yet">
            {product.kind === "generic" ? "A generic product needs no location." : "Add a location below: without one the product shows as no_location and cannot be ordered."}
          </EmptyState>
        ) : (
          <Table head={["Location", "Surcharge / month", "Surcharge setup", "Capacity", "Status", ""]} label="Product locations">
            {product.locations.map((pl) => (
              <tr key={pl.locationId}>
                <Td>
                  {pl.location.flag} {pl.location.name} <span className="font-mono text-xs text-neutral-500">{pl.location.value}</span>
                </Td>
                <Td className="tabular-nums">{pl.surchargeMonthly ? formatUnitMoney(pl.surchargeMonthly, currency) : "—"}</Td>
                <Td className="tabular-nums">{pl.surchargeSetup ? formatUnitMoney(pl.surchargeSetup, currency) : "—"}</Td>
                <Td className="tabular-nums">{pl.capacity ?? (product.kind === "vps" || product.kind === "dedicated" ? "from nodes" : "unlimited")}</Td>
                <Td>{pl.enabled && pl.location.enabled ? <Badge tone="green">Sold</Badge> : <Badge>Off</Badge>}</Td>
                <Td className="text-right">
                  <RowAction
                    action={removeProductLocationAction.bind(null, product.id)}
                    fields={{ locationId: pl.locationId }}
                    label="Remove"
                    pendingLabel="Removing…"
                    confirm={{
                      title: `Stop selling ${product.name} in ${pl.location.name}?`,
                      description: "New orders can no longer choose this location, and its surcharges and capacity setting are forgotten. Existing services stay where they are.",
                      confirmLabel: "Remove location",
                    }}
                  />
                </Td>
              </tr>
            ))}
          </Table>
        )}
        <CardBody className="border-t border-neutral-100">
          {locations.length === 0 ? (
            <p className="text-sm text-neutral-600">
              No locations exist yet. <Link href="/admin/locations/new" className={linkClass}>Create a location</Link> first.
            </p>
          ) : (
            <AdminForm
              label="Add or update a location"
              action={setProductLocationAction.bind(null, product.id)}
              columns={5}
              resetOnSave
              values={{ enabled: "on" }}
              fields={[
                {
                  name: "locationId",
                  label: "Location",
                  type: "select",
                  hint: "Choosing one already listed updates it.",
                  options: [...unusedLocations, ...locations.filter((l) => !unusedLocations.includes(l))].map((l) => ({ value: l.id, label: `${l.flag} ${l.name} (${l.value})` })),
                },
                { name: "surchargeMonthly", label: `Surcharge / month (${currency})`, type: "money", placeholder: "None" },
                { name: "surchargeSetup", label: `Surcharge setup (${currency})`, type: "money", placeholder: "None" },
                { name: "capacity", label: "Capacity (units)", type: "number", placeholder: "Unlimited", hint: "Kinds without nodes only." },
                { name: "enabled", label: "Sold here", type: "checkbox" },
              ]}
              submitLabel="Save location"
            />
          )}
        </CardBody>
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Options" description="Add-ons customers can order with this product." />
          {product.options.length === 0 ? (
            <EmptyState title="No options assigned">Assign an add-on (extra IPv4, backups…) below.</EmptyState>
          ) : (
            <Table head={["Option", "Type", "Status", ""]} label="Assigned options">
              {product.options.map((a) => (
                <tr key={a.optionId}>
                  <Td>
                    <Link href={`/admin/options/${a.optionId}`} className={linkClass}>
                      {a.option.name}
                    </Link>
                  </Td>
                  <Td className="text-neutral-600">{a.option.pricingType === "one_time" ? "One-time" : "Recurring"}</Td>
                  <Td>{a.active && a.option.active ? <Badge tone="green">Offered</Badge> : <Badge>Inactive</Badge>}</Td>
                  <Td className="text-right">
                    <RowAction action={removeProductOptionAction.bind(null, product.id)} fields={{ optionId: a.optionId }} label="Remove" pendingLabel="Removing…" />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <CardBody className="border-t border-neutral-100">
            {options.length === 0 ? (
              <p className="text-sm text-neutral-600">
                No options exist yet. <Link href="/admin/options/new" className={linkClass}>Create an option</Link>.
              </p>
            ) : (
              <AdminForm
                label="Assign an option"
                action={setProductOptionAction.bind(null, product.id)}
                resetOnSave
                values={{ active: "on" }}
                fields={[
                  { name: "optionId", label: "Option", type: "select", options: [...unassignedOptions, ...options.filter((o) => !unassignedOptions.includes(o))].map((o) => ({ value: o.id, label: o.name })) },
                  { name: "active", label: "Offered", type: "checkbox", hint: "Off keeps the assignment but stops new orders of it." },
                ]}
                submitLabel="Save option"
              />
            )}
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="OS images" description="Images this product can be installed with. Only orderable images are offered at checkout." />
          {product.osImages.length === 0 ? (
            <EmptyState title="No OS images linked">{product.kind === "vps" ? "A VPS without an orderable image cannot be ordered." : "Link the images this product can run."}</EmptyState>
          ) : (
            <Table head={["Image", "Order gate", "", ""]} label="Linked OS images">
              {product.osImages.map((pi) => (
                <tr key={pi.osImageId}>
                  <Td>
                    {pi.osImage.name} {pi.isDefault && <Badge tone="blue">Default</Badge>}
                  </Td>
                  <Td>{pi.osImage.enabled && pi.osImage.orderable ? <Badge tone="green">Orderable</Badge> : <Badge>Not orderable</Badge>}</Td>
                  <Td className="text-right">
                    {!pi.isDefault && (
                      <RowAction action={setProductOsImageAction.bind(null, product.id)} fields={{ osImageId: pi.osImageId, isDefault: "on" }} label="Make default" />
                    )}
                  </Td>
                  <Td className="text-right">
                    <RowAction action={removeProductOsImageAction.bind(null, product.id)} fields={{ osImageId: pi.osImageId }} label="Remove" pendingLabel="Removing…" />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <CardBody className="border-t border-neutral-100">
            {unlinkedImages.length === 0 ? (
              <p className="text-sm text-neutral-600">
                {images.length === 0 ? "No OS images exist yet. " : "Every image is linked. "}
                <Link href="/admin/os-images/new" className={linkClass}>Create an OS image</Link>
              </p>
            ) : (
              <AdminForm
                label="Link an OS image"
                action={setProductOsImageAction.bind(null, product.id)}
                resetOnSave
                fields={[
                  { name: "osImageId", label: "OS image", type: "select", options: unlinkedImages.map((i) => ({ value: i.id, label: `${i.name}${i.orderable && i.enabled ? "" : " (not orderable)"}` })) },
                  { name: "isDefault", label: "Default image", type: "checkbox" },
                ]}
                submitLabel="Link image"
              />
            )}
          </CardBody>
        </Card>
      </div>
    </>
  );
}
