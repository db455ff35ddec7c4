import type { AccountStatus } from "@/lib/generated/prisma/enums";
import type { DbOrTx } from "@/lib/db/client";

export type Area = "customer" | "reseller" | "admin";

export type CustomerMembership = {
  accountId: string;
  accountName: string;
  role: "owner" | "member";
  /** TeamMember permissions; owners hold every permission. */
  permissions: string[] | "all";
  /** A suspended account is read-only (lib/accounts/account-permissions.ts, isAccountWritable). */
  accountStatus: AccountStatus;
};

export type ResellerMembership = { accountId: string; accountName: string; profileId: string };

export type Areas = {
  isOperator: boolean;
  /** The client account the customer panel shows (owned first, then team memberships). */
  customer: CustomerMembership | null;
  /** A client account of the user whose reseller profile is active. */
  reseller: ResellerMembership | null;
};

/** Which parts of the portal a user may enter, read fresh from the database. */
export async function resolveAreas({ userId }: { userId: string }, options: { db: DbOrTx }): Promise<Areas> {
  const { db } = options;
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      isOperator: true,
      ownedAccounts: {
        where: { status: { not: "closed" } },
        orderBy: { createdAt: "asc" },
        select: { id: true, name: true, status: true, resellerProfile: { select: { id: true, status: true } } },
      },
      memberships: {
        where: { account: { status: { not: "closed" } } },
        orderBy: { createdAt: "asc" },
        select: {
          permissions: true,
          account: { select: { id: true, name: true, status: true, resellerProfile: { select: { id: true, status: true } } } },
        },
      },
    },
  });
  if (!user) return { isOperator: false, customer: null, reseller: null };

  const accounts = [
    ...user.ownedAccounts.map((a) => ({ ...a, role: "owner" as const, permissions: "all" as const })),
    ...user.memberships.map((m) => ({ ...m.account, role: "member" as const, permissions: m.permissions })),
  ];
  const first = accounts[0];
  const resellerAccount = accounts.find((a) => a.resellerProfile?.status === "active");

  return {
    isOperator: user.isOperator,
    customer: first ? { accountId: first.id, accountName: first.name, role: first.role, permissions: first.permissions, accountStatus: first.status } : null,
    reseller: resellerAccount
      ? { accountId: resellerAccount.id, accountName: resellerAccount.name, profileId: resellerAccount.resellerProfile!.id }
      : null,
  };
}

export const AREA_HOME: Record<Area, string> = { customer: "/", reseller: "/reseller", admin: "/admin" };

/** Operator → console, active reseller → reseller portal, everyone else → customer panel. */
export function homeAreaOf(areas: Areas): Area {
  if (areas.isOperator) return "admin";
  if (areas.reseller) return "reseller";

  return "customer";
}

export function canEnter(areas: Areas, area: Area): boolean {
  if (area === "admin") return areas.isOperator;
  if (area === "reseller") return areas.reseller !== null;
  // A user with no account and no other area still lands on the panel, which explains why it is empty.
  return areas.customer !== null || homeAreaOf(areas) === "customer";
}

/** The areas to offer in the area switcher, home first. */
export function enterableAreas(areas: Areas): Area[] {
  const home = homeAreaOf(areas);
  const order: Area[] = [home, ...(["admin", "reseller", "customer"] as const).filter((a) => a !== home)];

  return order.filter((a) => canEnter(areas, a));
}

/** The area a portal path belongs to; null for pages every signed-in user may open. */
export function areaOfPath(pathname: string): Area | null {
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return "admin";
  if (pathname === "/reseller" || pathname.startsWith("/reseller/")) return "reseller";
  if (pathname === "/account" || pathname.startsWith("/account/")) return null;
  // A team invitation is for whoever it was sent to, whatever their areas (docs/accounts.md#teams).
  if (pathname === "/invitation") return null;

  return "customer";
}

/**
 * Where to go after signing in: the requested page when it is a same-site path the user may
 * open, otherwise the user's home. Absolute and protocol-relative URLs are never followed.
 */
export function postSignInPath(callbackUrl: string | null | undefined, areas: Areas): string {
  const home = AREA_HOME[homeAreaOf(areas)];
  if (!callbackUrl || !callbackUrl.startsWith("/") || callbackUrl.startsWith("//") || callbackUrl.includes("\\")) return home;
  let url: URL;
  try {
    url = new URL(callbackUrl, "http://rackfront.invalid");
  } catch {
    return home;
  }
  if (url.origin !== "http://rackfront.invalid") return home;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/") || url.pathname.startsWith("/api/")) return home;
  // "/" is only the default landing; prefer the user's own home for it.
  if (url.pathname === "/" && !url.search) return home;
  const area = areaOfPath(url.pathname);
  if (area && !canEnter(areas, area)) return home;

  return `${url.pathname}${url.search}`;
}
