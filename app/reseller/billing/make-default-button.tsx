"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { makeDefaultPaymentMethodAction } from "./actions";

export function MakeDefaultButton({ methodId, label }: { methodId: string; label: string }) {
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  return (
    <Button
      variant="secondary"
      size="sm"
      pending={pending}
      onClick={() =>
        startTransition(async () => {
          const answer = await makeDefaultPaymentMethodAction(methodId);
          if (!answer.ok) toast(answer.error, "error");
          else if (answer.message) toast(answer.message);
          router.refresh();
        })
      }
    >
      Make default<span className="sr-only"> {label}</span>
    </Button>
  );
}
