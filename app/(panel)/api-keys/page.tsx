import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/app-shell";
import { ApiKeyTable } from "@/components/api-keys/api-key-table";
import { NoKeysActions } from "@/components/api-keys/no-keys-actions";
import { RevokedKeys } from "@/components/api-keys/revoked-keys";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon } from "@/components/ui/icons";
import { Toaster } from "@/components/ui/toast";
import { utcDayOf } from "@/lib/api-keys/expiry-date";
import { getCustomerKeyFormOptions } from "@/lib/api-keys/get-customer-key-form-options";
import { listCustomerApiKeys } from "@/lib/api-keys/list-customer-api-keys";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getPlatformSwitches } from "@/lib/platform/platform-switches";
import { CreateCustomerKeyForm } from "./create-key-form";
import { revokeCustomerApiKeyAction } from "./actions";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("API keys") };

const DOCS = "/v1/docs";

export default async function CustomerApiKeysPage({ searchParams }: { searchParams: Promise<{ new?: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer) {
    return (
      <>
        <PageHeader title="API keys" />
        <Card>
          <EmptyState title="Your sign-in is not linked to a customer account">API keys belong to a customer account. Ask its owner to add you as a team member.</EmptyState>
        </Card>
      </>
    );
  }

  const now = new Date();
  const ctx = { db: getDb(), now, actor: { accountId: viewer.customer.accountId, userId: viewer.user.id } };
  const [{ keys, isOwner }, form, switches, params] = await Promise.all([
    listCustomerApiKeys(ctx),
    getCustomerKeyFormOptions(ctx),
    getPlatformSwitches(getDb()),
    searchParams,
  ]);
  const live = keys.filter((k) => k.state !== "revoked");
  const revoked = keys.filter((k) => k.state === "revoked");
  const creating = params.new === "1" && form.canMint;

  return (
    <>
      <Toaster />
      <PageHeader
        title="API keys"
        description={
          <>
            Keys let scripts and tools use the <a href={DOCS} className="font-medium text-neutral-700 underline underline-offset-2">Rackfront API</a> on
            behalf of {viewer.customer.accountName}.{isOwner ? "" : " You see the keys you created."}
          </>
        }
        actions={
          !creating && form.canMint && keys.length > 0 ? (
            <Link href="/api-keys?new=1" className={buttonClasses()}>
              Create key
            </Link>
          ) : undefined
        }
      />

      <div className="space-y-6">
        {!switches.customerApiEnabled && (
          <Alert tone="warning" title="The API is switched off at the moment">
            Rackfront has paused the customer API. Keys can still be managed here; requests are refused until it is back.
          </Alert>
        )}
        {!form.canMint && (
          <Alert tone="info" title="You can't create API keys">
            A key needs at least one of the services.view, invoices.view or billing.view permissions on this account. Ask the account owner.
          </Alert>
        )}

        {creating && (
          <Card>
            <CardHeader title="Create an API key" description="The key is shown once, right after you create it." />
            <CardBody>
              <CreateCustomerKeyForm scopes={form.scopes} projects={form.projects} today={utcDayOf(now)} />
            </CardBody>
          </Card>
        )}

        {keys.length === 0 && !creating ? (
          <Card>
            <EmptyState icon={<KeyIcon className="size-5" />} title="No API keys yet">
              <p>
                An API key lets your own scripts, deploy pipelines and monitoring talk to Rackfront: list and power-cycle servers, place orders, pay invoices.
                Each key carries only the scopes you give it, and can be limited to some IP addresses or one project.
              </p>
              <NoKeysActions createHref={form.canMint ? "/api-keys?new=1" : null} docsHref={DOCS} />
            </EmptyState>
          </Card>
        ) : (
          keys.length > 0 && (
            <Card>
              <CardHeader
                title={isOwner ? "Keys of this account" : "Your keys"}
                description="Revoke a key as soon as it is no longer used, or if it may have leaked."
              />
              {live.length === 0 ? (
                <EmptyState title="Every key is revoked">Create a new key to use the API again.</EmptyState>
              ) : (
                <ApiKeyTable
                  keys={live}
                  now={now}
                  columns={[{ header: "Project", cell: (k) => (k.project ? k.project.name : <span className="text-neutral-500">Every project</span>) }]}
                  note={(k) =>
                    k.ipAllowlist.length > 0 && (
                      <p className="mt-1 text-xs text-neutral-500" title={k.ipAllowlist.join("\n")}>
                        Only from {k.ipAllowlist.length === 1 ? <span className="font-mono">{k.ipAllowlist[0]}</span> : `${k.ipAllowlist.length} addresses`}
                      </p>
                    )
                  }
                  createdBy={(k) => (isOwner && k.createdBy.id !== viewer.user.id ? k.createdBy.name || k.createdBy.email : null)}
                  revoke={revokeCustomerApiKeyAction}
                  revokeConsequence="every request made with it is refused with 401."
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
