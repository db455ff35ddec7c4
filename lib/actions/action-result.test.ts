import { notFound, redirect } from "next/navigation";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";
import { CHECK_THE_FIELDS, parseActionInput, runAction, SOMETHING_WENT_WRONG } from "./action-result";
import { fieldError, refusalSentence } from "./refusal-sentence";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("runAction", () => {
  it("answers the body's sentence, or its data and sentence", async () => {
    expect(await runAction(async () => "Project created")).toEqual({ ok: true, data: undefined, message: "Project created" });
    expect(await runAction(async () => {})).toEqual({ ok: true, data: undefined });
    expect(await runAction(async () => ({ data: { id: "p1" }, message: "Saved" }))).toEqual({ ok: true, data: { id: "p1" }, message: "Saved" });
    expect(await runAction(async () => ({ data: 3 }))).toEqual({ ok: true, data: 3 });
  });

  it("a DomainError with details: its message, and one message per field", async () => {
    const result = await runAction(async () => {
      throw new DomainError("conflict", 'An SSH key named "laptop" already exists in this project', {
        details: [
          { field: "name", message: "Names are unique per project" },
          { field: "name", message: "a second message for the same field is dropped" },
          { field: "projectId", message: "No project of this account has that id or slug" },
        ],
      });
    });
    expect(result).toEqual({
      ok: false,
      error: 'An SSH key named "laptop" already exists in this project',
      fieldErrors: { name: "Names are unique per project", projectId: "No project of this account has that id or slug" },
    });
  });

  it("a plain DomainError: its message, no fieldErrors; per-kind sentences, full stops and values on request", async () => {
    const refusal = () => Promise.reject(new DomainError("not_found", "Customer not found"));
    expect(await runAction(refusal)).toEqual({ ok: false, error: "Customer not found" });
    expect(await runAction(refusal, { messages: { not_found: "This customer record no longer exists." } })).toEqual({ ok: false, error: "This customer record no longer exists." });
    expect(await runAction(refusal, { fullStop: true, values: { name: "x" } })).toEqual({ ok: false, error: "Customer not found.", values: { name: "x" } });
  });

  it("anything else: logged with console.error and answered with the generic sentence", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const boom = new Error("connection refused");
    const result = await runAction(async () => {
      throw boom;
    }, { log: "[test] action failed" });
    expect(result).toEqual({ ok: false, error: SOMETHING_WENT_WRONG });
    expect(SOMETHING_WENT_WRONG).toBe("Something went wrong on our side. Try again in a moment.");
    expect(log).toHaveBeenCalledWith("[test] action failed", boom);
  });

  it("rethrows Next's redirect and notFound, so an action can redirect from its body", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(runAction(async () => redirect("/services?ordered=1"))).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
    await expect(runAction(async () => notFound())).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_HTTP_ERROR_FALLBACK;404") });
    expect(log).not.toHaveBeenCalled();
  });
});

describe("parseActionInput", () => {
  const schema = z.object({ name: z.string().min(1, "Enter a name"), slug: z.string().regex(/^[a-z-]*$/, "Lowercase letters and hyphens") });

  it("passes valid input through and refuses invalid input field by field", async () => {
    expect(parseActionInput(schema, { name: "Web", slug: "web" })).toEqual({ name: "Web", slug: "web" });
    const result = await runAction(async () => void parseActionInput(schema, { name: "", slug: "A B" }));
    expect(result).toEqual({ ok: false, error: CHECK_THE_FIELDS, fieldErrors: { name: "Enter a name", slug: "Lowercase letters and hyphens" } });
  });
});

describe("refusalSentence", () => {
  it("is silent when the form shows every field error and the sentence adds nothing", () => {
    expect(refusalSentence({ ok: true, data: undefined, message: "Saved" })).toBeUndefined();
    expect(refusalSentence(null)).toBeUndefined();
    expect(refusalSentence({ ok: false, error: CHECK_THE_FIELDS, fieldErrors: { name: "Enter a name" } }, ["name"])).toBeUndefined();
    expect(refusalSentence({ ok: false, error: "At most 100", fieldErrors: { quantity: "At most 100" } }, ["quantity"])).toBeUndefined();
  });

  it("keeps the sentence when it says more, or when a field error has no input on this form", () => {
    const duplicate = { ok: false as const, error: 'An SSH key named "laptop" already exists', fieldErrors: { name: "Names are unique per project" } };
    expect(refusalSentence(duplicate, ["name"])).toBe(duplicate.error);
    expect(refusalSentence({ ok: false, error: CHECK_THE_FIELDS, fieldErrors: { hostname: "Not a valid host name" } }, ["name"])).toBe(CHECK_THE_FIELDS);
    expect(refusalSentence({ ok: false, error: "Upgrade not found" }, ["name"])).toBe("Upgrade not found");
    expect(fieldError(duplicate, "name")).toBe("Names are unique per project");
    expect(fieldError(duplicate, "publicKey")).toBeUndefined();
  });
});
