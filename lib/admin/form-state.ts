import { runAction, type ActionResult } from "@/lib/actions/action-result";

// The operator console's forms answer ActionResult like every server action (FormActionState in
// their useActionState): a refusal keeps what was typed in `values` and names its fields.

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
 * Runs a console mutation through runAction: the success sentence is what `fn` answers ("Saved."
 * when nothing); a DomainError becomes the form's error, by field when it names them (the sentence
 * then points at the highlighted fields), with the submitted values kept; Next's redirect propagates.
 */
export async function runFormAction(formData: FormData, fn: (values: Record<string, string>) => Promise<string | void>): Promise<ActionResult> {
  const values = formValues(formData);
  const result = await runAction(async () => (await fn(values)) ?? "Saved.", { log: "[admin] console form action failed", values });
  if (result.ok || !result.fieldErrors) return result;
  const count = Object.keys(result.fieldErrors).length;
  return { ...result, error: count === 1 ? "Fix the highlighted field and save again." : `Fix the ${count} highlighted fields and save again.` };
}
