"use client";

import { useRef, useState, useTransition } from "react";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { fieldErrorsOf, type FieldErrors } from "@/lib/auth/schemas";

/**
 * The submit plumbing of a create-key form: checks the fields in the browser first, then runs the
 * server action in a transition; field errors from either side are shown and the first offending
 * field gets focus. `clear(field)` drops a field's error once it is edited. `error` is the
 * refusal's sentence when the field errors do not already say it (refusalSentence), `created` what
 * the action answered on success.
 */
export function useKeyForm<Input extends object, Output extends { [K in keyof Input]: unknown }, Created>({
  schema,
  values,
  action,
}: {
  schema: z.ZodType<Output, Input>;
  /** The schema's input, read from the submitted form. */
  values: (data: FormData) => Input;
  action: (data: FormData) => Promise<ActionResult<Created>>;
}) {
  const [errors, setErrors] = useState<FieldErrors<Input>>({});
  const [result, setResult] = useState<{ answer: ActionResult<Created>; fields: string[] } | null>(null);
  const [pending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);

  function focusFirstError(found: FieldErrors<Input>) {
    const first = Object.keys(found)[0];
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]:not(:disabled)`)?.focus();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const input = values(data);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const found: FieldErrors<Input> = fieldErrorsOf(parsed.error);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    startTransition(async () => {
      const answer = await action(data);
      // The form shows an error under each of its inputs: the ones `values` reads.
      setResult({ answer, fields: Object.keys(input) });
      if (!answer.ok && answer.fieldErrors) {
        const found = answer.fieldErrors as FieldErrors<Input>;
        setErrors(found);
        focusFirstError(found);
      }
    });
  }

  const clear = (field: keyof Input & string) => () => errors[field] && setErrors((e) => ({ ...e, [field]: undefined }));
  const error = result ? refusalSentence(result.answer, result.fields) : undefined;
  const created = result?.answer.ok ? result.answer.data : undefined;

  return { formRef, submit, errors, error, created, pending, clear };
}
