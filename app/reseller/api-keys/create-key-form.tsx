"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { KeyForm } from "@/components/api-keys/key-form";
import { KeyExpiryField, keyFormValues, KeyLabelField, KeyScopesField } from "@/components/api-keys/key-form-fields";
import { OneTimeSecret } from "@/components/api-keys/one-time-secret";
import { useKeyForm } from "@/components/api-keys/use-key-form";
import { SelectField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import { makeCreateResellerApiKeySchema, type TCreateResellerApiKeyInput } from "@/lib/api-keys/key-form-schemas";
import { CUSTOMER_BOUND_FORBIDDEN_SCOPES, RESELLER_API_KEY_SCOPES, type ResellerApiKeyScope } from "@/lib/api-keys/reseller-api-key-scopes";
import { RESELLER_SCOPE_LABELS } from "@/lib/api-keys/scope-descriptions";
import { createResellerApiKeyAction } from "./actions";
import { SignatureFields } from "./signature-fields";

export type CustomerChoice = { id: string; externalCustomerId: string; name: string | null; email: string | null };

const formValues = (data: FormData) => keyFormValues<TCreateResellerApiKeyInput>(data, ["label", "expiresOn", "hourlyLimit", "customerId", "signatureVersion", "requireTimestamp"]);

export function CreateResellerKeyForm({
  hourlyCeiling,
  customers,
  moreCustomers,
  today,
}: {
  hourlyCeiling: number;
  customers: CustomerChoice[];
  moreCustomers: boolean;
  today: string;
}) {
  const schema = useMemo(() => makeCreateResellerApiKeySchema({ hourlyCeiling }), [hourlyCeiling]);
  const [selected, setSelected] = useState<string[]>(["read"]);
  const [customerId, setCustomerId] = useState("");
  const { formRef, submit, errors, error, created, pending, clear } = useKeyForm({ schema, values: formValues, action: createResellerApiKeyAction });

  if (created) {
    return (
      <OneTimeSecret label={created.label} secret={created.plaintext} doneHref="/reseller/api-keys">
        <p className="text-sm text-neutral-600">
          Scopes: <span className="font-mono text-xs text-neutral-800">{created.scopes.join(", ")}</span>. Requests that change something also need
          an <code className="font-mono text-xs text-neutral-800">X-Reseller-Signature</code> made with your{" "}
          <Link href="/reseller/signing-secret" className="font-medium underline underline-offset-2">
            signing secret
          </Link>
          .
        </p>
      </OneTimeSecret>
    );
  }

  const bound = customerId !== "";
  const ceiling = hourlyCeiling.toLocaleString("en-GB");

  return (
    <KeyForm label="Create a reseller API key" formRef={formRef} onSubmit={submit} error={error} pending={pending} cancelHref="/reseller/api-keys">
      <div className="grid gap-4 sm:grid-cols-2">
        <KeyLabelField placeholder="e.g. WHMCS module" hint="Where the key is used. You can rename it later." error={errors.label} onEdit={clear("label")} />
        <SelectField
          label="Bound to a customer (optional)"
          name="customerId"
          value={customerId}
          hint={
            <>
              A bound key sees and acts only on that customer&apos;s orders and services, and is revoked when the customer record is deleted.
              {moreCustomers && " Showing your 500 newest customers."}
            </>
          }
          error={errors.customerId}
          onChange={(e) => {
            setCustomerId(e.target.value);
            if (e.target.value) setSelected((s) => s.filter((x) => !CUSTOMER_BOUND_FORBIDDEN_SCOPES.includes(x as ResellerApiKeyScope)));
            clear("customerId")();
            clear("scopes")();
          }}
        >
          <option value="">Not bound: every customer</option>
          {customers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.externalCustomerId}
              {c.name ? ` · ${c.name}` : c.email ? ` · ${c.email}` : ""}
            </option>
          ))}
        </SelectField>
      </div>

      <KeyScopesField
        hint="Fixed for the key's life: to change them later, create a new key. A key with nothing ticked gets read alone."
        options={RESELLER_API_KEY_SCOPES.map((scope) => ({
          value: scope,
          ...RESELLER_SCOPE_LABELS[scope],
          disabledReason: bound && CUSTOMER_BOUND_FORBIDDEN_SCOPES.includes(scope) ? "Not available on a key bound to a customer." : null,
        }))}
        selected={selected}
        onSelect={setSelected}
        error={errors.scopes}
        onEdit={clear("scopes")}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Hourly request limit (optional)"
          name="hourlyLimit"
          inputMode="numeric"
          placeholder={`Below ${ceiling}`}
          hint={`Requests per hour for this key alone; lower than your account's ${ceiling}. Leave empty to share the account's limit.`}
          error={errors.hourlyLimit}
          onChange={clear("hourlyLimit")}
        />
        <KeyExpiryField
          today={today}
          hint="The key stops working at the end of that day (UTC). It keeps its slot until revoked."
          error={errors.expiresOn}
          onEdit={clear("expiresOn")}
        />
      </div>

      <SignatureFields signatureVersion="v1" requireTimestamp={false} error={errors.signatureVersion} />
    </KeyForm>
  );
}
