"use client";

import { useState } from "react";
import { KeyForm } from "@/components/api-keys/key-form";
import { KeyExpiryField, keyFormValues, KeyIpAllowlistField, KeyLabelField, KeyScopesField } from "@/components/api-keys/key-form-fields";
import { OneTimeSecret } from "@/components/api-keys/one-time-secret";
import { useKeyForm } from "@/components/api-keys/use-key-form";
import { SelectField } from "@/components/ui/form-field";
import { ZCreateCustomerApiKeySchema, type TCreateCustomerApiKeyInput } from "@/lib/api-keys/key-form-schemas";
import type { ScopeAvailability } from "@/lib/api-keys/member-scope-availability";
import { CUSTOMER_SCOPE_LABELS } from "@/lib/api-keys/scope-descriptions";
import { createCustomerApiKeyAction } from "./actions";

type Project = { id: string; name: string; slug: string; isDefault: boolean };

const formValues = (data: FormData) => keyFormValues<TCreateCustomerApiKeyInput>(data, ["label", "expiresOn", "ipAllowlist", "projectId"]);

export function CreateCustomerKeyForm({ scopes, projects, today }: { scopes: ScopeAvailability[]; projects: Project[]; today: string }) {
  const [selected, setSelected] = useState<string[]>(["read"]);
  const { formRef, submit, errors, error, created, pending, clear } = useKeyForm({
    schema: ZCreateCustomerApiKeySchema,
    values: formValues,
    action: createCustomerApiKeyAction,
  });

  if (created) {
    return (
      <OneTimeSecret label={created.label} secret={created.plaintext} doneHref="/api-keys">
        <p className="text-sm text-neutral-600">
          Send it as <code className="font-mono text-xs text-neutral-800">Authorization: Bearer &lt;key&gt;</code> to{" "}
          <code className="font-mono text-xs text-neutral-800">/v1</code>. Try <code className="font-mono text-xs text-neutral-800">GET /v1/</code>: it
          answers with the key&apos;s label and scopes.
        </p>
      </OneTimeSecret>
    );
  }

  return (
    <KeyForm label="Create an API key" formRef={formRef} onSubmit={submit} error={error} pending={pending} cancelHref="/api-keys">
      <div className="grid gap-4 sm:grid-cols-2">
        <KeyLabelField
          placeholder="e.g. Deploy pipeline"
          hint="Where the key is used, so you recognise it in the list later."
          error={errors.label}
          onEdit={clear("label")}
        />
        <SelectField
          label="Project"
          name="projectId"
          defaultValue=""
          hint="A key bound to a project only ever sees that project, for its whole life."
          error={errors.projectId}
          onChange={clear("projectId")}
        >
          <option value="">Every project (narrow per request with X-Project-Id)</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name === p.slug ? p.name : `${p.name} (${p.slug})`}
            </option>
          ))}
        </SelectField>
      </div>

      <KeyScopesField
        hint="What the key may do. Scopes can't be added later: create a new key instead."
        options={scopes.map((s) => ({
          value: s.scope,
          ...CUSTOMER_SCOPE_LABELS[s.scope],
          alwaysOn: s.scope === "read" && s.allowed,
          disabledReason: s.reason,
        }))}
        selected={selected}
        onSelect={setSelected}
        error={errors.scopes}
        onEdit={clear("scopes")}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <KeyExpiryField
          today={today}
          hint="The key stops working at the end of that day (UTC). Leave empty for a key that does not expire."
          error={errors.expiresOn}
          onEdit={clear("expiresOn")}
        />
        <KeyIpAllowlistField error={errors.ipAllowlist} onEdit={clear("ipAllowlist")} />
      </div>
    </KeyForm>
  );
}
