"use client";

import { useEffect, useId, useRef, useState } from "react";
import { SerialConsole } from "@/components/console/serial-console";
import { VncConsole } from "@/components/console/vnc-console";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { ActionResult } from "@/lib/actions/action-result";
import type { ConsoleSessionInfo } from "@/lib/console/console-session-info";

export type ConsoleChannelName = "rfb" | "serial";

type Props = {
  /** The page's server action: a fresh one-shot session for the channel. */
  openSession: (channel: ConsoleChannelName) => Promise<ActionResult<ConsoleSessionInfo>>;
  /** What the viewer calls the machine (its hostname). */
  label: string;
  /** A VPS has a serial line too; a dedicated server's KVM is the screen only. */
  serial: boolean;
  /** The machine is on: a stopped VM has no display, so no viewer is offered. */
  running: boolean;
  /** The sentence shown instead of the viewer while the machine is off. */
  offText: string;
  description?: string;
};

const TABS: { channel: ConsoleChannelName; label: string }[] = [
  { channel: "rfb", label: "Console" },
  { channel: "serial", label: "Serial console" },
];

/**
 * The service page's console: the screen (noVNC) and, for a VPS, the serial line (xterm), each a tab.
 * Nothing is dialled until "Open console": every open mints a one-shot session that is audited, so a
 * page view alone never creates one.
 */
export function ConsoleCard({ openSession, label, serial, running, offText, description }: Props) {
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<ConsoleChannelName>("rfb");
  const tabs = serial ? TABS : TABS.slice(0, 1);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  // A machine that stops closes the viewer; starting it again does not reconnect by itself.
  if (!running && open) setOpen(false);
  // "Close console" disappears with the viewer: keyboard focus goes back to "Open console".
  const openButton = useRef<HTMLButtonElement>(null);
  const closedByUser = useRef(false);
  useEffect(() => {
    if (!open && closedByUser.current) openButton.current?.focus();
    closedByUser.current = false;
  }, [open]);

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern); Tab leaves the list for the panel.
  function onTabKey(e: React.KeyboardEvent, index: number) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    const to = e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : step ? (index + step + tabs.length) % tabs.length : -1;
    if (to < 0) return;
    e.preventDefault();
    setChannel(tabs[to]!.channel);
    tabRefs.current[to]?.focus();
  }

  return (
    <Card aria-label="Console">
      <CardHeader
        title="Console"
        description={description ?? "The server's screen and keyboard in your browser, as if you stood at it: for when SSH does not answer."}
        action={
          running && open ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                closedByUser.current = true;
                setOpen(false);
              }}
            >
              Close console
            </Button>
          ) : undefined
        }
      />
      <CardBody className="space-y-4">
        {!running ? (
          <p className="text-sm text-neutral-600" data-testid="console-off">
            {offText}
          </p>
        ) : !open ? (
          <div className="flex flex-wrap items-center gap-3">
            <button ref={openButton} type="button" className={buttonClasses()} onClick={() => setOpen(true)}>
              Open console
            </button>
            <p className="text-sm text-neutral-500">Every connection is logged.</p>
          </div>
        ) : (
          <>
            {tabs.length > 1 && (
              <div role="tablist" aria-label="Console type" className="flex gap-1 border-b border-neutral-200">
                {tabs.map((tab, i) => {
                  const selected = tab.channel === channel;
                  return (
                    <button
                      key={tab.channel}
                      ref={(el) => {
                        tabRefs.current[i] = el;
                      }}
                      type="button"
                      role="tab"
                      id={`${baseId}-tab-${tab.channel}`}
                      aria-selected={selected}
                      aria-controls={`${baseId}-panel`}
                      tabIndex={selected ? 0 : -1}
                      onClick={() => setChannel(tab.channel)}
                      onKeyDown={(e) => onTabKey(e, i)}
                      className={cn(
                        "-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none",
                        selected ? "border-neutral-900 text-neutral-900" : "border-transparent text-neutral-500 hover:text-neutral-800",
                      )}
                    >
                      {tab.label}
                    </button>
                  );
                })}
              </div>
            )}
            <div id={`${baseId}-panel`} role={tabs.length > 1 ? "tabpanel" : undefined} aria-labelledby={tabs.length > 1 ? `${baseId}-tab-${channel}` : undefined} className="min-w-0">
              {/* One viewer at a time, keyed by channel: switching tabs closes one stream and opens the other. */}
              {channel === "serial" && serial ? (
                <SerialConsole key="serial" openSession={() => openSession("serial")} />
              ) : (
                <VncConsole key="rfb" label={label} openSession={() => openSession("rfb")} />
              )}
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}
