"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type RFB from "@novnc/novnc";
import { Button } from "@/components/ui/button";
import { consoleSocketUrl, describeConsoleClose, type ConsoleEnd } from "@/lib/console/console-connection";
import { ConsoleFrame } from "./console-frame";
import { ConsoleStatus, phaseOverlay } from "./console-status";
import { PasteDialog } from "./paste-dialog";
import type { ConsoleViewerProps } from "./console-viewer-props";
import { useConsoleConnection, WAITING_RETRY_MS, type DialConsole } from "./use-console-connection";

type VncConsoleProps = ConsoleViewerProps;

/** Before the first frame says otherwise: the simulated consoles' 720x400 text mode is 1.8. */
const DEFAULT_ASPECT = 16 / 9;

/**
 * A VNC console in the browser: noVNC (RFB over the console relay's websocket) scaled to fit its
 * box, with full screen, Ctrl-Alt-Del, "Paste text as keystrokes" and a state line. noVNC is loaded
 * only in the browser, when a session is dialled: its browser probe awaits at module top level,
 * which must not run while the page renders on the server.
 */
export function VncConsole({ openSession, viewOnly = false, label, initialSession, startWaiting, autoConnect = true, className }: VncConsoleProps) {
  const target = useRef<HTMLDivElement>(null);
  const rfbRef = useRef<RFB | null>(null);
  const [aspect, setAspect] = useState<number>(DEFAULT_ASPECT);
  const [pasting, setPasting] = useState(false);
  const viewOnlyRef = useRef(viewOnly);
  const labelRef = useRef(label);
  useEffect(() => {
    viewOnlyRef.current = viewOnly;
    labelRef.current = label;
    if (rfbRef.current) rfbRef.current.viewOnly = viewOnly;
  }, [viewOnly, label]);

  const dial = useCallback<DialConsole>(async (session, handlers) => {
    const { default: RFBClass } = await import("@novnc/novnc");
    const box = target.current;
    if (!box) throw new Error("the console's screen is not mounted");

    // The socket is ours, not noVNC's, so the relay's close code and reason reach the state line.
    const socket = new WebSocket(consoleSocketUrl(session));
    socket.binaryType = "arraybuffer";
    let opened = false;
    let closed: { code: number; reason: string } | null = null;
    let failure: string | null = null;
    let over = false;
    socket.addEventListener("open", () => (opened = true));
    socket.addEventListener("close", (e) => (closed = { code: e.code, reason: e.reason }));

    const rfb = new RFBClass(box, socket, { credentials: session.rfbPassword === null ? undefined : { password: session.rfbPassword }, shared: true });
    rfb.scaleViewport = true;
    rfb.viewOnly = viewOnlyRef.current;
    rfb.background = "#0a0a0a";
    rfbRef.current = rfb;

    // The box takes the framebuffer's shape (it can change: a resolution switch, BIOS to OS).
    const canvas = box.querySelector("canvas");
    const shape = new MutationObserver(() => {
      if (canvas && canvas.width > 0 && canvas.height > 0) setAspect(canvas.width / canvas.height);
    });
    if (canvas) {
      shape.observe(canvas, { attributes: true, attributeFilter: ["width", "height"] });
      // noVNC leaves the canvas out of the tab order; the keyboard must be able to reach it.
      canvas.tabIndex = viewOnlyRef.current ? -1 : 0;
      // An application (it takes the keys) when interactive; a picture to a view-only viewer.
      canvas.setAttribute("role", viewOnlyRef.current ? "img" : "application");
      canvas.setAttribute("aria-label", `Console screen${labelRef.current ? ` of ${labelRef.current}` : ""}`);
    }

    rfb.addEventListener("connect", () => handlers.connected());
    rfb.addEventListener("securityfailure", (e) => {
      const reason = (e as CustomEvent<{ status: number; reason?: string }>).detail.reason;
      failure = `The console refused the session's password${reason ? `: ${reason}` : ""}.`;
    });
    rfb.addEventListener("credentialsrequired", () => {
      failure = "The console asked for a password this session does not carry.";
      rfb.disconnect();
    });
    rfb.addEventListener("disconnect", () => {
      over = true;
      let end: ConsoleEnd;
      if (closed) end = describeConsoleClose({ ...closed, opened });
      else end = { state: "disconnected", message: failure ?? "Disconnected: the console stopped answering." };
      if (failure && end.state === "disconnected") end = { state: "disconnected", message: failure };
      handlers.ended(end);
    });

    return () => {
      shape.disconnect();
      if (rfbRef.current === rfb) rfbRef.current = null;
      if (!over) rfb.disconnect();
    };
  }, []);

  const { phase, connect } = useConsoleConnection({ openSession, dial, initialSession, startWaiting, autoConnect });
  const connected = phase.kind === "connected";

  const tools = (
    <>
      {!viewOnly && (
        <>
          <Button size="sm" variant="secondary" disabled={!connected} onClick={() => rfbRef.current?.sendCtrlAltDel()}>
            Ctrl-Alt-Del
          </Button>
          <Button size="sm" variant="secondary" disabled={!connected} onClick={() => setPasting(true)}>
            Paste text as keystrokes
          </Button>
        </>
      )}
    </>
  );

  return (
    <>
      <ConsoleFrame
        className={className}
        title={label}
        viewOnly={viewOnly}
        tools={tools}
        screen={(fullscreen) => (
          // noVNC puts its own full-size screen element in here and scales the canvas to fit it.
          <div ref={target} data-console-screen="vnc" className={fullscreen ? "h-full w-full" : "mx-auto max-h-[75vh] w-full"} style={fullscreen ? undefined : { aspectRatio: aspect, maxWidth: `calc(75vh * ${aspect})` }} />
        )}
        overlay={phaseOverlay(phase)}
        status={<ConsoleStatus phase={phase} onConnect={connect} viewOnly={viewOnly} retrySeconds={WAITING_RETRY_MS / 1000} />}
      />
      <PasteDialog
        open={pasting}
        onClose={() => setPasting(false)}
        onType={(keysyms) => {
          const rfb = rfbRef.current;
          if (!rfb) return;
          // No scan code: the server reads the keysym, which already names the character (shifted or not).
          for (const keysym of keysyms) rfb.sendKey(keysym, null);
          rfb.focus();
        }}
      />
    </>
  );
}
