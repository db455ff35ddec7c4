import type { Metadata } from "next";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { RowAction } from "@/app/admin/_components/row-action";
import { Table, Td } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { check, moneyText, percentText } from "@/lib/admin/format";
import { requireOperatorContext } from "@/lib/auth/session";
import { formatDate } from "@/lib/format/format-date";
import { formatDateTime } from "@/lib/format/format-date-time";
import { listExchangeRates, listVatRates } from "@/lib/pricing/admin/admin-pricing-reads";
import { getProgrammeSettings } from "@/lib/pricing/admin/save-programme-settings";
import { getBillingSettings } from "@/lib/billing/admin/save-billing-settings";
import { getInvoiceLegalDetails } from "@/lib/billing/admin/save-invoice-legal-details";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { addExchangeRateAction, addVatRateAction, removeExchangeRateAction, removeVatRateAction, saveBillingSettingsAction,
  saveSignUpSettingsAction, saveInvoiceLegalDetailsAction, saveProgrammeAction } from "./actions";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Programme, billing and rates") };

/** The row in force now for each key: the latest whose start is not in the future. */
function inForce<T extends { id: string }>(rows: T[], key: (r: T) => string, start: (r: T) => Date, now: Date): Set<string> {
  const ids = new Set<string>();
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(key(r)) || start(r) > now) continue;
    seen.add(key(r));
    ids.add(r.id);
  }
  return ids;
}

export default async function SettingsPage() {
  const ctx = await requireOperatorContext();
  const { db, now } = ctx;
  const [programme, billing, legal, currency, rates, vat] = await Promise.all([
    getProgrammeSettings(ctx),
    getBillingSettings(ctx),
    getInvoiceLegalDetails(ctx),
    getBaseCurrency(db),
    listExchangeRates(ctx),
    listVatRates(ctx),
  ]);
  const ratesNow = inForce(rates, (r) => r.quoteCurrency, (r) => r.effectiveAt, now);
  const vatNow = inForce(vat, (r) => r.countryCode, (r) => r.effectiveFrom, now);

  return (
    <>
      <PageHeader title="Programme, billing and rates" description={`The reseller programme, billing rules, exchange rates and VAT. Base currency: ${currency}.`} />
      <Card>
        <CardHeader title="Reseller programme" description="One collection mode for every reseller order." />
        <CardBody>
          <AdminForm
            label="Reseller programme"
            action={saveProgrammeAction}
            columns={3}
            values={{
              enabled: check(programme.enabled),
              paymentMode: programme.paymentMode,
              minimumOrderAmount: moneyText(programme.minimumOrderAmount),
              accountHourlyLimit: String(programme.accountHourlyLimit),
              webhookMaxAttempts: String(programme.webhookMaxAttempts),
              peerConnectionsEnabled: check(programme.peerConnectionsEnabled),
            }}
            fields={[
              {
                name: "paymentMode",
                label: "Payment mode",
                type: "select",
                options: [
                  { value: "credit", label: "Credit: deducted from the reseller's balance" },
                  { value: "saved_method", label: "Saved method: charged at once" },
                  { value: "invoice", label: "Invoice: services wait for payment" },
                ],
              },
              { name: "minimumOrderAmount", label: `Minimum order (${currency}, excl. VAT)`, type: "money", placeholder: "No minimum", hint: "Not applied to add-on changes." },
              { name: "webhookMaxAttempts", label: "Webhook attempts", type: "number", hint: "Deliveries fail after this many tries." },
              { name: "accountHourlyLimit", label: "API requests per hour (per reseller)", type: "number" },
              { name: "enabled", label: "Programme enabled", type: "checkbox" },
              { name: "peerConnectionsEnabled", label: "Peer connections allowed", type: "checkbox" },
            ]}
            submitLabel="Save programme"
          />
        </CardBody>
      </Card>

      <Card className="mt-6">
        <CardHeader title="Billing" description="Documents, the grace before suspension, and custom images." />
        <CardBody>
          <AdminForm
            label="Billing"
            action={saveBillingSettingsAction}
            columns={3}
            values={{
              issueProformas: check(billing.issueProformas),
              invoiceDueDays: String(billing.invoiceDueDays),
              suspensionGraceDays: String(billing.suspensionGraceDays),
              customImageLimit: String(billing.customImageLimit),
              imageStoragePrice: moneyText(billing.imageStoragePrice),
            }}
            fields={[
              { name: "invoiceDueDays", label: "Days to pay an invoice", type: "number" },
              { name: "suspensionGraceDays", label: "Grace days before suspension", type: "number", hint: "After a renewal's due date." },
              { name: "customImageLimit", label: "Custom images per account", type: "number" },
              {
                name: "imageStoragePrice",
                label: `Image storage (${currency} per GiB per month)`,
                type: "money",
                placeholder: "Free",
                hint: "Billed monthly by virtual size, prorated by the day.",
              },
              { name: "issueProformas", label: "Issue proformas first", type: "checkbox" },
            ]}
            submitLabel="Save billing"
          />
        </CardBody>
      </Card>

      <Card className="mt-6">
        <CardHeader title="Sign-ups" description="Whether people can create a customer account themselves, with a confirmed email address." />
        <CardBody>
          <AdminForm
            label="Sign-ups"
            action={saveSignUpSettingsAction}
            columns={1}
            values={{ signUpOpen: check(billing.signUpOpen), signUpApproval: check(billing.signUpApproval) }}
            fields={[
              { name: "signUpOpen", label: "Open sign-ups", type: "checkbox", hint: "Off: the sign-up page says sign-ups are closed; accounts are then created by invitation only." },
              {
                name: "signUpApproval",
                label: "Approve new accounts",
                type: "checkbox",
                hint: "On: a new account can sign in and look around but cannot order until an operator approves it under Customers (the dashboard lists those waiting).",
              },
            ]}
            submitLabel="Save sign-ups"
          />
        </CardBody>
      </Card>

      <Card className="mt-6">
        <CardHeader
          title="Legal details on invoices"
          description="Who issues the documents: printed at the top of every invoice and proforma, on screen and in the PDF. Blank fields are left off."
        />
        <CardBody>
          <AdminForm
            label="Legal details on invoices"
            action={saveInvoiceLegalDetailsAction}
            columns={2}
            values={{
              legalName: legal.legalName ?? "",
              legalAddress: legal.legalAddress ?? "",
              legalVatNumber: legal.legalVatNumber ?? "",
              legalRegistration: legal.legalRegistration ?? "",
              legalEmail: legal.legalEmail ?? "",
              invoiceFooter: legal.invoiceFooter ?? "",
            }}
            fields={[
              { name: "legalName", label: "Legal name", placeholder: "Rackfront Hosting Ltd" },
              { name: "legalEmail", label: "Billing email", placeholder: "billing@example.com" },
              { name: "legalAddress", label: "Address", type: "textarea", hint: "As printed, one line per line; at most 8 lines." },
              { name: "invoiceFooter", label: "Footer", type: "textarea", hint: "Printed at the foot of every document: bank details, payment terms." },
              { name: "legalVatNumber", label: "VAT number", placeholder: "GB123456789" },
              { name: "legalRegistration", label: "Company number", hint: "The registration number of the company." },
            ]}
            submitLabel="Save legal details"
          />
        </CardBody>
      </Card>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Exchange rates" description={`1 ${currency} = rate. A new row takes over from its time; orders keep the rate they used.`} />
          {rates.length === 0 ? (
            <EmptyState title="No exchange rates">Accounts in other currencies are charged in {currency} until a rate exists.</EmptyState>
          ) : (
            <Table head={["Currency", "Rate", "From", "", ""]} label="Exchange rates">
              {rates.map((r) => (
                <tr key={r.id}>
                  <Td className="font-mono">{r.quoteCurrency}</Td>
                  <Td className="tabular-nums">{r.rate.toFixed(8)}</Td>
                  <Td className="whitespace-nowrap text-neutral-600">{formatDateTime(r.effectiveAt)}</Td>
                  <Td>{ratesNow.has(r.id) ? <Badge tone="green">In force</Badge> : r.effectiveAt > now ? <Badge tone="blue">Scheduled</Badge> : null}</Td>
                  <Td className="text-right">
                    <RowAction action={removeExchangeRateAction} fields={{ id: r.id }} label="Remove" pendingLabel="Removing…" />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <CardBody className="border-t border-neutral-100">
            <AdminForm
              label="Add an exchange rate"
              action={addExchangeRateAction}
              columns={3}
              resetOnSave
              fields={[
                { name: "quoteCurrency", label: "Currency", placeholder: "USD" },
                { name: "rate", label: `Rate (1 ${currency} =)`, type: "money", placeholder: "1.08250000" },
                { name: "effectiveAt", label: "From (UTC)", type: "datetime", hint: "Blank = now." },
              ]}
              submitLabel="Add rate"
            />
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="VAT rates" description="By the account's country, from a day on. A country without a row pays no VAT." />
          {vat.length === 0 ? (
            <EmptyState title="No VAT rates">No VAT is charged anywhere until you add rates.</EmptyState>
          ) : (
            <Table head={["Country", "Rate", "From", "", ""]} label="VAT rates">
              {vat.map((v) => (
                <tr key={v.id}>
                  <Td className="font-mono">{v.countryCode}</Td>
                  <Td className="tabular-nums">{percentText(v.ratePercent)} %</Td>
                  <Td className="whitespace-nowrap text-neutral-600">{formatDate(v.effectiveFrom)}</Td>
                  <Td>{vatNow.has(v.id) ? <Badge tone="green">In force</Badge> : v.effectiveFrom > now ? <Badge tone="blue">Scheduled</Badge> : null}</Td>
                  <Td className="text-right">
                    <RowAction action={removeVatRateAction} fields={{ id: v.id }} label="Remove" pendingLabel="Removing…" />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <CardBody className="border-t border-neutral-100">
            <AdminForm
              label="Add a VAT rate"
              action={addVatRateAction}
              columns={3}
              resetOnSave
              fields={[
                { name: "countryCode", label: "Country", placeholder: "DE" },
                { name: "ratePercent", label: "Rate (%)", type: "money", placeholder: "19" },
                { name: "effectiveFrom", label: "From", type: "date" },
              ]}
              submitLabel="Add VAT rate"
            />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
