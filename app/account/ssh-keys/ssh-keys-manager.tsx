"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextareaField } from "@/components/ui/form-field";
import { KeyIcon } from "@/components/ui/icons";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { addSshKeyAction, deleteSshKeyAction } from "./actions";
import { ScrollBox } from "@/components/ui/scroll-box";
import { formatDate } from "@/lib/format/format-date";

type KeyRow = { id: string; name: string; type: string; fingerprint: string; project: string; createdAt: string };
type ProjectOption = { id: string; name: string; isDefault: boolean };

/** The add form's inputs, whose refusals show under them. */
const ADD_FIELDS = ["publicKey", "name", "projectId"] as const;

const th = "px-4 py-2 text-left text-xs font-medium whitespace-nowrap text-neutral-500";
const td = "px-4 py-3 align-top text-sm text-neutral-700";

/** The account's SSH keys: add (validated and fingerprinted on the server), delete after confirming. */
export function SshKeysManager({ keys, projects, canManage }: { keys: KeyRow[]; projects: ProjectOption[]; canManage: boolean }) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [name, setName] = useState("");
  const [publicKey, setPublicKey] = useState("");
  const [projectId, setProjectId] = useState(projects.find((p) => p.isDefault)?.id ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<KeyRow | null>(null);
  const [removing, setRemoving] = useState(false);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Saved keys" description="Deleting a key does not remove it from servers that already have it." />
        {keys.length === 0 ? (
          <EmptyState icon={<KeyIcon className="size-5" />} title="No SSH keys yet">
            {canManage
              ? "Add the public key of your computer below (on Linux and macOS it is usually ~/.ssh/id_ed25519.pub); new servers will accept it."
              : "Ask someone who can manage services on this account to add one."}
          </EmptyState>
        ) : (
          <ScrollBox label="SSH keys">
            <table className="w-full" aria-label="SSH keys">
              <thead className="border-b border-neutral-200 bg-neutral-50">
                <tr>
                  <th className={th}>Name</th>
                  <th className={th}>Fingerprint</th>
                  <th className={th}>Project</th>
                  <th className={th}>Added</th>
                  {canManage && <th className={th}><span className="sr-only">Actions</span></th>}
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {keys.map((k) => (
                  <tr key={k.id} data-testid="ssh-key-row">
                    <td className={td}>
                      <span className="font-medium text-neutral-900">{k.name}</span>
                      <span className="block text-xs text-neutral-500">{k.type}</span>
                    </td>
                    <td className={`${td} font-mono text-xs break-all`}>{k.fingerprint}</td>
                    <td className={td}>{k.project}</td>
                    <td className={`${td} whitespace-nowrap`}>{formatDate(k.createdAt)}</td>
                    {canManage && (
                      <td className={`${td} text-right`}>
                        <Button variant="danger" size="sm" aria-label={`Delete ${k.name}`} onClick={() => setDeleting(k)}>
                          Delete…
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </Card>

      {canManage && (
        <Card>
          <CardHeader title="Add a key" description="Paste one OpenSSH public key: ssh-ed25519, ssh-rsa (2048 bits or more) or ecdsa. Never paste a private key." />
          <CardBody>
            <form
              className="max-w-2xl space-y-4"
              onSubmit={async (e) => {
                e.preventDefault();
                setSaving(true);
                try {
                  const result = await addSshKeyAction({ name: name.trim(), publicKey, projectId });
                  if (result.ok) {
                    if (result.message) toast(result.message);
                    setName("");
                    setPublicKey("");
                    setErrors({});
                    startTransition(() => router.refresh());
                  } else {
                    setErrors(result.fieldErrors ?? {});
                    const sentence = refusalSentence(result, ADD_FIELDS);
                    if (sentence) toast(sentence, "error");
                  }
                } finally {
                  setSaving(false);
                }
              }}
            >
              <TextareaField
                label="Public key"
                name="publicKey"
                required
                spellCheck={false}
                className="font-mono"
                placeholder="ssh-ed25519 AAAAC3Nza… you@laptop"
                value={publicKey}
                onChange={(e) => setPublicKey(e.target.value)}
                error={errors.publicKey}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Name (optional)" name="name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} hint="Defaults to the key's comment." />
                <SelectField label="Project" name="projectId" value={projectId} onChange={(e) => setProjectId(e.target.value)} error={errors.projectId}>
                  {projects.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </SelectField>
              </div>
              <Button type="submit" pending={saving}>
                Add key
              </Button>
            </form>
          </CardBody>
        </Card>
      )}

      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title={`Delete ${deleting?.name ?? ""}?`} description="Servers built from now on will not get this key. Servers that already have it keep it until you remove it there.">
        <DialogActions>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            pending={removing}
            onClick={async () => {
              setRemoving(true);
              try {
                const result = await deleteSshKeyAction(deleting!.id);
                if (!result.ok) toast(result.error, "error");
                else if (result.message) toast(result.message);
                setDeleting(null);
                if (result.ok) startTransition(() => router.refresh());
              } finally {
                setRemoving(false);
              }
            }}
          >
            Delete key
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
