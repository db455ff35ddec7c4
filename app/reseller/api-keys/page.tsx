import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/app-shell";
import { ApiKeyTable } from "@/components/api-keys/api-key-table";
import { NoKeysActions } from "@/components/api-keys/no-keys-actions";
import { RevokedKeys } from "@/components/api-keys/revoked-keys";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon } from "@/components/ui/icons";
import { Toaster } from "@/components/ui/toast";
import { utcDayOf } from "@/lib/api-keys/expiry-date";
import { listResellerApiKeys } from "@/lib/api-keys/list-reseller-api-keys";
import { signatureSettingsLabel } from "@/lib/api-keys/reseller-signature-settings";
import { requireReseller } from "@/lib/auth/session";
import { listResellerCustomers } from "@/lib/resellers/customers/list-reseller-customers";
import { CreateResellerKeyForm } from "./create-key-form";
import { revokeResellerApiKeyAction } from "./actions";
import { EditKeyButton } from "./edit-key-button";
import { RevokeAllButton } from "./revoke-all-button";
import { getDb } from "@/lib/db/client";
import { pageTitle } from "@/components/layout/page-title";
import { formatCount } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("API keys") };

const DOCS = "/v1/reseller/docs";
const CUSTOMER_CHOICES = 500;

function KeySlots({ used, max }: { used: number; max: number }) {
  const full = used >= max;

  return (
    <div className="flex items-center gap-3" title="Unrevoked keys, expired ones included, take a slot">
      <div className="h-1.5 w-24 overflow-hidden rounded-full bg-neutral-100" aria-hidden="true">
        <div className={cn("h-full rounded-full", full ? "bg-red-500" : "bg-neutral-900")} style={{ width: `${Math.min(100, (used / max) * 100)}%` }} />
      </div>
      <p className="text-sm whitespace-nowrap text-neutral-600" data-testid="key-slots">
        <span className="font-semibold text-neutral-900 tabular-nums">{used}</span> of {formatCount(max, "key")}
      </p>
    </div>
  );
}

export default async function ResellerApiKeysPage({ searchParams }: { searchParams: Promise<{ new?: string }> }) {
  const viewer = await requireReseller();
  const reseller = { resellerId: viewer.reseller.profileId };
  const now = new Date();
  const [list, customers, params] = await Promise.all([
    listResellerApiKeys({ db: getDb(), now, actor: reseller }),
    listResellerCustomers({ db: getDb(), now, actor: reseller }, { page: 1, limit: CUSTOMER_CHOICES }),
    searchParams,
  ]);
  const live = list.keys.filter((k) => k.state !== "revoked");
  const revoked = list.keys.filter((k) => k.state === "revoked");
  const full = list.unrevoked >= list.max;
  const creating = params.new === "1" && !full;
  const today = utcDayOf(now);

  return (
    <>
      <Toaster />
      <PageHeader
        title="API keys"
        description={
          <>
            Keys for the{" "}
            <a href={DOCS} className="font-medium text-neutral-700 underline underline-offset-2">
              reseller API
            </a>
            . Requests that change something are also signed with your{" "}
            <Link href="/reseller/signing-secret" className="font-medium text-neutral-700 underline underline-offset-2">
              signing secret
            </Link>
            .
          </>
        }
        actions={
          !creating && list.keys.length > 0 && !full ? (
            <Link href="/reseller/api-keys?new=1" className={buttonClasses()}>
              Create key
            </Link>
          ) : undefined
        }
      />

      <div className="space-y-6">
        {full && (
          <Alert tone="warning" title={`All ${list.max} key slots are in use`}>
            Revoke a key you no longer need to create another. Expired keys keep their slot until they are revoked.
          </Alert>
        )}

        {creating && (
          <Card>
            <CardHeader title="Create a reseller API key" description="The key is shown once, right after you create it." />
            <CardBody>
              <CreateResellerKeyForm
                hourlyCeiling={list.hourlyCeiling}
                customers={customers.customers.map((c) => ({ id: c.id, externalCustomerId: c.externalCustomerId, name: c.name, email: c.email }))}
                moreCustomers={customers.total > CUSTOMER_CHOICES}
                today={today}
              />
            </CardBody>
          </Card>
        )}

        {list.keys.length === 0 && !creating ? (
          <Card>
            <EmptyState icon={<KeyIcon className="size-5" />} title="No API keys yet">
              <p>
                Your storefront or billing system uses a key to order services at wholesale, manage them and register your customers. Give each integration
                its own key with only the scopes it needs; you can hold {list.max}.
              </p>
              <NoKeysActions createHref="/reseller/api-keys?new=1" docsHref={DOCS} />
            </EmptyState>
          </Card>
        ) : (
          list.keys.length > 0 && (
            <Card>
              <CardHeader
                title="Keys"
                description="Labels, expiry and the signatures a key accepts can be edited; scopes are fixed when a key is created."
                action={
                  <div className="flex items-center gap-3">
                    <KeySlots used={list.unrevoked} max={list.max} />
                    {live.length > 0 && <RevokeAllButton count={live.length} />}
                  </div>
                }
              />
              {live.length === 0 ? (
                <EmptyState title="Every key is revoked">Create a new key to use the reseller API again.</EmptyState>
              ) : (
                <ApiKeyTable
                  keys={live}
                  now={now}
                  columns={[
                    {
                      header: "Customer",
                      cell: (k) =>
                        k.customer ? (
                          <>
                            <span className="font-mono text-xs text-neutral-800">{k.customer.externalCustomerId}</span>
                            {k.customer.name && <span className="block text-xs text-neutral-500">{k.customer.name}</span>}
                          </>
                        ) : (
                          <span className="text-neutral-500">Every customer</span>
                        ),
                    },
                    {
                      header: "Limit / hour",
                      className: "tabular-nums",
                      cell: (k) => (k.hourlyLimit !== null ? k.hourlyLimit.toLocaleString("en-GB") : <span className="text-neutral-500">Account&apos;s</span>),
                    },
                    {
                      header: "Signatures",
                      className: "whitespace-nowrap",
                      cell: (k) => (
                        <span className={k.signatureVersion === "v2" ? "font-medium text-neutral-900" : "text-neutral-600"} data-testid="key-signatures">
                          {signatureSettingsLabel(k)}
                        </span>
                      ),
                    },
                  ]}
                  createdFrom="2xl"
                  actions={(k) => (
                    <EditKeyButton
                      keyId={k.id}
                      label={k.label}
                      expiresOn={k.expiresAt ? utcDayOf(k.expiresAt) : ""}
                      scopes={k.scopes}
                      signatureVersion={k.signatureVersion}
                      requireTimestamp={k.requireTimestamp}
                      today={today}
                    />
                  )}
                  revoke={revokeResellerApiKeyAction}
                  revokeConsequence="requests made with it get 401 and its slot is freed."
                />
              )}
            </Card>
          )
        )}

        <RevokedKeys keys={revoked} now={now} />
      </div>
    </>
  );
}
