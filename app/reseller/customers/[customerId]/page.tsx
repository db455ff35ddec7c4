import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireReseller } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDateTime } from "@/lib/format/format-date-time";
import { metadataRows } from "@/lib/resellers/customers/customer-form-schemas";
import { getResellerCustomerOrThrow } from "@/lib/resellers/customers/get-reseller-customer";
import { DeleteCustomerButton } from "./delete-customer-button";
import { EditCustomerForm } from "./edit-customer-form";
import { getDb } from "@/lib/db/client";
import { pageTitle } from "@/components/layout/page-title";
import { formatCount, pluralNoun } from "@/lib/format/format-count";

export async function generateMetadata({ params }: { params: Promise<{ customerId: string }> }): Promise<Metadata> {
  const viewer = await requireReseller();
  const { customerId } = await params;
  const customer = await getResellerCustomerOrThrow({ db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } }, { id: customerId }).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  return { title: pageTitle(customer && (customer.name ?? customer.externalCustomerId), "Customers") };
}

export default async function ResellerCustomerPage({
  params,
  searchParams,
}: {
  params: Promise<{ customerId: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  const viewer = await requireReseller();
  const [{ customerId }, sp] = await Promise.all([params, searchParams]);
  let customer;
  try {
    customer = await getResellerCustomerOrThrow({ db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } }, { id: customerId });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
  const label = customer.name ?? customer.externalCustomerId;

  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/reseller/customers" className="text-neutral-600 underline underline-offset-2">
          ← Customers
        </a>
      </p>
      <PageHeader title={label} description={<>External id <code className="font-mono text-neutral-700">{customer.externalCustomerId}</code> · created {formatDateTime(customer.createdAt)}</>} />
      {sp.created === "1" && (
        <Alert tone="success" className="mb-4">
          Customer record created. Send <code className="font-mono">externalCustomerId: {customer.externalCustomerId}</code> with orders to attribute them.
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader title="Details" description="The external id cannot change: your platform refers to the record by it." />
          <CardBody>
            <EditCustomerForm customerId={customer.id} name={customer.name ?? ""} email={customer.email ?? ""} metadata={metadataRows(customer.metadata)} />
          </CardBody>
        </Card>
        <div className="space-y-6 self-start">
          <Card>
            <CardHeader title="Services" />
            <CardBody className="space-y-1 text-sm text-neutral-600">
              <p>
                <span className="text-2xl font-semibold text-neutral-900 tabular-nums" data-testid="service-count">
                  {customer.serviceCount}
                </span>{" "}
                {pluralNoun(customer.serviceCount, "service")} attributed, {customer.liveServiceCount} not terminated.
              </p>
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Delete" />
            <CardBody className="space-y-3 text-sm text-neutral-600">
              <p>
                {customer.liveServiceCount > 0
                  ? `A record with services that are not terminated cannot be deleted: terminate its ${formatCount(customer.liveServiceCount, "service")} first.`
                  : "Nothing attributed to this record is running, so it can be deleted."}
              </p>
              <DeleteCustomerButton customerId={customer.id} label={label} />
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
