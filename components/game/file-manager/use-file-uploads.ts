"use client";

import { useCallback, useRef, useState } from "react";
import type { ActionResult } from "@/lib/actions/action-result";
import { uploadProblem } from "./file-limits";

export interface UploadItem {
  id: number;
  name: string;
  folder: string;
  /** reading: base64 in the browser; sending: the request body going up. */
  status: "waiting" | "reading" | "sending" | "done" | "failed";
  /** 0–1 of the current step. */
  progress: number;
  error?: string;
}

/** A file as base64 (the upload body's `content`), with progress while the browser reads it. */
function readAsBase64(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    reader.onerror = () => reject(new Error(`${file.name} could not be read.`));
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** POSTs JSON with XMLHttpRequest, the one browser API that reports upload progress. */
function postJson(url: string, body: string, onProgress: (fraction: number) => void): Promise<ActionResult<unknown>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("content-type", "application/json");
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      try {
        resolve(JSON.parse(request.responseText) as ActionResult<unknown>);
      } catch {
        resolve({ ok: false, error: `The upload failed (HTTP ${request.status}).` });
      }
    };
    request.onerror = () => resolve({ ok: false, error: "The upload did not reach the server. Check your connection and try again." });
    request.send(body);
  });
}

/**
 * The file manager's uploads: each file is checked against the 4 MiB limit, read as base64 and sent
 * to the upload route, one at a time; every file keeps its own row with progress or the refusal.
 */
export function useFileUploads(uploadUrl: string, onUploaded: (folder: string) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<{ item: UploadItem; file: File }[]>([]);
  const running = useRef(false);
  const nextId = useRef(0);

  const update = useCallback((id: number, patch: Partial<UploadItem>) => setItems((all) => all.map((item) => (item.id === id ? { ...item, ...patch } : item))), []);

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { item, file } = next;
      try {
        update(item.id, { status: "reading", progress: 0 });
        const content = await readAsBase64(file, (progress) => update(item.id, { progress }));
        update(item.id, { status: "sending", progress: 0 });
        const result = await postJson(uploadUrl, JSON.stringify({ path: item.folder, name: file.name, content }), (progress) => update(item.id, { progress }));
        if (result.ok) {
          update(item.id, { status: "done", progress: 1 });
          onUploaded(item.folder);
        } else {
          update(item.id, { status: "failed", error: result.fieldErrors?.content ?? result.fieldErrors?.name ?? result.error });
        }
      } catch (error) {
        update(item.id, { status: "failed", error: error instanceof Error ? error.message : String(error) });
      }
    }
    running.current = false;
  }, [onUploaded, update, uploadUrl]);

  const add = useCallback(
    (files: Iterable<File>, folder: string) => {
      const added: UploadItem[] = [];
      for (const file of files) {
        nextId.current += 1;
        const problem = uploadProblem(file);
        const item: UploadItem = { id: nextId.current, name: file.name, folder, status: problem ? "failed" : "waiting", progress: 0, error: problem ?? undefined };
        added.push(item);
        if (!problem) queue.current.push({ item, file });
      }
      setItems((all) => [...all, ...added]);
      void drain();
    },
    [drain],
  );

  const clearFinished = useCallback(() => setItems((all) => all.filter((item) => item.status !== "done" && item.status !== "failed")), []);

  return { items, add, clearFinished };
}
