"use client";

import { useEffect, useRef } from "react";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * A credential shown once (an API key, a console link): the server keeps only its hash. Focus moves
 * here so keyboard and screen-reader users land on it; the caller's `done` button (in `footer`) is
 * the way on and says the value is gone after.
 */
export function ShownOnce({
  title,
  warning,
  value,
  testId,
  copyLabel,
  children,
  footer,
}: {
  title: string;
  warning: React.ReactNode;
  value: string;
  testId: string;
  copyLabel: string;
  children?: React.ReactNode;
  footer: React.ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = `${testId}-title`;

  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: "nearest" });
  }, []);

  return (
    <div ref={ref} tabIndex={-1} className="space-y-4 focus:outline-none" aria-labelledby={titleId}>
      <div className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900" role="status">
        <p id={titleId} className="font-medium">
          {title}
        </p>
        <p className="mt-0.5">{warning}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <code
          data-testid={testId}
          className="block min-w-0 flex-1 rounded-md border border-neutral-300 bg-neutral-50 px-3 py-2.5 font-mono text-[13px] leading-relaxed break-all text-neutral-900 select-all"
        >
          {value}
        </code>
        <CopyButton text={value} label={copyLabel} size="md" className="sm:self-start" />
      </div>
      {children}
      <div className="flex justify-end">{footer}</div>
    </div>
  );
}
