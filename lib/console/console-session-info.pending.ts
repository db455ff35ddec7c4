// PLACEHOLDER until h/viewers merges: a copy of lib/console/console-session-info.ts. Delete this
// file on merge and drop ".pending" from the imports that name it.
import type { ActionResult } from "@/lib/actions/action-result";

export type ConsoleSessionInfo = {
  kind: "vps" | "dedicated";
  sessionId: string;
  token: string;
  wsPath: string;
  origin: string;
  viewerKind: "novnc" | "kvm" | "html5";
  rfbPassword: string | null;
  expiresAt: string;
};

export type OpenConsoleSession = () => Promise<ActionResult<ConsoleSessionInfo>>;
