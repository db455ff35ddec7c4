import { DomainError } from "@/lib/errors/domain-error";
import type { Product } from "@/lib/generated/prisma/client";
import { rootPasswordProblem } from "./root-password";
import { backendOf, type ServiceBackend } from "./service-controls";

export const ROOT_PASSWORD_RULE = "The root password must be 8 to 128 characters long";

/** The domain's check of the root password rule (lib/services/root-password.ts), with the field named. */
export function assertRootPassword(password: string | null | undefined, options: { optional: boolean }): void;
export function assertRootPassword(password: string | null | undefined): asserts password is string;
export function assertRootPassword(password: string | null | undefined, options: { optional?: boolean } = {}): void {
  const problem = rootPasswordProblem(password, options);
  if (problem) throw new DomainError("invalid", ROOT_PASSWORD_RULE, { details: [{ field: "password", message: problem }] });
}

/**
 * A new root password as an operation's caller gives it: the password (or none), or a rule that
 * picks it from the service's backend. The operation applies the rule right after its tenant check,
 * before any other refusal: the reseller API validates a native VPS's password with its own
 * validation envelope and ignores a dedicated server's (docs/decisions.md#d20).
 */
export type RootPasswordInput = string | null | undefined | ((backend: ServiceBackend) => string | null);

/** The password a `RootPasswordInput` gives for this service. */
export function rootPasswordFor(input: RootPasswordInput, service: { product: Pick<Product, "kind"> }): string | null | undefined {
  return typeof input === "function" ? input(backendOf(service.product)) : input;
}
