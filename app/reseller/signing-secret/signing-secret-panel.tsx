"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { revealSigningSecretAction, rotateSigningSecretAction } from "./actions";

const MASK = "•".repeat(64);

/** The secret (hidden until asked for, with copy) and its rotation behind a confirmation. */
export function SigningSecretPanel() {
  const [secret, setSecret] = useState<string | null>(null);
  const [rotated, setRotated] = useState(false);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [revealing, startReveal] = useTransition();
  const [rotating, startRotate] = useTransition();

  async function fetchSecret(): Promise<string | null> {
    if (secret) return secret;
    const result = await revealSigningSecretAction();
    if (!result.ok) {
      setError(result.error);
      return null;
    }
    setError(undefined);
    setSecret(result.data.secret);

    return result.data.secret;
  }

  function rotate() {
    startRotate(async () => {
      const result = await rotateSigningSecretAction();
      if (!result.ok) {
        setError(result.error);
        setConfirming(false);
        return;
      }
      setSecret(result.data.secret);
      setRotated(true);
      setError(undefined);
      setConfirming(false);
    });
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title="Current signing secret"
          description="64 hex characters, used as they are (as ASCII) as the HMAC-SHA256 key. It is not an API key: never send it in a request."
        />
        <CardBody className="space-y-4">
          {error && <Alert tone="error">{error}</Alert>}
          {rotated && (
            <Alert tone="success" title="New signing secret in force">
              The old secret no longer works. Put this one into every integration and webhook receiver now.
            </Alert>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <code
              data-testid="signing-secret"
              aria-label={secret ? "Signing secret" : "Signing secret, hidden"}
              className="block min-w-0 flex-1 rounded-md border border-neutral-300 bg-neutral-50 px-3 py-2.5 font-mono text-[13px] leading-relaxed break-all text-neutral-900 select-all"
            >
              {secret ?? <span className="text-neutral-400 select-none">{MASK}</span>}
            </code>
            <div className="flex shrink-0 gap-2">
              {secret ? (
                <Button variant="secondary" size="md" onClick={() => (setSecret(null), setRotated(false))}>
                  Hide
                </Button>
              ) : (
                <Button variant="secondary" size="md" pending={revealing} onClick={() => startReveal(async () => void (await fetchSecret()))}>
                  Reveal
                </Button>
              )}
              <CopyButton text={fetchSecret} label="Copy" size="md" />
            </div>
          </div>
        </CardBody>
      </Card>

      <Card className="border-red-200">
        <CardHeader title="Rotate the signing secret" description="Do this when the secret may have leaked, or when someone who knew it leaves." />
        <CardBody className="flex flex-wrap items-center justify-between gap-4">
          <p className="max-w-xl text-sm text-neutral-600">
            A new secret replaces the current one immediately. There is no overlap period: have your integrations&apos; configuration at hand first.
          </p>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Rotate secret…
          </Button>
        </CardBody>
      </Card>

      <Dialog
        open={confirming}
        onClose={() => !rotating && setConfirming(false)}
        title="Rotate the signing secret?"
        description={
          <>
            <p>
              <strong className="font-medium text-neutral-900">Every integration signing with the old secret starts failing at once</strong> with 401{" "}
              <code className="font-mono text-xs">Invalid signature</code>, and webhooks are signed with the new one from now on.
            </p>
            <p className="mt-2">The new secret is shown right after. API keys are not affected.</p>
          </>
        }
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={rotating}>
            Cancel
          </Button>
          <Button variant="danger" onClick={rotate} pending={rotating}>
            {rotating ? "Rotating…" : "Rotate now"}
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
