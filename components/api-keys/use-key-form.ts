"use client";

import { useRef, useState, useTransition } from "react";
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "@/lib/auth/schemas";

/**
 * The submit plumbing of a create-key form: checks the fields in the browser first, then runs the
 * server action in a transition; field errors from either side are shown and the first offending
 * field gets focus. `clear(field)` drops a field's error once it is edited.
 */
export function useKeyForm<Input extends object, Output extends { [K in keyof Input]: unknown }, State extends { error?: string; fieldErrors?: FieldErrors<Input> }>({
  schema,
  values,
  action,
}: {
  schema: z.ZodType<Output, Input>;
  /** The schema's input, read from the submitted form. */
  values: (data: FormData) => Input;
  action: (data: FormData) => Promise<State>;
}) {
  const [errors, setErrors] = useState<FieldErrors<Input>>({});
  const [result, setResult] = useState<Partial<State>>({});
  const [pending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);

  function focusFirstError(found: FieldErrors<Input>) {
    const first = Object.keys(found)[0];
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]:not(:disabled)`)?.focus();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = schema.safeParse(values(data));
    if (!parsed.success) {
      const found: FieldErrors<Input> = fieldErrorsOf(parsed.error);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    startTransition(async () => {
      const answer = await action(data);
      setResult(answer);
      if (answer.fieldErrors) {
        setErrors(answer.fieldErrors);
        focusFirstError(answer.fieldErrors);
      }
    });
  }

  const clear = (field: keyof Input & string) => () => errors[field] && setErrors((e) => ({ ...e, [field]: undefined }));

  return { formRef, submit, errors, result, pending, clear };
}
