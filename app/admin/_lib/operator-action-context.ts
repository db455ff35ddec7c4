import { headers } from "next/headers";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { requireOperatorContext } from "@/lib/auth/session";
import type { Db } from "@/lib/db/client";

/** A console action's operator context with the request's client address, which the audit log keeps. */
export async function operatorActionContext(): Promise<OperatorContext<Db>> {
  const ctx = await requireOperatorContext();
  return { ...ctx, actor: { ...ctx.actor, ip: clientIpFromTrustedHeader(await headers()) } };
}
