"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { KeyForm } from "@/components/api-keys/key-form";
import { OneTimeSecret } from "@/components/api-keys/one-time-secret";
import { ScopeCheckboxes } from "@/components/api-keys/scope-checkboxes";
import { useKeyForm } from "@/components/api-keys/use-key-form";
import { SelectField, TextareaField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import { ZCreateCustomerApiKeySchema, type TCreateCustomerApiKeyInput } from "@/lib/api-keys/key-form-schemas";
import type { ScopeAvailability } from "@/lib/api-keys/member-scope-availability";
import { CUSTOMER_SCOPE_LABELS } from "@/lib/api-keys/scope-descriptions";
import { createCustomerApiKeyAction } from "./actions";

type Project = { id: string; name: string; slug: string; isDefault: boolean };

function formValues(data: FormData): TCreateCustomerApiKeyInput {
  const text = (name: string) => String(data.get(name) ?? "");

  return { label: text("label"), scopes: data.getAll("scopes").map(String) as TCreateCustomerApiKeyInput["scopes"], expiresOn: text("expiresOn"), ipAllowlist: text("ipAllowlist"), projectId: text("projectId") };
}

export function CreateCustomerKeyForm({ scopes, projects, today }: { scopes: ScopeAvailability[]; projects: Project[]; today: string }) {
  const [selected, setSelected] = useState<string[]>(["read"]);
  const { formRef, submit, errors, error, created, pending, clear } = useKeyForm({
    schema: ZCreateCustomerApiKeySchema,
    values: formValues,
    action: createCustomerApiKeyAction,
  });
  const router = useRouter();

  if (created) {
    return (
      <OneTimeSecret label={created.label} secret={created.plaintext} onDone={() => router.push("/api-keys")}>
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
        <Field
          label="Label"
          name="label"
          autoFocus
          maxLength={100}
          placeholder="e.g. Deploy pipeline"
          hint="Where the key is used, so you recognise it in the list later."
          error={errors.label}
          onChange={clear("label")}
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

      <ScopeCheckboxes
        name="scopes"
        legend="Scopes"
        hint="What the key may do. Scopes can't be added later: create a new key instead."
        options={scopes.map((s) => ({
          value: s.scope,
          ...CUSTOMER_SCOPE_LABELS[s.scope],
          alwaysOn: s.scope === "read" && s.allowed,
          disabledReason: s.reason,
        }))}
        selected={selected}
        onChange={(next) => {
          setSelected(next);
          clear("scopes")();
        }}
        error={errors.scopes}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Expires on (optional)"
          name="expiresOn"
          type="date"
          min={today}
          hint="The key stops working at the end of that day (UTC). Leave empty for a key that does not expire."
          error={errors.expiresOn}
          onChange={clear("expiresOn")}
        />
        <TextareaField
          label="IP allowlist (optional)"
          name="ipAllowlist"
          rows={3}
          spellCheck={false}
          placeholder={"203.0.113.7\n2001:db8::/32"}
          className="[&_textarea]:font-mono"
          hint="One IP address or CIDR block per line. Requests from elsewhere are refused. Leave empty to allow any address."
          error={errors.ipAllowlist}
          onChange={clear("ipAllowlist")}
        />
      </div>
    </KeyForm>
  );
}
