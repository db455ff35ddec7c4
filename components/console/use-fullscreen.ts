"use client";

import { useCallback, useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => {
  document.addEventListener("fullscreenchange", onChange);
  return () => document.removeEventListener("fullscreenchange", onChange);
};

/**
 * Full screen for one element: whether the browser allows it (not iPhone Safari, not inside a frame
 * that forbids it), whether the element is full screen now (Escape leaves without our button), and
 * the toggle. On the server neither is true.
 */
export function useFullscreen(ref: React.RefObject<HTMLElement | null>) {
  const supported = useSyncExternalStore(
    subscribe,
    () => document.fullscreenEnabled === true,
    () => false,
  );
  const active = useSyncExternalStore(
    subscribe,
    () => ref.current !== null && document.fullscreenElement === ref.current,
    () => false,
  );

  const toggle = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void element.requestFullscreen().catch(() => undefined);
  }, [ref]);

  return { supported, active, toggle };
}
