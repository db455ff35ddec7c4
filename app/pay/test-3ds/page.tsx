import { pageTitle } from "@/components/layout/page-title";
import type { Metadata } from "next";
import { Logo } from "@/components/layout/logo";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { requireViewer } from "@/lib/auth/session";
import { answerTestChallenge } from "./actions";

export const metadata: Metadata = { title: pageTitle("Confirm the payment", "Test bank") };

/**
 * The test gateway's stand-in for a bank's 3-D Secure page (card 4000 0027 6000 3184): the holder
 * chooses to authenticate or to fail. Stripe sends the browser to the real bank instead.
 */
export default async function TestChallengePage({ searchParams }: { searchParams: Promise<{ payment?: string; expired?: string }> }) {
  await requireViewer("/pay/test-3ds");
  const { payment, expired } = await searchParams;
  return (
    <main id="content" className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm space-y-6 rounded-lg border border-neutral-200 bg-white p-6 shadow-xs">
        <div className="flex items-center justify-between">
          <Logo />
          <Badge tone="amber">Test mode</Badge>
        </div>
        <h1 className="text-lg font-semibold text-neutral-900">Confirm the payment</h1>
        {expired || !payment ? (
          <Alert tone="error">This confirmation is no longer open: it was answered or given up. Go back to billing to see the payment.</Alert>
        ) : (
          <>
            <p className="text-sm text-neutral-600">
              Your bank asks you to confirm this card payment. This is the test bank: choose what the bank should answer.
            </p>
            <form action={answerTestChallenge} className="flex flex-col gap-2">
              <input type="hidden" name="payment" value={payment} />
              <button type="submit" name="answer" value="authenticate" className={buttonClasses()}>
                Authenticate
              </button>
              <button type="submit" name="answer" value="fail" className={buttonClasses({ variant: "secondary" })}>
                Fail authentication
              </button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}
