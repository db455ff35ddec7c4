import { cache } from "react";
import { notFound, redirect } from "next/navigation";
import { auth } from "@/auth";
import { accessRefusal, mayAccess, type AccountAccess } from "@/lib/accounts/account-access";
import { assertActorWritable } from "@/lib/accounts/account-permissions";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { DomainError } from "@/lib/errors/domain-error";
import { type Db, getDb } from "@/lib/db/client";
import { assertNotImpersonating, describeImpersonation, type ViewerImpersonation } from "./impersonation/describe-impersonation";
import {
  AREA_HOME,
  canEnter,
  homeAreaOf,
  resolveAreas,
  type Area,
  type Areas,
  type CustomerMembership,
  type ResellerMembership,
} from "./resolve-areas";

export type Viewer = {
  user: { id: string; name: string; email: string };
  areas: Areas;
  home: Area;
  /** This browser's session id (the JWT's `sid`): the Security page marks it in the sessions list. */
  sessionId: string | null;
  /** Set while an operator looks at the portal as this user (docs/operator-console.md#signing-in-as-a-customer). */
  impersonation: ViewerImpersonation | null;
};

/** The signed-in user and the areas they may enter; once per request. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  const impersonationId = (session as { impersonationId?: string | null }).impersonationId ?? null;
  const [areas, impersonation] = await Promise.all([
    resolveAreas({ userId: id }, { db: getDb() }),
    impersonationId ? describeImpersonation(getDb(), impersonationId) : null,
  ]);

  return {
    user: { id, name: session.user?.name ?? "", email: session.user?.email ?? "" },
    areas,
    home: homeAreaOf(areas),
    sessionId: (session as { sessionId?: string | null }).sessionId ?? null,
    impersonation,
  };
});

/** For pages any signed-in user may open. */
export async function requireViewer(callbackPath: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`);

  return viewer;
}

/** For actions on the person's own sign-in (password, two-factor, sessions): refused in a customer view. */
export async function requireOwnSignIn(callbackPath: string): Promise<Viewer> {
  const viewer = await requireViewer(callbackPath);
  assertNotImpersonating(viewer);
  return viewer;
}

/**
 * Every page of an area calls its require function (layouts alone are not enough: they are
 * not re-rendered on client navigation). Wrong role: the console and the reseller portal
 * answer 404; the customer panel sends the user to their own home.
 */
async function requireArea(area: Area): Promise<Viewer> {
  const viewer = await requireViewer(AREA_HOME[area]);
  if (canEnter(viewer.areas, area)) return viewer;
  if (area === "customer") redirect(AREA_HOME[viewer.home]);
  notFound();
}

export async function requireCustomer(): Promise<Viewer & { customer: CustomerMembership | null }> {
  const viewer = await requireArea("customer");

  return { ...viewer, customer: viewer.areas.customer };
}

/**
 * The signed-in customer for a panel action, refused in the panel's words unless they may act: a
 * customer account (403), a writable one when `change` (a suspended account is read-only,
 * docs/decisions.md#r2), and `may`, an entry of the access table the customer API checks too
 * (403 with `refusal`, docs/decisions.md#r12).
 */
export async function requireCustomerFor(options: { change?: boolean; may?: AccountAccess; refusal?: string }) {
  const viewer = await requireCustomer();
  const customer = viewer.customer;
  if (!customer) throw new DomainError("forbidden", "Your sign-in is not linked to a customer account.");
  if (options.change) assertActorWritable(customer);
  if (options.may && !mayAccess(customer, options.may)) throw new DomainError("forbidden", options.refusal ?? accessRefusal(options.may));
  return { viewer, customer };
}

export async function requireReseller(): Promise<Viewer & { reseller: ResellerMembership }> {
  const viewer = await requireArea("reseller");

  return { ...viewer, reseller: viewer.areas.reseller! };
}

export async function requireOperator(): Promise<Viewer> {
  return requireArea("admin");
}

/** The admin console's context for operator functions (lib/admin/operator-context.ts): this operator, acting now. */
export async function requireOperatorContext(): Promise<OperatorContext<Db>> {
  const operator = await requireOperator();
  return { db: getDb(), now: new Date(), actor: { userId: operator.user.id } };
}
