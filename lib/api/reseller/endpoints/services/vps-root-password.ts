import { rootPasswordSchema } from "@/lib/services/root-password";
import { validationError } from "../../../api-error";
import { issuesToDetails } from "../../../request-input";


/**
 * A native VPS's new root password (the reseller API spec: 8+ on reinstall and password reset). Whether one
 * is needed depends on the service's backend (dedicated ignores it), so the endpoints hand the
 * operation a rule (`RootPasswordInput`) that checks it once the service is known, with the validation
 * envelope and before any other look-up (docs/decisions.md#d20).
 */
export function vpsRootPasswordOrThrow(password: unknown): string {
  const checked = rootPasswordSchema.safeParse(password);
  if (!checked.success) throw validationError(issuesToDetails(checked.error.issues, "password"));
  return checked.data;
}
