"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { accountKeys } from "@/lib/query/keys";
import { useServerSeed } from "@/lib/query/server-seed";
import { twoFactorStatusAction, type TwoFactorStatus } from "./actions";

/**
 * On or Off, from accountKeys.twoFactor. Turning it on keeps the page as it is (the recovery codes stay
 * on screen) and invalidates the key; turning it off renders the page again, which seeds the new status.
 * It changes only through this page, so it is not refetched on focus or on mount.
 */
export function TwoFactorBadge({ initial }: { initial: TwoFactorStatus }) {
  const { data } = useQuery({ queryKey: accountKeys.twoFactor(), queryFn: () => twoFactorStatusAction(), initialData: initial, staleTime: Infinity });
  useServerSeed(accountKeys.twoFactor(), initial);
  return data.enabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>;
}
