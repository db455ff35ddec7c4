"use client";

import { SubmitButton } from "@/components/ui/button";
import { signOutEverywhereAction } from "./actions";

export function SignOutEverywhere() {
  return (
    <form action={signOutEverywhereAction}>
      <SubmitButton variant="secondary" pendingLabel="Signing out…">
        Sign out everywhere
      </SubmitButton>
    </form>
  );
}
