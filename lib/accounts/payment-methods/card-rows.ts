import { formatDate } from "@/lib/format/format-date";
import { cardGatewayByName } from "@/lib/payments/card-gateways";
import type { PaymentMethodSummary } from "./list-payment-methods";

/** A saved card as the portals list it: label, expiry "12/2030", last use, whether it is a test card. */
export function cardRows(methods: PaymentMethodSummary[]) {
  return methods.map((m) => ({
    id: m.id,
    label: m.label,
    isDefault: m.isDefault,
    expires: m.expMonth && m.expYear ? `${String(m.expMonth).padStart(2, "0")}/${m.expYear}` : null,
    lastUsed: m.lastUsedAt ? formatDate(m.lastUsedAt) : null,
    testMode: cardGatewayByName(m.gateway)?.testMode ?? false,
  }));
}
