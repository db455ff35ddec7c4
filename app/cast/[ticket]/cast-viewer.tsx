"use client";

import { useCallback, useState } from "react";
import { Countdown } from "@/components/console/countdown";
import { useNow } from "@/components/console/use-now";
import { VncConsole } from "@/components/console/vnc-console";
import { Logo } from "@/components/layout/logo";
import { SkipLink } from "@/components/layout/skip-link";
import { Badge } from "@/components/ui/badge";
import type { ActionResult } from "@/lib/actions/action-result";
import { WAITING_FOR_DISPLAY } from "@/lib/console/console-connection";
import type { ConsoleSessionInfo, OpenConsoleSession } from "@/lib/console/console-session-info";
import { reopenCast } from "./actions";
import type { CastView } from "./cast-view";

/**
 * The cast page in the browser: the label, a countdown to the end of the viewing window, and the
 * VNC viewer (view only when the cast is). While the machine has no display the viewer waits and
 * asks again every few seconds (each ask is a new open of the link, on the server). When the window
 * ends, or the link stops existing (revoked, expired), the viewer goes away.
 */
export function CastViewer({ ticket, initial, notFoundSentence }: { ticket: string; initial: CastView; notFoundSentence: string }) {
  const [view, setView] = useState(initial);
  const [gone, setGone] = useState(false);
  const now = useNow();
  const until = new Date(view.viewerExpiresAt);
  const ended = now !== null && now >= until.getTime();

  const openSession = useCallback<OpenConsoleSession>(async () => {
    const result = await reopenCast(ticket);
    if (!result.ok) return result;
    if (result.data === null) {
      setGone(true);
      return { ok: false, error: notFoundSentence };
    }
    setView(result.data);
    if (result.data.session === null) return { ok: false, error: WAITING_FOR_DISPLAY };

    return { ok: true, data: result.data.session } satisfies ActionResult<ConsoleSessionInfo>;
  }, [ticket, notFoundSentence]);

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-neutral-200 bg-white px-4 py-3">
        <Logo className="text-sm" />
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <h1 className="truncate text-base font-semibold tracking-tight">{view.label}</h1>
          {view.viewOnly && <Badge tone="blue">View only</Badge>}
        </div>
        {!gone && (
          <p className="text-sm text-neutral-600">
            {ended ? (
              "Viewing window ended"
            ) : (
              <>
                Viewing window ends in <Countdown until={until} now={now} className="font-mono font-medium text-neutral-900 tabular-nums" />
              </>
            )}
          </p>
        )}
      </header>
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-2 py-4 focus:outline-none sm:px-4">
        {gone ? (
          <Ended title={`${notFoundSentence}.`} text="Ask whoever sent it for a new link." />
        ) : ended ? (
          <Ended title="The viewing window has ended." text="This link no longer shows the console. Ask whoever sent it for a new link." />
        ) : (
          <VncConsole openSession={openSession} viewOnly={view.viewOnly} initialSession={initial.session} startWaiting={initial.session === null} />
        )}
      </main>
    </div>
  );
}

function Ended({ title, text }: { title: string; text: string }) {
  return (
    <div role="status" className="mx-auto mt-16 max-w-md text-center">
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      <p className="mt-2 text-sm text-neutral-500">{text}</p>
    </div>
  );
}
