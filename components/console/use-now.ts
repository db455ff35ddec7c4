"use client";

import { useSyncExternalStore } from "react";

const subscribe = (tick: () => void) => {
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
};

/**
 * The time now in milliseconds, rounded down to the second and new every second; null while the
 * page renders on the server and hydrates, so a clock never mismatches the server's HTML.
 */
export function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => Math.floor(Date.now() / 1000) * 1000,
    () => null,
  );
}
