"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/input";
import type { ActionResult } from "@/lib/actions/action-result";
import type { NetworkSection } from "@/lib/services/document/service-network";

type Address = NetworkSection["ipAddresses"][number];
/** Saves one address's name; a refusal of the name (`hostname`) shows under that address's input. */
type Save = (ipAddressId: string, hostname: string, shownFields: readonly string[]) => Promise<ActionResult<unknown>>;
const SHOWN = ["hostname"] as const;

/** Reverse DNS per address of a dedicated server; an empty name clears the record. */
export function RdnsCard({ addresses, disabled, onSave }: { addresses: readonly Address[]; disabled: boolean; onSave: Save }) {
  return (
    <Card>
      <CardHeader title="Reverse DNS" description="The host name an address resolves back to (PTR record). Leave it empty to clear it." />
      <CardBody>
        {addresses.length === 0 ? (
          <p className="text-sm text-neutral-500">The server has no addresses yet.</p>
        ) : (
          <ul className="space-y-3">
            {addresses.map((a) => (
              <RdnsRow key={a.id} address={a} disabled={disabled} onSave={onSave} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

// Keyed by address only: a background refetch must not reset what is being typed.
function RdnsRow({ address, disabled, onSave }: { address: Address; disabled: boolean; onSave: Save }) {
  const [value, setValue] = useState(address.reverse_dns ?? "");
  const [error, setError] = useState<string | undefined>();
  return (
    <li>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={async (e) => {
          e.preventDefault();
          const result = await onSave(address.id, value, SHOWN);
          setError(result.ok ? undefined : result.fieldErrors?.hostname);
        }}
      >
        <Field
          label={address.ip_address}
          name={`rdns-${address.id}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="server.example.com"
          error={error}
          className="min-w-64 flex-1"
        />
        <Button type="submit" variant="secondary" disabled={disabled}>
          Save
        </Button>
      </form>
    </li>
  );
}
