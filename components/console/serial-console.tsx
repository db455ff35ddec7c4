"use client";

import "@xterm/xterm/css/xterm.css";
import { useCallback, useEffect, useRef } from "react";
import type { Terminal } from "@xterm/xterm";
import { consoleSocketUrl, describeConsoleClose } from "@/lib/console/console-connection";
import { ConsoleFrame } from "./console-frame";
import { ConsoleStatus, phaseOverlay } from "./console-status";
import type { ConsoleViewerProps } from "./console-viewer-props";
import { useConsoleConnection, WAITING_RETRY_MS, type DialConsole } from "./use-console-connection";

type SerialConsoleProps = ConsoleViewerProps;

/** The serial line is a VT100 of 80 columns by 25 rows (lib/console/text-screen.ts). */
const COLS = 80;
const ROWS = 25;
/** A monospace cell is about 0.6 em wide; the font shrinks to fit 80 columns, down to this size. */
const CELL_WIDTH_EM = 0.6;
const MIN_FONT_PX = 9;
const MAX_FONT_PX = 15;

const encoder = new TextEncoder();

/**
 * A serial console in xterm over the same relay as the VNC viewer: binary frames both ways, what
 * the terminal types goes out as UTF-8, what comes back is written to it as bytes (xterm decodes
 * UTF-8 across frame boundaries). xterm is loaded only in the browser, when a session is dialled.
 */
export function SerialConsole({ openSession, viewOnly = false, label, initialSession, startWaiting, autoConnect = true, className }: SerialConsoleProps) {
  const host = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const viewOnlyRef = useRef(viewOnly);
  useEffect(() => {
    viewOnlyRef.current = viewOnly;
    if (terminal.current) terminal.current.options.disableStdin = viewOnly;
  }, [viewOnly]);

  // The font follows the box's width so 80 columns fit, from a phone to full screen.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const fit = () => {
      const term = terminal.current;
      if (!term) return;
      const size = Math.max(MIN_FONT_PX, Math.min(MAX_FONT_PX, Math.floor((element.clientWidth - 16) / (COLS * CELL_WIDTH_EM))));
      if (term.options.fontSize !== size) term.options.fontSize = size;
    };
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const dial = useCallback<DialConsole>(async (session, handlers) => {
    const { Terminal: TerminalClass } = await import("@xterm/xterm");
    const element = host.current;
    if (!element) throw new Error("the console's screen is not mounted");

    // One terminal per session: a new session starts on a clean screen, as a new serial attach would.
    terminal.current?.dispose();
    element.replaceChildren();
    const width = box.current?.clientWidth ?? 720;
    const term = new TerminalClass({
      cols: COLS,
      rows: ROWS,
      convertEol: false,
      cursorBlink: !viewOnlyRef.current,
      disableStdin: viewOnlyRef.current,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace',
      fontSize: Math.max(MIN_FONT_PX, Math.min(MAX_FONT_PX, Math.floor((width - 16) / (COLS * CELL_WIDTH_EM)))),
      scrollback: 1000,
      theme: { background: "#0a0a0a" },
    });
    term.open(element);
    terminal.current = term;

    const socket = new WebSocket(consoleSocketUrl(session));
    socket.binaryType = "arraybuffer";
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      handlers.connected();
      if (!viewOnlyRef.current) term.focus();
    });
    socket.addEventListener("message", (e: MessageEvent<ArrayBuffer | string>) => {
      term.write(typeof e.data === "string" ? e.data : new Uint8Array(e.data));
    });
    socket.addEventListener("close", (e) => handlers.ended(describeConsoleClose({ code: e.code, reason: e.reason, opened })));

    const send = (bytes: Uint8Array) => {
      if (socket.readyState === WebSocket.OPEN && !viewOnlyRef.current) socket.send(bytes);
    };
    const typed = term.onData((data) => send(encoder.encode(data)));
    // Mouse reports in some modes: each character is one byte, not UTF-8.
    const binary = term.onBinary((data) => send(Uint8Array.from(data, (c) => c.charCodeAt(0) & 0xff)));

    return () => {
      typed.dispose();
      binary.dispose();
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000);
      // The last screen stays visible until the next session replaces it.
      term.options.disableStdin = true;
      term.options.cursorBlink = false;
    };
  }, []);

  useEffect(
    () => () => {
      terminal.current?.dispose();
      terminal.current = null;
    },
    [],
  );

  const { phase, connect } = useConsoleConnection({ openSession, dial, initialSession, startWaiting, autoConnect });

  return (
    <ConsoleFrame
      className={className}
      title={label}
      viewOnly={viewOnly}
      screen={(fullscreen) => (
        <div ref={box} className={fullscreen ? "h-full w-full overflow-auto p-2" : "min-h-48 w-full overflow-x-auto p-2"}>
          <div ref={host} data-console-screen="serial" aria-label={`Serial console${label ? ` of ${label}` : ""}`} />
        </div>
      )}
      // After a session ends its last screen stays readable; the state line says what happened.
      overlay={["idle", "opening", "connecting", "waiting"].includes(phase.kind) ? phaseOverlay(phase) : null}
      status={<ConsoleStatus phase={phase} onConnect={connect} viewOnly={viewOnly} retrySeconds={WAITING_RETRY_MS / 1000} />}
    />
  );
}
