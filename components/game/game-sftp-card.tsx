"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Detail } from "@/components/ui/detail";
import { ConfirmDialog } from "@/components/ui/dialog";
import { ShownOnce } from "@/components/ui/shown-once";
import { toastResult } from "@/components/services/perform";
import type { ActionResult } from "@/lib/actions/action-result";

/** SFTP details, and "Set a new password", shown once (docs/game-servers.md#sftp-login). */
export function GameSftpCard({
  sftp,
  canManage,
  rotate,
}: {
  sftp: { host: string; port: number; username: string; passwordSet: boolean };
  canManage: boolean;
  rotate: () => Promise<ActionResult<{ password: string }>>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const address = `sftp://${sftp.username}@${sftp.host}:${sftp.port}`;
  return (
    <Card data-testid="game-sftp">
      <CardHeader
        title="SFTP"
        description="Upload and edit files with an SFTP client such as FileZilla or WinSCP."
        action={
          canManage && !password ? (
            <Button variant="secondary" pending={pending} onClick={() => (sftp.passwordSet ? setConfirming(true) : void go())}>
              {sftp.passwordSet ? "Set a new password" : "Create a password"}
            </Button>
          ) : null
        }
      />
      <CardBody className="space-y-4">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Detail label="Host">
            <span className="font-mono">{sftp.host}</span>
          </Detail>
          <Detail label="Port">
            <span className="font-mono">{sftp.port}</span>
          </Detail>
          <Detail label="Username">
            <span className="font-mono break-all">{sftp.username}</span>
          </Detail>
        </dl>
        <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-600">
          <code className="rounded bg-neutral-100 px-2 py-1 break-all">{address}</code>
          <CopyButton text={address} label="Copy address" />
        </div>
        {!sftp.passwordSet && !password && <p className="text-sm text-neutral-500">No password yet: create one to log in. It is shown once.</p>}
        {password && (
          <ShownOnce
            title="Your new SFTP password"
            warning="Copy it now: it is not stored anywhere we can show it again. The previous password no longer works."
            value={password}
            testId="sftp-password"
            copyLabel="Copy password"
            footer={
              <Button variant="secondary" onClick={() => setPassword(null)}>
                Done
              </Button>
            }
          />
        )}
      </CardBody>
      <ConfirmDialog
        item={confirming ? sftp.username : null}
        title={() => "Set a new SFTP password?"}
        description="The current password stops working at once. Connected SFTP sessions stay open."
        confirmLabel="Set new password"
        onClose={() => setConfirming(false)}
        onConfirm={() => void go()}
      />
    </Card>
  );

  async function go() {
    setPending(true);
    const result = await rotate();
    setPending(false);
    toastResult(result);
    if (result.ok) setPassword(result.data.password);
  }
}
