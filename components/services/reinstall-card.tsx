"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { SelectField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import { TypeToConfirmDialog } from "@/components/ui/type-to-confirm-dialog";
import type { ActionResult } from "@/lib/actions/action-result";
import { rootPasswordProblem } from "@/lib/services/root-password";

export type InstallableImage = { id: string; name: string; isDefault: boolean };

/** The inputs whose refusals these cards show under the input (the caller leaves them out of its toast). */
const PASSWORD_FIELDS = ["password"] as const;

/**
 * Reinstall with an image and a root password, after an "erase and reinstall" confirmation in which
 * the server's name is typed (the disks cannot be recovered): the VPS and dedicated pages of the
 * panel and the reseller portal's service page. A dedicated server's password is optional (its SSH
 * keys are installed); a VPS needs one.
 */
export function ReinstallCard({
  images,
  name,
  description,
  eraseWarning,
  passwordOptional = false,
  disabled,
  pending,
  onReinstall,
}: {
  images: InstallableImage[];
  /** What the confirmation asks to type: the service's hostname, or its name when it has none. */
  name: string;
  description: string;
  /** The confirmation's sentence: what is erased and for how long the server is offline. */
  eraseWarning: string;
  passwordOptional?: boolean;
  disabled: boolean;
  pending: boolean;
  /** Runs the reinstall with the name typed in the dialog, which the server checks again (the password field is cleared once it is accepted; a refusal of the password shows under it). */
  onReinstall: (imageId: string, password: string, shownFields: readonly string[], typed: string) => Promise<ActionResult<unknown>>;
}) {
  const [imageId, setImageId] = useState(images.find((i) => i.isDefault)?.id ?? images[0]?.id ?? "");
  const [password, setPassword] = useState("");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const imageName = images.find((i) => i.id === imageId)?.name ?? "";

  return (
    <Card>
      <CardHeader title="Reinstall" description={description} />
      <CardBody>
        {images.length === 0 ? (
          <p className="text-sm text-neutral-500">No image is offered for this server at the moment.</p>
        ) : (
          <form
            className="grid max-w-md gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              const problem = rootPasswordProblem(password, { optional: passwordOptional });
              if (problem) {
                setError(passwordOptional ? `${problem}, or leave it empty to log in with your SSH keys` : problem);
                return;
              }
              setError(undefined);
              setConfirmOpen(true);
            }}
          >
            <SelectField label="Operating system" name="image" value={imageId} onChange={(e) => setImageId(e.target.value)}>
              {images.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </SelectField>
            <Field
              label={passwordOptional ? "Root password (optional)" : "New root password"}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error}
              hint={passwordOptional ? "8 or more characters; leave empty to log in with SSH keys only." : "8 or more characters."}
            />
            <div>
              <Button type="submit" variant="danger" disabled={disabled} pending={pending}>
                Reinstall…
              </Button>
            </div>
          </form>
        )}
        <TypeToConfirmDialog
          open={confirmOpen}
          onClose={() => setConfirmOpen(false)}
          title={`Reinstall with ${imageName}?`}
          description={eraseWarning}
          name={name}
          confirmLabel="Erase and reinstall"
          onConfirm={async (typed) => {
            const result = await onReinstall(imageId, password, PASSWORD_FIELDS, typed);
            if (result.ok) setPassword("");
            else setError(result.fieldErrors?.password);
          }}
        />
      </CardBody>
    </Card>
  );
}

/** A new root password set through the guest agent (the server must be running). */
export function PasswordCard({
  disabled,
  notRunning,
  pending,
  onSubmit,
}: {
  disabled: boolean;
  notRunning: boolean;
  pending: boolean;
  /** Sets the password (the field is cleared once it is accepted; a refusal of the password shows under it). */
  onSubmit: (password: string, shownFields: readonly string[]) => Promise<ActionResult<unknown>>;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <Card>
      <CardHeader title="Root password" description="Sets a new password for root through the guest agent. The server must be running." />
      <CardBody>
        <form
          className="grid max-w-md gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            const problem = rootPasswordProblem(password);
            if (problem) {
              setError(problem);
              return;
            }
            setError(undefined);
            const result = await onSubmit(password, PASSWORD_FIELDS);
            if (result.ok) setPassword("");
            else setError(result.fieldErrors?.password);
          }}
        >
          <Field label="New root password" name="root-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} hint={notRunning ? "Start the server first." : "8 or more characters."} />
          <div>
            <Button type="submit" variant="secondary" disabled={disabled} pending={pending}>
              Set password
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
