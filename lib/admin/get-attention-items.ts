import type { Prisma } from "@/lib/generated/prisma/client";
import type { NodeKind } from "@/lib/generated/prisma/enums";
import type { OperatorContext } from "./operator-context";

/** A node counts as near capacity when any resource it sells is this full (allocated / capacity). */
export const NEAR_CAPACITY_RATIO = 0.85;
/** A webhook delivery waiting longer than this past its attempt time means its sender is behind. */
export const WEBHOOK_LAG_MS = 5 * 60_000;
/** How many of each kind the dashboard names; the count is always the whole. */
export const ATTENTION_SAMPLE = 5;

export type AttentionService = { id: string; name: string; accountId: string; accountName: string; failureCode: string | null; since: Date };
export type AttentionUpgrade = { id: string; serviceId: string; serviceName: string; accountId: string; accountName: string; kind: "package" | "options"; since: Date };
export type AttentionInvoice = { id: string; number: string; accountId: string; accountName: string; total: Prisma.Decimal; paidAmount: Prisma.Decimal; currency: string; dueDate: Date };
export type AttentionNode = { id: string; name: string; kind: NodeKind; resource: "vCPU" | "memory" | "disk" | "ports"; used: number; capacity: number; ratio: number };
export type AttentionWebhooks = { resellerId: string; resellerName: string; failed: number; behind: number };
export type AttentionEmails = { failed: number; behind: number };
export type AttentionApplication = { id: string; accountName: string; since: Date };
export type AttentionSignUp = { id: string; accountName: string; ownerEmail: string; since: Date };

export type AttentionItems = {
  provisioningFailed: { count: number; items: AttentionService[] };
  upgradesAwaitingApproval: { count: number; items: AttentionUpgrade[] };
  resellerApplications: { count: number; items: AttentionApplication[] };
  signUpsAwaitingApproval: { count: number; items: AttentionSignUp[] };
  overdueInvoices: { count: number; items: AttentionInvoice[] };
  nodesNearCapacity: AttentionNode[];
  webhookBacklogs: AttentionWebhooks[];
  emails: AttentionEmails;
  /** Everything above added up: zero means nothing needs the operator. */
  total: number;
};

type NodeRow = {
  id: string;
  name: string;
  kind: NodeKind;
  capacityVcpus: number;
  capacityMemoryMb: number;
  capacityDiskGb: number;
  allocatedVcpus: number;
  allocatedMemoryMb: number;
  allocatedDiskGb: number;
  portRangeStart: number | null;
  portRangeEnd: number | null;
};

/**
 * The fullest resource of a node when it is at least NEAR_CAPACITY_RATIO full, else null. A resource
 * the node does not sell (capacity 0, a dedicated controller's vCPUs) never counts.
 */
export function nodePressure(node: NodeRow, portsUsed: number): AttentionNode | null {
  const ports = node.portRangeStart !== null && node.portRangeEnd !== null ? node.portRangeEnd - node.portRangeStart + 1 : 0;
  const resources = [
    { resource: "vCPU" as const, used: node.allocatedVcpus, capacity: node.capacityVcpus },
    { resource: "memory" as const, used: node.allocatedMemoryMb, capacity: node.capacityMemoryMb },
    { resource: "disk" as const, used: node.allocatedDiskGb, capacity: node.capacityDiskGb },
    { resource: "ports" as const, used: portsUsed, capacity: node.kind === "game" ? ports : 0 },
  ]
    .filter((r) => r.capacity > 0)
    .map((r) => ({ ...r, ratio: r.used / r.capacity }))
    .sort((a, b) => b.ratio - a.ratio);
  const worst = resources[0];
  if (!worst || worst.ratio < NEAR_CAPACITY_RATIO) return null;
  return { id: node.id, name: node.name, kind: node.kind, ...worst };
}

/**
 * What needs an operator today: builds that failed, plan changes, sign-ups and reseller applications waiting for approval, invoices past
 * their due date, nodes nearly full, resellers whose webhooks fail or lag, and emails that could not
 * be sent. Each list names the oldest first (the one waiting longest) and carries the full count.
 */
export async function getAttentionItems({ db, now }: OperatorContext): Promise<AttentionItems> {
  const laggingSince = new Date(now.getTime() - WEBHOOK_LAG_MS);
  const [signUpCount, signUps, applicationCount, applications, failedCount, failed, upgradeCount, upgrades, overdueCount, overdue, nodes, portCounts, webhookGroups, emailFailed, emailBehind] = await Promise.all([
    db.clientAccount.count({ where: { status: "pending" } }),
    db.clientAccount.findMany({
      where: { status: "pending" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: ATTENTION_SAMPLE,
      select: { id: true, name: true, createdAt: true, owner: { select: { email: true } } },
    }),
    db.resellerProfile.count({ where: { status: "pending" } }),
    db.resellerProfile.findMany({
      where: { status: "pending" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: ATTENTION_SAMPLE,
      select: { id: true, createdAt: true, account: { select: { name: true } } },
    }),
    db.service.count({ where: { status: "provisioning_failed" } }),
    db.service.findMany({
      where: { status: "provisioning_failed" },
      orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
      take: ATTENTION_SAMPLE,
      select: { id: true, name: true, hostname: true, failureCode: true, updatedAt: true, account: { select: { id: true, name: true } } },
    }),
    db.serviceUpgrade.count({ where: { status: "awaiting_admin" } }),
    db.serviceUpgrade.findMany({
      where: { status: "awaiting_admin" },
      orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
      take: ATTENTION_SAMPLE,
      select: { id: true, kind: true, updatedAt: true, service: { select: { id: true, name: true, hostname: true, account: { select: { id: true, name: true } } } } },
    }),
    db.invoice.count({ where: { status: "unpaid", dueDate: { lt: now } } }),
    db.invoice.findMany({
      where: { status: "unpaid", dueDate: { lt: now } },
      orderBy: [{ dueDate: "asc" }, { number: "asc" }],
      take: ATTENTION_SAMPLE,
      select: { id: true, number: true, total: true, paidAmount: true, currency: true, dueDate: true, account: { select: { id: true, name: true } } },
    }),
    db.node.findMany({
      where: { enabled: true },
      orderBy: { name: "asc" },
      select: {
        id: true,
        name: true,
        kind: true,
        capacityVcpus: true,
        capacityMemoryMb: true,
        capacityDiskGb: true,
        allocatedVcpus: true,
        allocatedMemoryMb: true,
        allocatedDiskGb: true,
        portRangeStart: true,
        portRangeEnd: true,
      },
    }),
    db.gamePort.groupBy({ by: ["nodeId"], _count: { _all: true } }),
    db.webhookDelivery.groupBy({
      by: ["resellerId", "status"],
      where: { OR: [{ status: "failed" }, { status: "pending", nextAttemptAt: { lt: laggingSince } }] },
      _count: { _all: true },
    }),
    db.emailMessage.count({ where: { status: "failed" } }),
    db.emailMessage.count({ where: { status: { in: ["pending", "sending"] }, nextAttemptAt: { lt: laggingSince } } }),
  ]);

  const portsByNode = new Map(portCounts.map((p) => [p.nodeId, p._count._all]));
  const nodesNearCapacity = nodes
    .map((n) => nodePressure(n, portsByNode.get(n.id) ?? 0))
    .filter((n): n is AttentionNode => n !== null)
    .sort((a, b) => b.ratio - a.ratio);

  const byReseller = new Map<string, { failed: number; behind: number }>();
  for (const g of webhookGroups) {
    const entry = byReseller.get(g.resellerId) ?? { failed: 0, behind: 0 };
    if (g.status === "failed") entry.failed += g._count._all;
    else entry.behind += g._count._all;
    byReseller.set(g.resellerId, entry);
  }
  const resellers = byReseller.size
    ? await db.resellerProfile.findMany({ where: { id: { in: [...byReseller.keys()] } }, select: { id: true, account: { select: { name: true } } } })
    : [];
  const webhookBacklogs = resellers
    .map((r) => ({ resellerId: r.id, resellerName: r.account.name, ...byReseller.get(r.id)! }))
    .sort((a, b) => b.failed + b.behind - (a.failed + a.behind) || a.resellerName.localeCompare(b.resellerName));

  const emails = { failed: emailFailed, behind: emailBehind };
  return {
    provisioningFailed: {
      count: failedCount,
      items: failed.map((s) => ({ id: s.id, name: s.hostname ?? s.name, accountId: s.account.id, accountName: s.account.name, failureCode: s.failureCode, since: s.updatedAt })),
    },
    upgradesAwaitingApproval: {
      count: upgradeCount,
      items: upgrades.map((u) => ({
        id: u.id,
        serviceId: u.service.id,
        serviceName: u.service.hostname ?? u.service.name,
        accountId: u.service.account.id,
        accountName: u.service.account.name,
        kind: u.kind,
        since: u.updatedAt,
      })),
    },
    signUpsAwaitingApproval: { count: signUpCount, items: signUps.map((a) => ({ id: a.id, accountName: a.name, ownerEmail: a.owner.email, since: a.createdAt })) },
    resellerApplications: { count: applicationCount, items: applications.map((p) => ({ id: p.id, accountName: p.account.name, since: p.createdAt })) },
    overdueInvoices: {
      count: overdueCount,
      items: overdue.map((i) => ({ id: i.id, number: i.number, accountId: i.account.id, accountName: i.account.name, total: i.total, paidAmount: i.paidAmount, currency: i.currency, dueDate: i.dueDate })),
    },
    nodesNearCapacity,
    webhookBacklogs,
    emails,
    total: signUpCount + applicationCount + failedCount + upgradeCount + overdueCount + nodesNearCapacity.length + webhookBacklogs.length + (emails.failed + emails.behind > 0 ? 1 : 0),
  };
}
