"use client";

import dynamic from "next/dynamic";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/action-result";
import type { CodeEditorHandle } from "./code-editor";
import { editorLanguageOf } from "./editor-language";
import { looksBinary, saveProblem } from "./file-limits";
import { fileNameOf } from "./file-paths";

const CodeEditor = dynamic(() => import("./code-editor"), {
  ssr: false,
  loading: () => <EditorNote>Loading the editor…</EditorNote>,
});

function EditorNote({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex h-40 items-center justify-center gap-2 rounded-md border border-dashed border-neutral-200 text-sm text-neutral-500">
      <Spinner />
      {children}
    </div>
  );
}

type Loaded = { state: "loading" } | { state: "text"; content: string } | { state: "binary" } | { state: "failed"; error: string };

/**
 * One file open in CodeMirror: Save (and Ctrl/Cmd-S), a warning before unsaved changes are left
 * behind, and a download instead for what is not text.
 */
export function FileEditor({
  path,
  canManage,
  read,
  write,
  downloadHref,
  onClose,
}: {
  path: string;
  canManage: boolean;
  read: (path: string) => Promise<ActionResult<{ content: string }>>;
  write: (path: string, content: string) => Promise<ActionResult<unknown>>;
  downloadHref: string;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const editor = useRef<CodeEditorHandle | null>(null);
  const name = fileNameOf(path);

  useEffect(() => {
    let cancelled = false;
    void read(path).then((result) => {
      if (cancelled) return;
      if (!result.ok) setLoaded({ state: "failed", error: result.error });
      else if (looksBinary(result.data.content)) setLoaded({ state: "binary" });
      else setLoaded({ state: "text", content: result.data.content });
    });
    return () => {
      cancelled = true;
    };
  }, [path, read]);

  // The browser's own "Leave site?" prompt while there are unsaved changes.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const save = useCallback(async () => {
    const handle = editor.current;
    if (!handle || !canManage || saving) return;
    const content = handle.content();
    const problem = saveProblem(content);
    if (problem) {
      setSaveError(problem);
      return;
    }
    setSaving(true);
    setSaveError(null);
    const result = await write(path, content).catch(() => ({ ok: false as const, error: "The save did not reach the server. Check your connection and try again." }));
    setSaving(false);
    if (!result.ok) {
      setSaveError(result.error);
      return;
    }
    handle.markSaved(content);
    toast(`Saved ${name}`);
  }, [canManage, name, path, saving, write]);

  const close = () => (dirty ? setConfirmClose(true) : onClose());

  return (
    <div
      className="space-y-3"
      onKeyDown={(event) => {
        // Ctrl/Cmd-S from the toolbar too, not only inside the editor; never the browser's "Save page".
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
          event.preventDefault();
          void save();
        }
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <Button variant="ghost" size="sm" onClick={close}>
            ← Files
          </Button>
          <h3 className="min-w-0 truncate font-mono text-sm text-neutral-900" title={path}>
            {path}
          </h3>
          {dirty && (
            <span className="shrink-0 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800" data-testid="unsaved">
              Unsaved
            </span>
          )}
        </div>
        <div className="flex gap-2">
          <a className={buttonClasses({ variant: "secondary", size: "sm" })} href={downloadHref} download={name}>
            Download
          </a>
          {canManage && loaded.state === "text" && (
            <Button size="sm" pending={saving} disabled={!dirty} onClick={() => void save()} title="Save (Ctrl+S)">
              Save
            </Button>
          )}
        </div>
      </div>
      {saveError && (
        <Alert tone="error" title="Not saved">
          {saveError}
        </Alert>
      )}
      {loaded.state === "loading" && <EditorNote>Opening {name}…</EditorNote>}
      {loaded.state === "failed" && (
        <Alert tone="error" title={`${name} could not be opened`}>
          {loaded.error}
        </Alert>
      )}
      {loaded.state === "binary" && (
        <Alert tone="info" title="This file is not text">
          Editing it here would damage it. Download it instead.
        </Alert>
      )}
      {loaded.state === "text" && (
        <>
          {!canManage && <p className="text-sm text-neutral-500">Read only: changing files needs the services.manage permission on this account.</p>}
          <CodeEditor initial={loaded.content} language={editorLanguageOf(name)} readOnly={!canManage} label={`Contents of ${path}`} handleRef={editor} onDirtyChange={setDirty} onSave={() => void save()} />
        </>
      )}
      <ConfirmDialog
        item={confirmClose ? path : null}
        title={() => `Discard your changes to ${name}?`}
        description="They have not been saved. Save first to keep them."
        confirmLabel="Discard changes"
        onClose={() => setConfirmClose(false)}
        onConfirm={onClose}
      />
    </div>
  );
}
