"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { SelectField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import { toastResult } from "@/components/services/perform";
import type { ActionResult } from "@/lib/actions/action-result";
import type { GameVariableView } from "@/lib/game/game-document";

/** The template's settings the customer may change; saved values apply on the next start. */
export function GameVariablesCard({
  variables,
  canManage,
  save,
}: {
  variables: GameVariableView[];
  canManage: boolean;
  save: (vars: Record<string, string>) => Promise<ActionResult<{ vars: Record<string, string> }>>;
}) {
  const editable = variables.filter((v) => v.userEditable);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(editable.map((v) => [v.key, v.value])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  if (editable.length === 0) return null;
  const changed = Object.fromEntries(editable.filter((v) => values[v.key] !== v.value).map((v) => [v.key, values[v.key]!]));

  return (
    <Card data-testid="game-variables">
      <CardHeader title="Startup settings" description="Changes apply the next time the server starts." />
      <CardBody>
        <form
          className="space-y-4"
          onSubmit={async (event) => {
            event.preventDefault();
            setPending(true);
            const result = await save(changed);
            setPending(false);
            const fields = Object.keys(result.ok ? {} : (result.fieldErrors ?? {}));
            toastResult(result, fields);
            setErrors(result.ok ? {} : Object.fromEntries(Object.entries(result.fieldErrors ?? {}).map(([k, m]) => [k.replace(/^vars\./, ""), m])));
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {editable.map((v) => {
              const common = { label: v.name, hint: v.description, error: errors[v.key], disabled: !canManage, name: v.key };
              const onChange = (value: string) => setValues((old) => ({ ...old, [v.key]: value }));
              if (v.rule.kind === "enum" || v.rule.kind === "bool") {
                const options = v.rule.kind === "enum" ? v.rule.values : ["true", "false"];
                return (
                  <SelectField key={v.key} {...common} value={values[v.key]} onChange={(e) => onChange(e.target.value)}>
                    {options.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </SelectField>
                );
              }
              return (
                <Field
                  key={v.key}
                  {...common}
                  value={values[v.key]}
                  onChange={(e) => onChange(e.target.value)}
                  {...(v.rule.kind === "int" ? { type: "number", min: v.rule.min, max: v.rule.max, inputMode: "numeric" as const } : { maxLength: v.rule.maxLength })}
                />
              );
            })}
          </div>
          {canManage && (
            <div className="flex justify-end">
              <Button type="submit" pending={pending} disabled={Object.keys(changed).length === 0}>
                Save settings
              </Button>
            </div>
          )}
        </form>
      </CardBody>
    </Card>
  );
}
