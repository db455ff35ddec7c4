"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * A freshly minted key, shown once: the page keeps only its hash. Focus moves here so keyboard
 * and screen-reader users land on it; "Done" is the only way on (back to `doneHref`, the key list),
 * and says the key is gone after.
 */
export function OneTimeSecret({ label, secret, children, doneHref }: { label: string; secret: string; children?: React.ReactNode; doneHref: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const router = useRouter();

  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: "nearest" });
  }, []);

  return (
    <div ref={ref} tabIndex={-1} className="space-y-4 focus:outline-none" aria-labelledby="one-time-secret-title">
      <div className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900" role="status">
        <p id="one-time-secret-title" className="font-medium">
          Key “{label}” created
        </p>
        <p className="mt-0.5">
          Copy it now and store it somewhere safe, such as your secrets manager. <strong className="font-semibold">You won&apos;t see it again:</strong>{" "}
          Rackfront keeps only a hash of it.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <code
          data-testid="new-api-key"
          className="block min-w-0 flex-1 rounded-md border border-neutral-300 bg-neutral-50 px-3 py-2.5 font-mono text-[13px] leading-relaxed break-all text-neutral-900 select-all"
        >
          {secret}
        </code>
        <CopyButton text={secret} label="Copy key" size="md" className="sm:self-start" />
      </div>
      {children}
      <div className="flex justify-end">
        <Button onClick={() => router.push(doneHref)}>I have copied the key</Button>
      </div>
    </div>
  );
}
