import { formatMoney } from "@/lib/format/format-money";
import type { Prisma } from "@/lib/generated/prisma/client";

function field(details: Prisma.JsonValue, name: string): string | null {
  if (!details || typeof details !== "object" || Array.isArray(details)) return null;
  const value = (details as Prisma.JsonObject)[name];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : null;
}

/**
 * One sentence for an audit row's details, as the console's activity card shows it. Reads the
 * details each writer in lib/admin/customers/, lib/admin/services/ and lib/admin/invoices/ stores; a row it does not know shows nothing extra.
 */
export function describeAuditEntry(entry: { action: string; details: Prisma.JsonValue }): string {
  const d = entry.details;
  const reason = field(d, "reason");
  switch (entry.action) {
    case "customer.credit_adjusted": {
      const amount = field(d, "amount");
      const currency = field(d, "currency");
      const after = field(d, "balanceAfter");
      if (!amount || !currency) return reason ?? "";
      const verb = field(d, "direction") === "remove" ? "Removed" : "Added";
      const balance = after ? ` (balance ${formatMoney(after, currency)})` : "";
      return `${verb} ${formatMoney(amount, currency)}${balance}: ${reason ?? ""}`;
    }
    case "customer.account_suspended":
    case "customer.account_unsuspended":
    case "customer.account_approved":
    case "customer.account_declined":
      return reason ? `Reason: ${reason}` : "No reason given";
    case "customer.two_factor_reset": {
      const email = field(d, "email");
      return `${email ? `For ${email}. ` : ""}Authenticator and recovery codes removed, sessions ended.`;
    }
    case "customer.impersonation_started": {
      const email = field(d, "email");
      return `As ${email ?? "the owner"}${reason ? `: ${reason}` : ""}.`;
    }
    case "customer.impersonation_ended": {
      const email = field(d, "email");
      const minutes = field(d, "minutes");
      return `As ${email ?? "the owner"}${minutes !== null ? `, after ${minutes} min` : ""}.`;
    }
    case "customer.password_reset_sent": {
      const email = field(d, "email");
      return `A reset link was emailed${email ? ` to ${email}` : ""}.`;
    }
    case "service.suspended":
    case "service.unsuspended":
    case "service.terminated":
    case "service.provisioning_retried": {
      const service = field(d, "service");
      const on = service ? `${service}. ` : "";
      if (entry.action === "service.suspended") return `${on}${reason ? `Reason: ${reason}` : "No reason given"}`;
      if (entry.action === "service.provisioning_retried") {
        const code = field(d, "failureCode");
        return `${on}Setup asked for again${code ? ` after it failed (${code})` : ""}.`;
      }
      return `${on}${reason ? `Note: ${reason}` : "No note"}`;
    }
    case "service.node_move_requested": {
      const service = field(d, "service");
      const from = field(d, "fromNode");
      const to = field(d, "toNode");
      return `${service ? `${service}: ` : ""}machine asked to move${from ? ` from ${from}` : ""}${to ? ` to ${to}` : ""}. The move's outcome is in the service's jobs.`;
    }
    case "invoice.marked_paid": {
      const number = field(d, "number") ?? "The document";
      const amount = field(d, "amount");
      const currency = field(d, "currency");
      const paid = amount && currency ? ` ${formatMoney(amount, currency)}` : "";
      const invoice = field(d, "invoiceNumber");
      const issued = invoice && invoice !== number ? ` Invoice ${invoice} issued.` : "";
      return `${number} paid by bank transfer${paid}, reference ${field(d, "reference") ?? "none"}.${issued}`;
    }
    case "invoice.voided": {
      const number = field(d, "number") ?? "The document";
      const order = field(d, "orderNumber");
      const cancelled = order ? ` Order ${order} cancelled with it.` : "";
      return `${number} voided${reason ? `: ${reason}` : ""}.${cancelled}`;
    }
    case "order.cancelled": {
      const number = field(d, "number") ?? "The order";
      const amount = field(d, "refunded");
      const currency = field(d, "currency");
      const byHand = field(d, "byHand");
      const refunded = amount && currency && amount !== "0.00" ? `, ${formatMoney(amount, currency)} back to credit` : "";
      return `${number} cancelled${refunded}${reason ? `: ${reason}` : ""}.${byHand ? ` Refund by hand: ${byHand}.` : ""}`;
    }
    case "order.provisioning_retried": {
      const number = field(d, "number") ?? "The order";
      const services = field(d, "services");
      return `${number}: setup asked for again${services ? ` (${services})` : ""}.`;
    }
    case "invoice.refunded": {
      const number = field(d, "number") ?? "The invoice";
      const amount = field(d, "amount");
      const currency = field(d, "currency");
      const after = field(d, "balanceAfter");
      const refunded = amount && currency ? ` ${formatMoney(amount, currency)}` : "";
      const balance = after && currency ? ` (balance ${formatMoney(after, currency)})` : "";
      return `${number}:${refunded} back to credit${balance}${reason ? `: ${reason}` : ""}.`;
    }
    default:
      return reason ?? "";
  }
}
