"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ShownOnce } from "@/components/ui/shown-once";

/** A freshly minted key, shown once: "Done" is the only way on (back to `doneHref`, the key list). */
export function OneTimeSecret({ label, secret, children, doneHref }: { label: string; secret: string; children?: React.ReactNode; doneHref: string }) {
  const router = useRouter();
  return (
    <ShownOnce
      title={`Key “${label}” created`}
      warning={
        <>
          Copy it now and store it somewhere safe, such as your secrets manager. <strong className="font-semibold">You won&apos;t see it again:</strong>{" "}
          Rackfront keeps only a hash of it.
        </>
      }
      value={secret}
      testId="new-api-key"
      copyLabel="Copy key"
      footer={<Button onClick={() => router.push(doneHref)}>I have copied the key</Button>}
    >
      {children}
    </ShownOnce>
  );
}
