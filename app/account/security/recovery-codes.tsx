"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** The recovery codes, shown once right after two-factor authentication is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Rackfront recovery codes (each works once)\n\n${codes.join("\n")}\n`;

  async function copy() {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: "rackfront-recovery-codes.txt" });
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-4">
      <Alert tone="success" title="Two-factor authentication is on">
        Save these recovery codes somewhere safe. If you lose your phone, each one lets you sign in once. They are shown only now.
      </Alert>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-md border border-neutral-200 bg-neutral-50 px-4 py-3 font-mono text-sm sm:grid-cols-2">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          Download .txt
        </Button>
        <Button size="sm" onClick={onDone} className="ml-auto">
          I have saved my codes
        </Button>
      </div>
    </div>
  );
}
