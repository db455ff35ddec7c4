"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Renders the page again every few seconds while the order sets the game server up. */
export function RefreshWhileSettingUp({ everyMs = 3_000 }: { everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
}
