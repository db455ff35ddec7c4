import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { assertRootPassword } from "./root-password-or-throw";
import { rootPasswordProblem, rootPasswordSchema } from "./root-password";

// One rule for the APIs' schemas, the domain and the forms: each must agree on every case.
const cases: { password: string | null; optional?: boolean; problem: string | null }[] = [
  { password: null, problem: "Required" },
  { password: "", problem: "Required" },
  { password: "", optional: true, problem: null },
  { password: null, optional: true, problem: null },
  { password: "1234567", problem: "password must be at least 8 characters" },
  { password: "1234567", optional: true, problem: "password must be at least 8 characters" },
  { password: "12345678", problem: null },
  { password: "x".repeat(128), problem: null },
  { password: "x".repeat(129), problem: "password must be at most 128 characters" },
];

describe("the root password rule", () => {
  it.each(cases)("$password (optional $optional) → $problem", ({ password, optional, problem }) => {
    expect(rootPasswordProblem(password, { optional })).toBe(problem);
    const thrown = (() => {
      try {
        if (optional) assertRootPassword(password, { optional });
        else assertRootPassword(password);
        return null;
      } catch (error) {
        return error as DomainError;
      }
    })();
    expect(thrown?.details?.[0]).toEqual(problem ? { field: "password", message: problem } : undefined);
    if (!optional && password) {
      const parsed = rootPasswordSchema.safeParse(password);
      expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(problem);
    }
  });
});
