import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { DomainError, type DomainErrorKind, type FieldIssue } from "@/lib/errors/domain-error";

// What every server action under app/ answers, and the one place that turns a thrown refusal into it
// (docs/architecture.md, "Server actions return ActionResult"). Client components import the types
// only; runAction runs on the server.

/** An action that did what it was asked: its data and, when there is one, the sentence to show. */
export type ActionSuccess<T = void> = { ok: true; data: T; message?: string };

/**
 * An action that refused. `error` is the sentence about the whole request; `fieldErrors` holds one
 * message per input the refusal is about, keyed by the input's name, for the form to show under
 * that input. `values` is what a form sent, for a form that shows it again after a refusal.
 */
export type ActionFailure = { ok: false; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

export type ActionResult<T = void> = ActionSuccess<T> | ActionFailure;

/** A useActionState form's state: null until the form is first submitted. */
export type FormActionState<T = void> = ActionResult<T> | null;

/** The answer to anything that is not a refusal (a bug, a database down): the details go to the log. */
export const SOMETHING_WENT_WRONG = "Something went wrong on our side. Try again in a moment.";

/** The sentence of a refusal whose real messages are under the fields. */
export const CHECK_THE_FIELDS = "Check the highlighted fields.";

export function succeed<T>(data: T, message?: string): ActionSuccess<T> {
  return message === undefined ? { ok: true, data } : { ok: true, data, message };
}

export function refuse(error: string, fieldErrors?: Record<string, string>, values?: Record<string, string>): ActionFailure {
  const failure: ActionFailure = { ok: false, error };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) failure.fieldErrors = fieldErrors;
  if (values) failure.values = values;
  return failure;
}

export type RunActionOptions = {
  /** What the console.error line of an unexpected failure starts with, e.g. "[panel] VPS action failed". */
  log?: string;
  /** A sentence to answer instead of the DomainError's own message, per kind (e.g. not_found). */
  messages?: Partial<Record<DomainErrorKind, string>>;
  /** End the DomainError's messages (written for the API, without one) with a full stop. */
  fullStop?: boolean;
  /** Sent back with a refusal (ActionFailure.values). */
  values?: Record<string, string>;
};

const withFullStop = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** A DomainError as a refusal: its message (or the kind's sentence from `options`), its details per field. */
export function refusalOf(error: DomainError, options: RunActionOptions = {}): ActionFailure {
  const stop = options.fullStop ? withFullStop : (text: string) => text;
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.details ?? []) fieldErrors[issue.field] ??= stop(issue.message);
  return refuse(options.messages?.[error.kind] ?? stop(error.message), fieldErrors, options.values);
}

/**
 * Runs a server action's body and answers an ActionResult. The body returns the success sentence
 * (or nothing), or `{ data, message? }`; it refuses by throwing a DomainError, whose message becomes
 * `error` and whose `details` become `fieldErrors`. Anything else is logged and answered with
 * SOMETHING_WENT_WRONG. Next's own control flow (redirect, notFound, dynamic rendering) is rethrown,
 * so an action may redirect from inside its body.
 */
export async function runAction(fn: () => Promise<string | void>, options?: RunActionOptions): Promise<ActionResult>;
export async function runAction<T>(fn: () => Promise<{ data: T; message?: string }>, options?: RunActionOptions): Promise<ActionResult<T>>;
export async function runAction<T>(fn: () => Promise<string | void | { data: T; message?: string }>, options: RunActionOptions = {}): Promise<ActionResult<T | undefined>> {
  try {
    const out = await fn();
    if (out === undefined) return succeed(undefined);
    if (typeof out === "string") return succeed(undefined, out);
    return succeed(out.data, out.message);
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof DomainError) return refusalOf(error, options);
    console.error(options.log ?? "[action] failed", error);
    return refuse(SOMETHING_WENT_WRONG, undefined, options.values);
  }
}

/**
 * The schema's output, or a DomainError("invalid") with the first message per input (the first
 * segment of the issue's path; "form" for the object itself), for a body run by runAction.
 */
export function parseActionInput<S extends z.ZodType>(schema: S, input: unknown, sentence: string = CHECK_THE_FIELDS): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details: FieldIssue[] = [];
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (!details.some((d) => d.field === field)) details.push({ field, message: issue.message });
  }
  throw new DomainError("invalid", sentence, { details });
}
