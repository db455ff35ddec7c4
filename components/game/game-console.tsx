"use client";

import "@xterm/xterm/css/xterm.css";
import { useEffect, useRef, useState } from "react";
import type { Terminal } from "@xterm/xterm";
import type { FitAddon } from "@xterm/addon-fit";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/actions/action-result";
import type { GameConsoleSession } from "@/lib/game/open-game-console";
import { useCommandHistory } from "./use-command-history";

export interface GameStatsSample {
  at: number;
  state: string;
  cpuPercent: number;
  memoryBytes: number;
  diskBytes: number;
  networkRxBytes: number | null;
  networkTxBytes: number | null;
}

type Phase = { kind: "connecting" } | { kind: "open" } | { kind: "closed"; reason: string; retryInMs: number | null };

/** Close codes after which dialling again cannot help (docs/decisions.md#r20). */
const FINAL_CLOSES = new Set([4010]);
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * The game server's live console (docs/game-servers.md#panel): an xterm showing the server's output
 * (the last 500 lines on connect, then live), a command line with history, and the state and usage
 * events handed to the page. Dials the portal's relay with a token from `openSession`, refreshes the
 * token on `token expiring` without dropping the socket, and reconnects with backoff after a drop.
 */
export function GameConsole({
  serverId,
  openSession,
  canSend,
  onState,
  onStats,
}: {
  serverId: string;
  openSession: () => Promise<ActionResult<GameConsoleSession>>;
  canSend: boolean;
  onState: (state: string) => void;
  onStats: (sample: GameStatsSample) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const socket = useRef<WebSocket | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "connecting" });
  const [command, setCommand] = useState("");
  const [generation, setGeneration] = useState(0);
  const history = useCommandHistory(serverId);
  const callbacks = useRef({ onState, onStats, openSession });
  useEffect(() => {
    callbacks.current = { onState, onStats, openSession };
  }, [onState, onStats, openSession]);

  useEffect(() => {
    let disposed = false;
    let term: Terminal | null = null;
    let fit: FitAddon | null = null;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => fit?.fit());

    const write = (line: string, color?: "yellow" | "red") => {
      const text = color === "yellow" ? `\x1b[33m${line}\x1b[0m` : color === "red" ? `\x1b[31m${line}\x1b[0m` : line;
      term?.writeln(text);
    };

    const dial = async () => {
      setPhase({ kind: "connecting" });
      const session = await callbacks.current.openSession();
      if (disposed) return;
      if (!session.ok) return closed(session.error, true);
      const ws = new WebSocket(`${session.data.wsOrigin}${session.data.ws_path}?token=${encodeURIComponent(session.data.token)}`);
      socket.current = ws;
      let fresh = true;
      ws.addEventListener("open", () => {
        attempt = 0;
        setPhase({ kind: "open" });
      });
      ws.addEventListener("message", (event) => {
        let frame: { event: string; args?: unknown[] };
        try {
          frame = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const arg = frame.args?.[0];
        switch (frame.event) {
          case "auth success":
            // The node sends the scrollback after each (re)connect: start on a clean screen.
            if (fresh) term?.reset();
            fresh = false;
            return;
          case "console output":
            return write(String(arg));
          case "daemon message":
            return write(`[Rackfront] ${String(arg)}`, "yellow");
          case "error":
            return write(String(arg), "red");
          case "status":
            return callbacks.current.onState(String(arg));
          case "stats": {
            const s = arg as Omit<GameStatsSample, "at">;
            callbacks.current.onStats({ ...s, at: Date.now() });
            return;
          }
          case "token expiring":
            void callbacks.current.openSession().then((next) => {
              if (next.ok && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ event: "auth", args: [next.data.token] }));
            });
            return;
        }
      });
      ws.addEventListener("close", (event) => {
        if (socket.current === ws) socket.current = null;
        if (disposed) return;
        closed(event.reason || "The console connection closed.", FINAL_CLOSES.has(event.code));
      });
    };

    const closed = (reason: string, final: boolean) => {
      if (final) return setPhase({ kind: "closed", reason, retryInMs: null });
      const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
      attempt++;
      setPhase({ kind: "closed", reason, retryInMs: wait });
      retryTimer = setTimeout(() => void dial(), wait);
    };

    void (async () => {
      const [{ Terminal: TerminalClass }, { FitAddon: FitClass }] = await Promise.all([import("@xterm/xterm"), import("@xterm/addon-fit")]);
      if (disposed || !host.current) return;
      term = new TerminalClass({
        convertEol: true,
        disableStdin: true,
        cursorBlink: false,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace',
        fontSize: 13,
        scrollback: 5000,
        theme: { background: "#0a0a0a" },
      });
      fit = new FitClass();
      term.loadAddon(fit);
      term.open(host.current);
      fit.fit();
      observer.observe(host.current);
      await dial();
    })();

    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      observer.disconnect();
      socket.current?.close(1000);
      socket.current = null;
      term?.dispose();
    };
  }, [generation]);

  const send = () => {
    const line = command.trim();
    const ws = socket.current;
    if (!line || !ws || ws.readyState !== WebSocket.OPEN) return;
    ws.send(JSON.stringify({ event: "send command", args: [line] }));
    history.remember(line);
    setCommand("");
  };

  return (
    <div className="space-y-2">
      <div className="relative overflow-hidden rounded-md bg-neutral-950 p-2">
        <div ref={host} className="h-80 w-full sm:h-96" data-testid="game-console-screen" aria-label="Server console output" role="log" />
        {phase.kind !== "open" && (
          <div className="absolute inset-x-0 top-0 flex items-center justify-between gap-2 bg-neutral-900/90 px-3 py-1.5 text-xs text-neutral-200" role="status">
            <span>{phase.kind === "connecting" ? "Connecting to the console…" : phase.reason}</span>
            {phase.kind === "closed" &&
              (phase.retryInMs === null ? (
                <button type="button" className="underline" onClick={() => setGeneration((g) => g + 1)}>
                  Reconnect
                </button>
              ) : (
                <span>Reconnecting…</span>
              ))}
          </div>
        )}
      </div>
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor={`command-${serverId}`} className="sr-only">
          Console command
        </label>
        <input
          id={`command-${serverId}`}
          value={command}
          onChange={(event) => setCommand(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
            event.preventDefault();
            const next = history.step(event.key === "ArrowUp" ? -1 : 1);
            if (next !== null) setCommand(next);
          }}
          disabled={!canSend || phase.kind !== "open"}
          placeholder={canSend ? "Type a command and press Enter (↑ for history)" : "Start the server to send commands"}
          autoComplete="off"
          spellCheck={false}
          maxLength={4096}
          className="min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-3 py-2 font-mono text-sm focus:border-neutral-500 focus:outline-none disabled:bg-neutral-50"
        />
        <Button type="submit" variant="secondary" disabled={!canSend || phase.kind !== "open" || !command.trim()}>
          Send
        </Button>
      </form>
    </div>
  );
}
