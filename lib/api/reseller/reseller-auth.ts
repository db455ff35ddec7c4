import type { ResellerApiKeyScope } from "@/lib/api-keys/reseller-api-key-scopes";
import type { SignaturePolicy } from "./signature";

/** Who a reseller API request acts as; built from the key on every request. */
export interface ResellerAuth {
  keyId: string;
  resellerId: string;
  /** The reseller's client account (balance, payment methods, services it holds). */
  accountId: string;
  /** Set when the key is bound to one customer record: it sees and acts only on that customer. */
  customerId: string | null;
  scopes: ResellerApiKeyScope[];
  /** ResellerApiKey.hourlyLimit: the key's own hourly limit (applies only when lower than the reseller's). */
  keyHourlyLimit: number | null;
  /** ResellerProfile.hourlyLimit: the reseller-wide ceiling when set, else the programme's. */
  resellerHourlyLimit: number | null;
  /** ResellerProgramme.accountHourlyLimit as read with the key (the ceiling when the profile sets none). */
  programmeHourlyLimit: number;
  /** The profile's signing secret, still sealed with the instance key (opened only to verify). */
  sealedSigningSecret: string;
  /** The signatures the key accepts (docs/decisions.md#r16). */
  signaturePolicy: SignaturePolicy;
}
