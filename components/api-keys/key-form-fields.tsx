import { TextareaField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import { ScopeCheckboxes, type ScopeOption } from "./scope-checkboxes";

// The fields both create-key forms have (customer API and reseller API), inside <KeyForm>. Each
// takes the field's error and `onEdit`, which drops that error once the field is edited
// (useKeyForm's `clear(field)`).

type FieldState = { error?: string; onEdit: () => void };

/**
 * The submitted form as the key schemas read it: the ticked scopes and the named text fields.
 * `T` is the schema's input; its fields other than `scopes` are strings.
 */
export function keyFormValues<T extends { scopes: readonly string[] }>(data: FormData, fields: readonly Exclude<keyof T & string, "scopes">[]): T {
  const text = Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? "")]));

  return { ...text, scopes: data.getAll("scopes").map(String) } as unknown as T;
}

export function KeyLabelField({ placeholder, hint, error, onEdit }: FieldState & { placeholder: string; hint: string }) {
  return <Field label="Label" name="label" autoFocus maxLength={100} placeholder={placeholder} hint={hint} error={error} onChange={onEdit} />;
}

/** The scopes as checkboxes; `onSelect` gets the new selection (the form keeps it). */
export function KeyScopesField({
  hint,
  options,
  selected,
  onSelect,
  error,
  onEdit,
}: FieldState & { hint: string; options: ScopeOption[]; selected: readonly string[]; onSelect: (next: string[]) => void }) {
  return (
    <ScopeCheckboxes
      name="scopes"
      legend="Scopes"
      hint={hint}
      options={options}
      selected={selected}
      onChange={(next) => {
        onSelect(next);
        onEdit();
      }}
      error={error}
    />
  );
}

/** The optional last day of the key (UTC), today or later. */
export function KeyExpiryField({ today, hint, error, onEdit }: FieldState & { today: string; hint: string }) {
  return <Field label="Expires on (optional)" name="expiresOn" type="date" min={today} hint={hint} error={error} onChange={onEdit} />;
}

/** The addresses and CIDR blocks the key may be used from, one a line. */
export function KeyIpAllowlistField({ error, onEdit }: FieldState) {
  return (
    <TextareaField
      label="IP allowlist (optional)"
      name="ipAllowlist"
      rows={3}
      spellCheck={false}
      placeholder={"203.0.113.7\n2001:db8::/32"}
      className="[&_textarea]:font-mono"
      hint="One IP address or CIDR block per line. Requests from elsewhere are refused. Leave empty to allow any address."
      error={error}
      onChange={onEdit}
    />
  );
}
