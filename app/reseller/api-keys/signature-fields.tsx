"use client";

import { useState } from "react";
import { SelectField } from "@/components/ui/form-field";
import { RESELLER_SIGNATURE_VERSION_LABELS, RESELLER_SIGNATURE_VERSIONS, type ResellerSignatureVersion } from "@/lib/api-keys/reseller-signature-settings";

const GUIDE_V2 = "/v1/reseller/guide#signature-v2";

/**
 * A key's signature settings (docs/decisions.md#r16): which versions it accepts, and whether its v1
 * signatures must carry a timestamp. Posts `signatureVersion` and `requireTimestamp` ("on" when ticked).
 */
export function SignatureFields({
  signatureVersion,
  requireTimestamp,
  error,
}: {
  signatureVersion: ResellerSignatureVersion;
  requireTimestamp: boolean;
  error?: string;
}) {
  const [version, setVersion] = useState<ResellerSignatureVersion>(signatureVersion);

  return (
    <fieldset className="space-y-3">
      <SelectField
        label="Request signatures"
        name="signatureVersion"
        value={version}
        onChange={(e) => setVersion(e.target.value as ResellerSignatureVersion)}
        error={error}
        hint={
          <>
            {RESELLER_SIGNATURE_VERSION_LABELS[version].description}{" "}
            <a href={GUIDE_V2} className="font-medium underline underline-offset-2">
              How to sign v2
            </a>
          </>
        }
      >
        {RESELLER_SIGNATURE_VERSIONS.map((v) => (
          <option key={v} value={v}>
            {RESELLER_SIGNATURE_VERSION_LABELS[v].label}
          </option>
        ))}
      </SelectField>
      <div className="flex items-start gap-2">
        <input
          id="requireTimestamp"
          type="checkbox"
          name="requireTimestamp"
          defaultChecked={requireTimestamp}
          className="mt-0.5 size-4 rounded border-neutral-300 accent-neutral-900"
          aria-describedby="requireTimestamp-hint"
        />
        <div>
          <label htmlFor="requireTimestamp" className="text-sm font-medium text-neutral-800">
            Require X-Reseller-Timestamp on v1 signatures
          </label>
          <p id="requireTimestamp-hint" className="text-xs text-neutral-500">
            {version === "v2"
              ? "Kept for when the key accepts v1 again; v2 signatures always carry a timestamp."
              : "A v1 signature without a timestamp is refused, so it can't be replayed later."}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
