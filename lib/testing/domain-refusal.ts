import { DomainError } from "@/lib/errors/domain-error";

/** The DomainError a promise rejects with, for asserting its message and details; any other outcome fails the test. */
export async function domainRefusal(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
