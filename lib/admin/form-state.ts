import { DomainError } from "@/lib/errors/domain-error";

/** What a console form action answers: a sentence, errors per field and the values to show again. */
export type FormState = {
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  saved?: string;
};

/** The submitted fields as text (checkboxes present only when checked), for the domain function. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (key.startsWith("$ACTION")) continue;
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

/**
 * Runs a console mutation: a DomainError becomes the form's error (by field when it names them)
 * with the submitted values kept; anything else (including Next's redirect) propagates.
 */
export async function runFormAction(formData: FormData, fn: (values: Record<string, string>) => Promise<string | void>): Promise<FormState> {
  const values = formValues(formData);
  try {
    const saved = await fn(values);
    return { saved: saved ?? "Saved." };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const fieldErrors = Object.fromEntries((error.details ?? []).map((d) => [d.field, d.message]));
    const named = Object.keys(fieldErrors).length > 0;
    const count = Object.keys(fieldErrors).length;
    const error_ = named ? (count === 1 ? "Fix the highlighted field and save again." : `Fix the ${count} highlighted fields and save again.`) : error.message;
    return { error: error_, fieldErrors, values };
  }
}
