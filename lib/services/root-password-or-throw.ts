import { DomainError } from "@/lib/errors/domain-error";
import { rootPasswordProblem } from "./root-password";

export const ROOT_PASSWORD_RULE = "The root password must be 8 to 128 characters long";

/** The domain's check of the root password rule (lib/services/root-password.ts), with the field named. */
export function assertRootPassword(password: string | null | undefined, options: { optional: boolean }): void;
export function assertRootPassword(password: string | null | undefined): asserts password is string;
export function assertRootPassword(password: string | null | undefined, options: { optional?: boolean } = {}): void {
  const problem = rootPasswordProblem(password, options);
  if (problem) throw new DomainError("invalid", ROOT_PASSWORD_RULE, { details: [{ field: "password", message: problem }] });
}
