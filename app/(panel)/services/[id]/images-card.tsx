"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/input";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatMoney } from "@/lib/format/format-money";
import { statusLabel } from "@/lib/format/status-labels";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { imageKeys } from "@/lib/query/keys";
import type { Perform } from "@/components/services/perform";
import type { ActionResult } from "@/lib/actions/action-result";
import type { CustomImageView } from "@/lib/services/images/custom-image-view";
import { captureImageAction, deleteImageAction, imageStoragePriceAction, listImagesAction } from "../actions";

const TONE: Record<string, "neutral" | "green" | "amber" | "red"> = { capturing: "amber", available: "green", error: "red" };
const GIB = 1024 ** 3;
const GIB_N = BigInt(GIB);
/** A whole month of storing `bytes` at `perGib` (4 places), to the cent, half up; integers only, as money is. */
function monthly(bytes: number, perGib: string): string {
  const units = BigInt(perGib.replace(".", "")); // 1/10 000 of the currency
  const cents = (BigInt(bytes) * units * 2n + GIB_N * 100n) / (GIB_N * 200n);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

/**
 * The account's custom images: capture this server's disk into one (progress polled while a capture
 * runs; the server keeps running), and delete images. Servers already built from an image keep working.
 */
export function ImagesCard({ id, canManage, disabled, perform }: { id: string; canManage: boolean; disabled: boolean; perform: Perform }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: imageKeys.list(),
    queryFn: () => listImagesAction(),
    // Captures take minutes; the list is cheap, so a few seconds keeps the progress bar moving.
    refetchInterval: (q) => (q.state.data?.some((i) => i.status === "capturing") ? 3000 : false),
  });
  const { data: storage } = useQuery({ queryKey: imageKeys.storagePrice(), queryFn: () => imageStoragePriceAction(), staleTime: 5 * 60_000 });
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<CustomImageView | null>(null);
  const act = async (key: string, fn: () => Promise<ActionResult>, shownFields?: readonly string[]) => {
    const result = await perform(key, fn, shownFields);
    await queryClient.invalidateQueries({ queryKey: imageKeys.list() });
    return result;
  };
  if (!data) return null;
  const capturingHere = data.some((i) => i.status === "capturing" && i.sourceServiceId === id);

  return (
    <Card>
      <CardHeader title="Custom images" description="A copy of this server's disk you can order new servers from. New servers from a captured image are built on the same host." />
      <CardBody className="space-y-4">
        {data.length === 0 ? (
          <p className="text-sm text-neutral-500">No custom images yet. Capture this server once it is set up the way you like, then order new servers from it.</p>
        ) : (
          <ul className="divide-y divide-neutral-100" aria-label="Custom images">
            {data.map((i) => (
              <li key={i.id} className="space-y-2 py-2" data-testid="image-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="text-sm font-medium text-neutral-800">
                      {i.name} {i.sourceServiceId === id && <span className="text-xs font-normal text-neutral-500">(from this server)</span>}
                    </p>
                    <p className="text-xs text-neutral-500" aria-live="polite">
                      <Badge tone={TONE[i.status] ?? "neutral"}>{statusLabel("customImage", i.status)}</Badge>{" "}
                      {i.virtualSizeBytes !== null && `${Math.ceil(i.virtualSizeBytes / GIB)} GB disk · `}
                      {storage && i.virtualSizeBytes !== null && i.status === "available" && `about ${formatMoney(monthly(i.virtualSizeBytes, storage.perGibMonth), storage.currency)} a month · `}
                      {i.sourceKind === "url" ? "from a URL" : "capture"} · {formatDateTime(i.createdAt)}
                    </p>
                    {i.status === "error" && i.error && <p className="text-xs text-red-700">{i.error}</p>}
                  </div>
                  {canManage && (
                    <Button variant="danger" disabled={i.status === "capturing"} onClick={() => setDeleting(i)}>
                      Delete…
                    </Button>
                  )}
                </div>
                {i.status === "capturing" && (
                  <div role="progressbar" aria-label={`Capturing ${i.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={i.progress ?? 0} className="h-2 w-full overflow-hidden rounded-full bg-neutral-100">
                    <div className="h-full rounded-full bg-neutral-800 transition-all" style={{ width: `${Math.max(4, i.progress ?? 0)}%` }} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {storage && (
          <p className="text-xs text-neutral-500">
            Storage is billed monthly at {formatUnitMoney(storage.perGibMonth, storage.currency)} per GiB of an image&apos;s disk, for the days you keep it.
          </p>
        )}
        {canManage && (
          <form
            className="flex max-w-md flex-wrap items-end gap-2"
            onSubmit={async (e) => {
              e.preventDefault();
              const n = name.trim();
              if (n.length === 0 || n.length > 120) {
                setError("Give the image a name of at most 120 characters");
                return;
              }
              setError(undefined);
              const result = await act("capture", () => captureImageAction(id, n), ["name"]);
              if (result.ok) setName("");
              else setError(result.fieldErrors?.name);
            }}
          >
            <div className="grow">
              <Field
                label="Image name"
                name="image-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={error}
                hint={capturingHere ? "A capture of this server is running." : "For example web-base. The server keeps running while it is copied."}
              />
            </div>
            <Button type="submit" variant="secondary" disabled={disabled || capturingHere}>
              Capture this server
            </Button>
          </form>
        )}
      </CardBody>
      <ConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={(i) => `Delete image ${i.name}?`}
        description={`New servers can no longer be ordered from it. Servers already built from it are not changed.${storage ? " Its storage is no longer billed from the next day." : ""}`}
        confirmLabel="Delete image"
        onConfirm={(i) => void act("delete-image", () => deleteImageAction(i.id))}
      />
    </Card>
  );
}
