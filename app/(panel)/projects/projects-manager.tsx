"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { SelectField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import type { ProjectRecord } from "@/lib/projects/project-record";
import { createProjectAction, deleteProjectAction, moveServiceAction, updateProjectAction } from "./actions";

type ServiceOption = { id: string; label: string; projectId: string | null };
type FormState = { name: string; slug: string; description: string; colour: string };
const EMPTY: FormState = { name: "", slug: "", description: "", colour: "" };

/** The inputs of each form, whose refusals show under them rather than in a toast. */
const CREATE_FIELDS = ["name", "slug", "description"] as const;
const EDIT_FIELDS = ["name", "slug", "description", "colour"] as const;
const DELETE_FIELDS = ["reassignTo"] as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The account's projects: create, rename, delete (with where their services go) and move a service. */
export function ProjectsManager({ projects, services, canManage, canDelete }: { projects: ProjectRecord[]; services: ServiceOption[]; canManage: boolean; canDelete: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [create, setCreate] = useState<FormState>(EMPTY);
  const [createErrors, setCreateErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<ProjectRecord | null>(null);
  const [edit, setEdit] = useState<FormState>(EMPTY);
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<ProjectRecord | null>(null);
  const [reassignTo, setReassignTo] = useState("");
  const [deleteErrors, setDeleteErrors] = useState<Record<string, string>>({});
  const [moveService, setMoveService] = useState("");
  const [moveTarget, setMoveTarget] = useState("");

  /**
   * Runs an action, shows its outcome, refreshes the page's data; returns the result for field errors.
   * A refusal the form shows under its inputs (`shownFields`) is toasted only when its sentence says more.
   */
  const perform = async (key: string, fn: () => Promise<ActionResult>, shownFields: readonly string[] = []) => {
    setBusyKey(key);
    try {
      const result = await fn();
      if (result.ok) {
        if (result.message) toast(result.message);
        startTransition(() => router.refresh());
      } else {
        const sentence = refusalSentence(result, shownFields);
        if (sentence) toast(sentence, "error");
      }
      return result;
    } finally {
      setBusyKey(null);
    }
  };
  const fieldErrorOf = (result: ActionResult): Record<string, string> => (result.ok ? {} : (result.fieldErrors ?? {}));
  const nameOf = (id: string | null) => projects.find((p) => p.id === id)?.name ?? "default";
  const others = deleting ? projects.filter((p) => p.id !== deleting.id) : [];
  const deletingHolds = deleting ? deleting.service_count + deleting.ssh_key_count : 0;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Your projects" description="Every account has a default project; services and keys that were never assigned are in it." />
        <ul className="divide-y divide-neutral-100" aria-label="Projects">
          {projects.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3" data-testid="project-row">
              <div className="min-w-0">
                <p className="flex items-center gap-2 text-sm font-medium text-neutral-900">
                  {p.colour && <span aria-hidden className="inline-block size-3 rounded-full" style={{ backgroundColor: p.colour }} />}
                  <span className="min-w-0 break-words">{p.name}</span>
                  {p.is_default && <Badge>default</Badge>}
                </p>
                <p className="text-xs break-words text-neutral-500">
                  <code>{p.slug}</code> · {plural(p.service_count, "service", "services")} · {plural(p.ssh_key_count, "SSH key", "SSH keys")}
                  {p.description ? ` · ${p.description}` : ""}
                </p>
              </div>
              {(canManage || canDelete) && (
                <div className="flex gap-2">
                  {canManage && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Rename ${p.name}`}
                      onClick={() => {
                        setEditing(p);
                        setEdit({ name: p.name, slug: p.slug, description: p.description ?? "", colour: p.colour ?? "" });
                        setEditErrors({});
                      }}
                    >
                      Edit…
                    </Button>
                  )}
                  {canDelete && !p.is_default && (
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={`Delete ${p.name}`}
                      onClick={() => {
                        setDeleting(p);
                        setReassignTo(projects.find((o) => o.is_default)?.id ?? "");
                        setDeleteErrors({});
                      }}
                    >
                      Delete…
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      </Card>

      {canManage && (
        <Card>
          <CardHeader title="Create a project" description="For example production, staging or a client's name. The slug is what API requests name in X-Project-Id." />
          <CardBody>
            <form
              aria-label="Create a project"
              className="grid max-w-2xl gap-4 sm:grid-cols-2"
              onSubmit={async (e) => {
                e.preventDefault();
                const result = await perform("create", () => createProjectAction(create), CREATE_FIELDS);
                setCreateErrors(fieldErrorOf(result));
                if (result.ok) setCreate(EMPTY);
              }}
            >
              <Field label="Name" name="name" required maxLength={100} value={create.name} onChange={(e) => {
                  setCreate({ ...create, name: e.target.value });
                  setCreateErrors({});
                }} error={createErrors.name} />
              <Field
                label="Slug (optional)"
                name="slug"
                maxLength={63}
                value={create.slug}
                onChange={(e) => {
                  setCreate({ ...create, slug: e.target.value });
                  setCreateErrors({});
                }}
                error={createErrors.slug}
                hint="Lowercase letters, digits and hyphens; made from the name if left empty."
              />
              <Field label="Description (optional)" name="description" maxLength={500} value={create.description} onChange={(e) => {
                  setCreate({ ...create, description: e.target.value });
                  setCreateErrors({});
                }} error={createErrors.description} />
              <div className="flex items-end">
                <Button type="submit" pending={busyKey === "create"}>
                  Create project
                </Button>
              </div>
            </form>
          </CardBody>
        </Card>
      )}

      {canManage && (
        <Card>
          <CardHeader title="Move a service" description="A service belongs to one project. Moving it changes nothing on the server itself." />
          <CardBody>
            {services.length === 0 ? (
              <p className="text-sm text-neutral-500">No services to move yet. Services you order appear here.</p>
            ) : (
              <form
                aria-label="Move a service"
                className="grid max-w-2xl items-end gap-4 sm:grid-cols-[1fr_1fr_auto]"
                onSubmit={async (e) => {
                  e.preventDefault();
                  if (!moveService || !moveTarget) {
                    toast("Choose a service and the project it goes to", "error");
                    return;
                  }
                  await perform("move", () => moveServiceAction(moveService, moveTarget));
                }}
              >
                <SelectField label="Service" name="service" value={moveService} onChange={(e) => setMoveService(e.target.value)}>
                  <option value="">Choose a service</option>
                  {services.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.label} ({nameOf(s.projectId)})
                    </option>
                  ))}
                </SelectField>
                <SelectField label="Move to" name="target" value={moveTarget} onChange={(e) => setMoveTarget(e.target.value)}>
                  <option value="">Choose a project</option>
                  {projects.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </SelectField>
                <Button type="submit" variant="secondary" pending={busyKey === "move"}>
                  Move
                </Button>
              </form>
            )}
          </CardBody>
        </Card>
      )}

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Edit ${editing?.name ?? ""}`} description={editing?.is_default ? "The default project keeps its name and slug." : undefined}>
        <form
          className="space-y-4"
          onSubmit={async (e) => {
            e.preventDefault();
            const result = await perform("edit", () => updateProjectAction(editing!.id, edit), EDIT_FIELDS);
            setEditErrors(fieldErrorOf(result));
            if (result.ok) setEditing(null);
          }}
        >
          <Field label="Name" name="edit-name" required disabled={editing?.is_default} value={edit.name} onChange={(e) => setEdit({ ...edit, name: e.target.value })} error={editErrors.name} />
          <Field label="Slug" name="edit-slug" required disabled={editing?.is_default} value={edit.slug} onChange={(e) => setEdit({ ...edit, slug: e.target.value })} error={editErrors.slug} hint="API keys and scripts that name the old slug stop finding the project." />
          <Field label="Description" name="edit-description" value={edit.description} onChange={(e) => setEdit({ ...edit, description: e.target.value })} error={editErrors.description} />
          <Field label="Colour" name="edit-colour" placeholder="#2563eb" value={edit.colour} onChange={(e) => setEdit({ ...edit, colour: e.target.value })} error={editErrors.colour} />
          <DialogActions>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button type="submit" pending={busyKey === "edit" || pending}>
              Save
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? ""}?`}
        description={
          deletingHolds > 0
            ? `It holds ${plural(deleting!.service_count, "service", "services")} and ${plural(deleting!.ssh_key_count, "SSH key", "SSH keys")}. Choose the project they move to; nothing is cancelled.`
            : "It is empty. API keys bound to it must be revoked first."
        }
      >
        {deletingHolds > 0 && (
          <SelectField
            label="Move its services and keys to"
            name="reassign-to"
            value={reassignTo}
            onChange={(e) => {
              setReassignTo(e.target.value);
              setDeleteErrors({});
            }}
            error={deleteErrors.reassignTo}
          >
            {others.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
        )}
        <DialogActions>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            pending={busyKey === "delete"}
            onClick={async () => {
              const holds = deletingHolds > 0;
              const result = await perform("delete", () => deleteProjectAction(deleting!.id, holds ? reassignTo || null : null), holds ? DELETE_FIELDS : []);
              setDeleteErrors(fieldErrorOf(result));
              if (result.ok) setDeleting(null);
            }}
          >
            Delete project
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
