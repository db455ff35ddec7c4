import { CHECK_THE_FIELDS, type ActionResult } from "./action-result";

/**
 * The refusal's sentence for a toast or an alert beside a form, or undefined when there is nothing
 * to add: every field error is shown under one of the form's inputs (`shownFields`) and the sentence
 * is CHECK_THE_FIELDS or repeats one of them. A field error the form does not show keeps the
 * sentence, so no refusal is ever lost.
 */
export function refusalSentence(result: ActionResult<unknown> | null | undefined, shownFields: readonly string[] = []): string | undefined {
  if (!result || result.ok) return undefined;
  const fields = Object.entries(result.fieldErrors ?? {});
  const allShown = fields.length > 0 && fields.every(([field]) => shownFields.includes(field));
  if (allShown && (result.error === CHECK_THE_FIELDS || fields.some(([, message]) => message === result.error))) return undefined;
  return result.error;
}

/** The refusal's message for one input, if any. */
export function fieldError(result: ActionResult<unknown> | null | undefined, field: string): string | undefined {
  return result && !result.ok ? result.fieldErrors?.[field] : undefined;
}
