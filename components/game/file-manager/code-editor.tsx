"use client";

import { indentWithTab } from "@codemirror/commands";
import { StreamLanguage, type StreamParser } from "@codemirror/language";
import { Compartment, EditorState, Text } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { basicSetup } from "codemirror";
import { useEffect, useRef } from "react";
import type { EditorLanguage } from "./editor-language";

// Loaded through next/dynamic without SSR (file-editor.tsx): CodeMirror needs the DOM, and the panel
// only pays for it when a file is opened. Each grammar is its own chunk, fetched for its first file.
const GRAMMARS: Record<EditorLanguage, () => Promise<StreamParser<unknown>>> = {
  properties: () => import("@codemirror/legacy-modes/mode/properties").then((m) => m.properties as StreamParser<unknown>),
  json: () => import("@codemirror/legacy-modes/mode/javascript").then((m) => m.json as StreamParser<unknown>),
  javascript: () => import("@codemirror/legacy-modes/mode/javascript").then((m) => m.javascript as StreamParser<unknown>),
  typescript: () => import("@codemirror/legacy-modes/mode/javascript").then((m) => m.typescript as StreamParser<unknown>),
  yaml: () => import("@codemirror/legacy-modes/mode/yaml").then((m) => m.yaml as StreamParser<unknown>),
  toml: () => import("@codemirror/legacy-modes/mode/toml").then((m) => m.toml as StreamParser<unknown>),
  shell: () => import("@codemirror/legacy-modes/mode/shell").then((m) => m.shell as StreamParser<unknown>),
  xml: () => import("@codemirror/legacy-modes/mode/xml").then((m) => m.xml as StreamParser<unknown>),
  html: () => import("@codemirror/legacy-modes/mode/xml").then((m) => m.html as StreamParser<unknown>),
  css: () => import("@codemirror/legacy-modes/mode/css").then((m) => m.css as StreamParser<unknown>),
  python: () => import("@codemirror/legacy-modes/mode/python").then((m) => m.python as StreamParser<unknown>),
  lua: () => import("@codemirror/legacy-modes/mode/lua").then((m) => m.lua as StreamParser<unknown>),
};

const theme = EditorView.theme({
  "&": { height: "min(65vh, 40rem)", fontSize: "13px", backgroundColor: "#fff" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", lineHeight: "1.5" },
  ".cm-gutters": { backgroundColor: "#fafafa", borderRight: "1px solid #e5e5e5", color: "#a3a3a3" },
});

/** What the editor's owner asks of it: the text now, and that it now counts as saved. */
export interface CodeEditorHandle {
  content(): string;
  markSaved(content: string): void;
}

export default function CodeEditor({
  initial,
  language,
  readOnly,
  label,
  handleRef,
  onDirtyChange,
  onSave,
}: {
  initial: string;
  language: EditorLanguage | null;
  readOnly: boolean;
  label: string;
  handleRef: React.RefObject<CodeEditorHandle | null>;
  onDirtyChange: (dirty: boolean) => void;
  onSave: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  // The latest callbacks, read by the editor's listeners, which are set up once per file.
  const callbacks = useRef({ onDirtyChange, onSave });
  useEffect(() => {
    callbacks.current = { onDirtyChange, onSave };
  });

  useEffect(() => {
    const grammar = new Compartment();
    // What was last saved, and whether the text differs from it (reported on change only).
    const tracked = { saved: Text.empty, dirty: false };
    const setDirty = (next: boolean) => {
      if (next === tracked.dirty) return;
      tracked.dirty = next;
      callbacks.current.onDirtyChange(next);
    };
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial,
        extensions: [
          keymap.of([
            {
              key: "Mod-s",
              preventDefault: true,
              run: () => {
                callbacks.current.onSave();
                return true;
              },
            },
            indentWithTab,
          ]),
          basicSetup,
          grammar.of([]),
          theme,
          EditorState.readOnly.of(readOnly),
          // A Windows file keeps its CRLF line ends when saved.
          initial.includes("\r\n") ? EditorState.lineSeparator.of("\r\n") : [],
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) setDirty(!update.state.doc.eq(tracked.saved));
          }),
        ],
      }),
    });
    // The document as CodeMirror split it (CRLF or LF), so comparing to it is exact.
    tracked.saved = view.state.doc;
    handleRef.current = {
      content: () => view.state.doc.toString(),
      markSaved: (content) => {
        tracked.saved = view.state.toText(content);
        setDirty(!view.state.doc.eq(tracked.saved));
      },
    };
    let cancelled = false;
    if (language) {
      void GRAMMARS[language]().then((parser) => {
        if (!cancelled) view.dispatch({ effects: grammar.reconfigure(StreamLanguage.define(parser)) });
      });
    }
    return () => {
      cancelled = true;
      handleRef.current = null;
      view.destroy();
    };
  }, [initial, language, readOnly, label, handleRef]);

  return <div ref={host} className="overflow-hidden rounded-md border border-neutral-200" data-testid="code-editor" />;
}
