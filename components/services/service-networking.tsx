"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/input";
import type { ActionResult } from "@/lib/actions/action-result";
import type { IpAddressView } from "@/lib/backends/types";
import type { ServiceNetworking as NetworkingData } from "@/lib/services/network/service-networking";

/** Saves one address's PTR name ("" clears it); the panel passes its server action (setReverseDnsAction). */
export type SaveReverseDns = (serviceId: string, ipAddressId: string, hostname: string) => Promise<ActionResult<IpAddressView>>;

/**
 * A service's addresses (version, prefix, gateway, subnet) with the reverse DNS name of each, editable
 * where the service and the member allow it. Data from getServiceNetworkingAction.
 */
export function ServiceNetworking({ initial, save }: { initial: NetworkingData; save: SaveReverseDns }) {
  const { addresses, reverseDns } = initial;
  return (
    <Card data-testid="service-networking">
      <CardHeader
        title="Networking"
        description={
          addresses.some((a) => a.version === 6)
            ? "The addresses of this server. An IPv6 address comes with its whole /64 routed to the server; the server's own address is the prefix's ::1."
            : "The addresses of this server, with the name each one answers to in reverse DNS."
        }
      />
      <CardBody>
        {addresses.length === 0 ? (
          <p className="text-sm text-neutral-500">The server has no addresses yet.</p>
        ) : (
          <>
            {!reverseDns.editable && reverseDns.reason && <p className="mb-3 text-sm text-neutral-500">Reverse DNS cannot be changed: {reverseDns.reason}</p>}
            <ul className="divide-y divide-neutral-100">
              {addresses.map((a) => (
                <AddressRow key={a.id} serviceId={initial.serviceId} address={a} editable={reverseDns.editable} save={save} />
              ))}
            </ul>
          </>
        )}
      </CardBody>
    </Card>
  );
}

// Keyed by address: a new rendering of the page must not reset a name being typed.
function AddressRow({ serviceId, address, editable, save }: { serviceId: string; address: IpAddressView; editable: boolean; save: SaveReverseDns }) {
  const [saved, setSaved] = useState(address.reverseDns);
  const [value, setValue] = useState(address.reverseDns ?? "");
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const shown = address.version === 6 ? `${address.address}/${address.prefixLength}` : address.address;
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm break-all text-neutral-900">{shown}</span>
        <Badge tone={address.version === 6 ? "blue" : "neutral"}>IPv{address.version}</Badge>
        {address.purpose === "primary" && <Badge tone="green">Primary</Badge>}
      </div>
      <dl className="mt-1 grid grid-cols-1 gap-x-6 gap-y-1 text-xs text-neutral-600 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="inline font-medium text-neutral-500">Subnet </dt>
          <dd className="inline font-mono break-all">{address.subnetCidr}</dd>
        </div>
        <div className="min-w-0">
          <dt className="inline font-medium text-neutral-500">Gateway </dt>
          <dd className="inline font-mono break-all">{address.gateway ?? "—"}</dd>
        </div>
        {!editable && (
          <div className="min-w-0 sm:col-span-2">
            <dt className="inline font-medium text-neutral-500">Reverse DNS </dt>
            <dd className="inline font-mono break-all">{saved ?? "—"}</dd>
          </div>
        )}
      </dl>
      {editable && (
        <form
          className="mt-2 flex flex-wrap items-start gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            setPending(true);
            setNotice(null);
            const result = await save(serviceId, address.id, value);
            setPending(false);
            if (result.ok) {
              setError(undefined);
              setSaved(result.data.reverseDns);
              setValue(result.data.reverseDns ?? "");
              setNotice(result.message ?? "Saved");
            } else {
              // Every refusal of this row is about its one input, so it is shown under it.
              setError(result.fieldErrors?.hostname ? `${result.fieldErrors.hostname}.` : result.error);
            }
          }}
        >
          <Field
            label={`Reverse DNS of ${address.address}`}
            name="hostname"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder="server.example.com"
            autoComplete="off"
            spellCheck={false}
            error={error}
            hint="Leave it empty to clear the record."
            className="min-w-0 flex-1 basis-56"
          />
          <Button type="submit" variant="secondary" pending={pending} disabled={pending || value.trim() === (saved ?? "")} className="mt-[26px]">
            Save
          </Button>
        </form>
      )}
      <p role="status" className="mt-1 text-xs text-emerald-700">
        {notice}
      </p>
    </li>
  );
}
