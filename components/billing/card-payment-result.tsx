import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody } from "@/components/ui/card";
import { RefreshWhileWaiting } from "./refresh-while-waiting";

export type CardPaymentResultProps = {
  status: "processing" | "paid" | "failed";
  /** "€40.00". */
  amount: string;
  what: "top-up" | "document" | "order";
  reason: string | null;
  actionUrl: string | null;
  /** Where the paid thing is seen (the credit page, the document). */
  doneHref: string;
  doneLabel: string;
  /** Where to try again. */
  retryHref: string;
};

/** The page the bank sends the browser back to after 3-D Secure: paid, refused, or still waiting (refreshing itself). */
export function CardPaymentResult(p: CardPaymentResultProps) {
  return (
    <Card className="max-w-xl">
      <CardBody className="space-y-4">
        {p.status === "paid" && (
          <Alert tone="success" title={p.what === "top-up" ? `${p.amount} added to your credit` : `${p.amount} paid`}>
            Your bank confirmed the payment.
          </Alert>
        )}
        {p.status === "failed" && (
          <Alert tone="error" title="The payment did not go through">
            {p.reason ?? "The card was refused."} Nothing was charged.
          </Alert>
        )}
        {p.status === "processing" && (
          <>
            <RefreshWhileWaiting />
            <Alert tone="info" title="Waiting for your bank">
              The payment of {p.amount} is waiting for your bank&apos;s answer. This page updates by itself.
              {p.actionUrl && (
                <>
                  {" "}If you closed the bank&apos;s page,{" "}
                  <a href={p.actionUrl} className="font-medium underline underline-offset-2">
                    continue the authentication
                  </a>
                  .
                </>
              )}
            </Alert>
          </>
        )}
        <div className="flex flex-wrap gap-2">
          <a href={p.doneHref} className={buttonClasses({ variant: p.status === "failed" ? "secondary" : "primary" })}>
            {p.doneLabel}
          </a>
          {p.status === "failed" && (
            <a href={p.retryHref} className={buttonClasses()}>
              Try again
            </a>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
