import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireReseller } from "@/lib/auth/session";
import { SigningSecretPanel } from "./signing-secret-panel";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Signing secret") };

const code = "font-mono text-xs text-neutral-800";

export default async function SigningSecretPage() {
  await requireReseller();

  return (
    <>
      <PageHeader
        title="Signing secret"
        description="Signs every POST, PUT, PATCH and DELETE you send to the reseller API, and every webhook Rackfront sends you."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <SigningSecretPanel />
        <Card className="self-start">
          <CardHeader title="How a request is signed" />
          <CardBody className="space-y-2 text-sm text-neutral-600">
            <p>
              Send <code className={code}>X-Reseller-Timestamp</code> (unix seconds) and{" "}
              <code className={code}>X-Reseller-Signature: hmac-sha256=&lt;hex&gt;</code>, where the hex is HMAC-SHA256 keyed with this secret over:
            </p>
            <pre className="overflow-x-auto rounded-md bg-neutral-900 px-3 py-2 font-mono text-xs text-neutral-100">{"<timestamp>.<raw request body>"}</pre>
            <p>GET requests are never signed. Timestamps more than 300 seconds off are refused.</p>
            <p>
              <a href="/v1/reseller/guide#signing-requests" className="font-medium text-neutral-800 underline underline-offset-2">
                Integration guide
              </a>{" "}
              ·{" "}
              <a href="/v1/reseller/docs" className="font-medium text-neutral-800 underline underline-offset-2">
                API reference
              </a>
            </p>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
