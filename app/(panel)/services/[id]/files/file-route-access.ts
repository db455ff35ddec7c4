import { unstable_rethrow } from "next/navigation";
import { refusalOf, SOMETHING_WENT_WRONG, type ActionResult } from "@/lib/actions/action-result";
import { getDb } from "@/lib/db/client";
import { DOMAIN_ERROR_STATUS, DomainError } from "@/lib/errors/domain-error";
import type { ServiceContext } from "@/lib/services/service-context";
import { serviceContext } from "@/lib/services/service-context";
import { access } from "../../panel-access";

// The file manager's two route handlers (download streams, upload is bigger than a server action
// may be) check the signed-in member exactly as game-file-actions.ts does.

/** A reader's context: services.view. */
export async function fileReaderContext(): Promise<ServiceContext> {
  const a = await access();
  if (!a.canView) throw new DomainError("not_found", "Game server not found");
  return serviceContext({ db: getDb(), actor: { ...a.scope, kind: "game" } });
}

/** A writer's context: services.manage on a writable account. */
export async function fileWriterContext(): Promise<ServiceContext> {
  const a = await access({ change: true });
  if (!a.canManage) throw new DomainError("forbidden", "Changing files needs the services.manage permission on this account");
  return serviceContext({ db: getDb(), actor: { ...a.scope, kind: "game" } });
}

/** A thrown refusal as the JSON ActionResult the page reads, with the kind's status. */
export function refusalResponse(error: unknown): Response {
  unstable_rethrow(error);
  if (error instanceof DomainError) return Response.json(refusalOf(error, { fullStop: true }) satisfies ActionResult, { status: DOMAIN_ERROR_STATUS[error.kind] });
  console.error("[panel] game file route failed", error);
  return Response.json({ ok: false, error: SOMETHING_WENT_WRONG } satisfies ActionResult, { status: 500 });
}

/**
 * A cookie-authenticated POST must come from the panel's own pages (a server action gets this check
 * from Next.js): same Origin host as the request, and JSON, which a cross-site form cannot send.
 */
export function crossSiteRefusal(req: Request): Response | null {
  const origin = req.headers.get("origin");
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  let sameOrigin = false;
  try {
    sameOrigin = origin !== null && host !== null && new URL(origin).host === host;
  } catch {
    sameOrigin = false;
  }
  if (!sameOrigin) return Response.json({ ok: false, error: "Refused: the request did not come from the panel." } satisfies ActionResult, { status: 403 });
  if (!req.headers.get("content-type")?.startsWith("application/json")) return Response.json({ ok: false, error: "Send JSON." } satisfies ActionResult, { status: 415 });
  return null;
}
