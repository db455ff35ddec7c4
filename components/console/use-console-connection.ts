"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { WAITING_FOR_DISPLAY, type ConsoleEnd } from "@/lib/console/console-connection";
import type { ConsoleSessionInfo, OpenConsoleSession } from "@/lib/console/console-session-info";

/** Where a viewer is; the state line shows it (components/console/console-status.tsx). */
export type ConsolePhase =
  | { kind: "idle" }
  | { kind: "opening" }
  | { kind: "connecting" }
  | { kind: "connected" }
  | { kind: "waiting" }
  | { kind: "expired" }
  | { kind: "disconnected"; message: string }
  | { kind: "refused"; message: string };

export type DialHandlers = {
  connected(): void;
  /** The console ended (the websocket closed, or the viewer failed); called at most once per dial. */
  ended(end: ConsoleEnd): void;
};

/** Opens the viewer on a session; answers the function that tears it down. */
export type DialConsole = (session: ConsoleSessionInfo, handlers: DialHandlers) => Promise<() => void>;

export const WAITING_RETRY_MS = 5000;

/**
 * The part both viewers share: ask for a session (tokens are one-shot, so every connect asks for a
 * new one), dial it, follow it to its end, and while the machine has no display try again every
 * few seconds. `initialSession` (one the page already minted) is used for the first connect only.
 * A connect started later supersedes an earlier one still under way.
 */
export function useConsoleConnection({
  openSession,
  dial,
  initialSession,
  startWaiting = false,
  autoConnect = true,
  waitingRetryMs = WAITING_RETRY_MS,
}: {
  openSession: OpenConsoleSession;
  dial: DialConsole;
  initialSession?: ConsoleSessionInfo | null;
  /** The page already knows there is no display yet: start in "waiting" and ask after the first pause. */
  startWaiting?: boolean;
  autoConnect?: boolean;
  waitingRetryMs?: number;
}) {
  const [phase, setPhase] = useState<ConsolePhase>(startWaiting && autoConnect ? { kind: "waiting" } : { kind: "idle" });
  const startsWaiting = useRef(startWaiting);
  const generation = useRef(0);
  const teardown = useRef<(() => void) | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const unused = useRef(initialSession ?? null);
  // The latest props, so a parent passing a new arrow function every render does not reconnect.
  const latest = useRef({ openSession, dial, waitingRetryMs });
  useEffect(() => {
    latest.current = { openSession, dial, waitingRetryMs };
  });

  // The retry after "waiting" starts connect again; a ref, since connect cannot name itself.
  const again = useRef<() => Promise<void>>(async () => {});

  const stop = useCallback(() => {
    generation.current += 1;
    if (retryTimer.current) clearTimeout(retryTimer.current);
    retryTimer.current = null;
    const end = teardown.current;
    teardown.current = null;
    end?.();
  }, []);

  const connect = useCallback(async () => {
    stop();
    const mine = generation.current;
    const current = () => generation.current === mine;
    const waitAndRetry = () => {
      setPhase({ kind: "waiting" });
      retryTimer.current = setTimeout(() => void again.current(), latest.current.waitingRetryMs);
    };

    setPhase({ kind: "opening" });
    let session = unused.current;
    unused.current = null;
    if (!session) {
      let result: Awaited<ReturnType<OpenConsoleSession>>;
      try {
        result = await latest.current.openSession();
      } catch {
        // A server action that could not be reached (offline, server restarting).
        result = { ok: false, error: "The console could not be reached. Check your connection and try again." };
      }
      if (!current()) return;
      if (!result.ok) {
        if (result.error === WAITING_FOR_DISPLAY) waitAndRetry();
        else setPhase({ kind: "refused", message: result.error });
        return;
      }
      session = result.data;
    }

    setPhase({ kind: "connecting" });
    let ended = false;
    const handlers: DialHandlers = {
      connected: () => {
        if (current() && !ended) setPhase({ kind: "connected" });
      },
      ended: (end) => {
        if (!current() || ended) return;
        ended = true;
        const close = teardown.current;
        teardown.current = null;
        close?.();
        if (end.state === "waiting") waitAndRetry();
        else if (end.state === "expired") setPhase({ kind: "expired" });
        else setPhase({ kind: "disconnected", message: end.message });
      },
    };
    try {
      const close = await latest.current.dial(session, handlers);
      if (!current() || ended) close();
      else teardown.current = close;
    } catch (error) {
      if (!current()) return;
      console.error("[console] the viewer failed to start", error);
      setPhase({ kind: "disconnected", message: "The viewer could not start in this browser." });
    }
  }, [stop]);
  useEffect(() => {
    again.current = connect;
  }, [connect]);

  useEffect(() => {
    // Deferred a tick: React's development double mount cancels the first timer, so a session
    // (and for a cast, an open) is not spent on a viewer that is immediately unmounted.
    const timer = autoConnect ? setTimeout(() => void connect(), startsWaiting.current ? latest.current.waitingRetryMs : 0) : null;
    return () => {
      if (timer) clearTimeout(timer);
      stop();
    };
  }, [autoConnect, connect, stop]);

  const disconnect = useCallback(() => {
    stop();
    setPhase({ kind: "disconnected", message: "Disconnected." });
  }, [stop]);

  return { phase, connect: () => void connect(), disconnect };
}
