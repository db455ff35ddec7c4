export interface ParsedApiKey {
  lookupId: string;
  secret: string;
}

const CUSTOMER_KEY = /^rfk_([0-9a-f]{8})_([0-9a-f]{96})$/;
const RESELLER_KEY = /^rsk_([A-Za-z0-9]{8})_([A-Za-z0-9]{64})$/;

/** `rfk_<8 lowercase hex>_<96 lowercase hex>` (docs/decisions.md#d34); anything else is null. */
export function parseCustomerApiKey(token: string): ParsedApiKey | null {
  const m = CUSTOMER_KEY.exec(token);
  return m ? { lookupId: m[1]!, secret: m[2]! } : null;
}

/** `rsk_<8 [A-Za-z0-9]>_<64 [A-Za-z0-9]>` (docs/decisions.md#d17); anything else is null. */
export function parseResellerApiKey(token: string): ParsedApiKey | null {
  const m = RESELLER_KEY.exec(token);
  return m ? { lookupId: m[1]!, secret: m[2]! } : null;
}
