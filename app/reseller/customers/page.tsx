import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/input";
import { requireReseller } from "@/lib/auth/session";
import { formatDate } from "@/lib/format/format-date";
import { firstParam, pageParam, queryString, type PageSearchParams } from "@/lib/format/search-params";
import { listResellerCustomers } from "@/lib/resellers/customers/list-reseller-customers";
import { CreateCustomerForm } from "./create-customer-form";
import { PagePager } from "@/components/layout/page-pager";
import { getDb } from "@/lib/db/client";
import { ScrollBox } from "@/components/ui/scroll-box";
import { pageTitle } from "@/components/layout/page-title";
import { formatCount } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("Customers") };

const PAGE_SIZE = 25;

function query(q: string | undefined, page: number): string {
  return queryString({ q, page: page > 1 ? page : undefined });
}

export default async function ResellerCustomersPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const viewer = await requireReseller();
  const sp = await searchParams;
  const search = firstParam(sp.q)?.trim().slice(0, 100) || undefined;
  const page = pageParam(sp.page);
  const { customers, total } = await listResellerCustomers(
    { db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } },
    { page, limit: PAGE_SIZE, search },
  );
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <>
      <PageHeader
        title="Customers"
        description="Records of your own end customers: bookkeeping only (no login is created). Orders and services are attributed to them, and API keys can be bound to one."
      />
      {firstParam(sp.deleted) === "1" && <Alert tone="success" className="mb-4">Customer record deleted. Keys bound to it were revoked.</Alert>}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader title="Customer records" description={`${formatCount(total, "record")}${search ? " match" : ""}, newest first.`} />
          <CardBody>
            <form method="get" role="search" aria-label="Search customers" className="flex flex-wrap items-end gap-3">
              <label className="min-w-0 flex-1 basis-64 space-y-1.5 text-sm font-medium text-neutral-800">
                <span className="block">Search</span>
                <input type="search" name="q" defaultValue={search ?? ""} placeholder="External id, name or email" className={inputClasses} />
              </label>
              <button type="submit" className={buttonClasses({ variant: "secondary" })}>
                Search
              </button>
              {search && (
                <a href="/reseller/customers" className={buttonClasses({ variant: "ghost" })}>
                  Clear
                </a>
              )}
            </form>
          </CardBody>
          {customers.length === 0 ? (
            search ? (
              <EmptyState title="No customer matches your search">Search looks at the external id, the name and the email.</EmptyState>
            ) : (
              <EmptyState title="No customer records yet">
                Add one with the form on this page, or let your platform create them: <code className="font-mono">POST /customers</code>, or an order
                carrying <code className="font-mono">externalCustomerId</code>, creates the record on first use.
              </EmptyState>
            )
          ) : (
            <ScrollBox label="Customers">
              <table className="w-full text-left text-sm">
                <thead className="border-y border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
                  <tr>
                    <th scope="col" className="px-5 py-2">External id</th>
                    <th scope="col" className="px-3 py-2">Name</th>
                    <th scope="col" className="px-3 py-2">Email</th>
                    <th scope="col" className="px-3 py-2 text-right">Services</th>
                    <th scope="col" className="px-5 py-2">Created</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-100">
                  {customers.map((c) => (
                    <tr key={c.id}>
                      <th scope="row" className="px-5 py-2.5 font-normal">
                        <a href={`/reseller/customers/${c.id}`} className="font-mono text-xs font-medium text-neutral-900 underline underline-offset-2">
                          {c.externalCustomerId}
                        </a>
                      </th>
                      <td className="px-3 py-2.5">{c.name ?? <span className="text-neutral-400">—</span>}</td>
                      <td className="px-3 py-2.5">{c.email ?? <span className="text-neutral-400">—</span>}</td>
                      <td className="px-3 py-2.5 text-right tabular-nums">{c.serviceCount}</td>
                      <td className="px-5 py-2.5 text-xs whitespace-nowrap text-neutral-600">{formatDate(c.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
          <PagePager page={page} pages={pages} href={(p) => `/reseller/customers${query(search, p)}`} />
        </Card>
        <Card className="self-start">
          <CardHeader title="Add a customer" description="Creating a record twice with one external id returns the first." />
          <CardBody>
            <CreateCustomerForm />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
