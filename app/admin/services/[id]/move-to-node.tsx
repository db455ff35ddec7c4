"use client";

import { useActionState, useRef, useState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { SelectField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";
import type { FormActionState } from "@/lib/actions/action-result";

type Units = { vcpus: number; memoryMb: number; diskGb: number };

export interface MoveTargetOption {
  id: string;
  name: string;
  free: Units;
}

const units = (u: Units) => `${u.vcpus} vCPU, ${Math.round((u.memoryMb / 1024) * 10) / 10} GB memory, ${u.diskGb} GB disk`;

/**
 * The node select and its button. The move is disruptive but destroys nothing (the machine keeps its
 * state and addresses), so a plain confirmation naming both nodes asks before it is sent, not a typed name.
 */
export function MoveToNodeForm({
  action,
  from,
  targets,
}: {
  action: (prev: FormActionState, formData: FormData) => Promise<FormActionState>;
  from: string;
  targets: MoveTargetOption[];
}) {
  const [state, formAction] = useActionState<FormActionState, FormData>(async (prev, formData) => {
    const result = await action(prev, formData);
    if (result?.ok && result.message) toast(result.message);
    return result;
  }, null);
  const form = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const [asking, setAsking] = useState<MoveTargetOption | null>(null);
  const [chosen, setChosen] = useState(targets[0]?.id ?? "");
  const target = targets.find((t) => t.id === chosen);
  const refusal = state && !state.ok ? state : null;
  // The refusal's own sentence under the select: the field's when it names it, else the whole request's.
  const error = refusal ? (refusal.fieldErrors?.targetNodeId ?? refusal.error) : undefined;

  return (
    <>
      <form
        ref={form}
        action={formAction}
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          if (!confirmed.current) {
            e.preventDefault();
            setAsking(target ?? null);
          }
          confirmed.current = false;
        }}
      >
        <SelectField
          label="Target node"
          name="targetNodeId"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          error={error}
          // The chosen node's room in words too: a phone's select cuts its option short.
          hint={`${target ? `${target.name} has ${units(target.free)} free. ` : ""}Listed: enabled nodes of the same driver in this location with room for the machine.`}
          className="max-w-2xl"
        >
          {targets.map((t) => (
            <option key={t.id} value={t.id}>
              {`${t.name} (free: ${units(t.free)})`}
            </option>
          ))}
        </SelectField>
        <div>
          <SubmitButton variant="secondary" pendingLabel="Starting the move…" disabled={!chosen}>
            Move…
          </SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        item={asking}
        onClose={() => setAsking(null)}
        title={(t) => `Move this machine to ${t.name}?`}
        description={(t) => (
          <>
            The disk is copied from {from} to {t.name} while the machine keeps running; it pauses for a moment at the switch-over. It keeps its addresses and its state.
            Other actions on the machine wait until the move ends; if it fails, the machine stays on {from}. The customer is not told.
          </>
        )}
        confirmLabel="Move machine"
        onConfirm={() => {
          confirmed.current = true;
          form.current?.requestSubmit();
        }}
      />
    </>
  );
}
