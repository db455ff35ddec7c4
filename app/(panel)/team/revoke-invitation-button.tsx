"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { revokeInvitationAction } from "./actions";

/** Withdraws an invitation at once: nothing is lost that inviting again would not restore, so no confirmation. */
export function RevokeInvitationButton({ invitationId, email }: { invitationId: string; email: string }) {
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  return (
    <Button
      size="sm"
      variant="secondary"
      pending={pending}
      aria-label={`Revoke the invitation to ${email}`}
      onClick={() =>
        startTransition(async () => {
          const result = await revokeInvitationAction(invitationId);
          toast(result.ok ? (result.message ?? "Revoked.") : result.error, result.ok ? "success" : "error");
          router.refresh();
        })
      }
    >
      Revoke
    </Button>
  );
}
