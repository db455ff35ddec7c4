"use client";

import { useCallback, useRef } from "react";

const LIMIT = 50;

/**
 * The console's command history, per server, kept in this browser (localStorage) as a shell keeps it:
 * ↑ walks back, ↓ forward, a repeated command is stored once at the end.
 */
export function useCommandHistory(serverId: string) {
  const key = `rackfront.game-console.history.${serverId}`;
  const cursor = useRef<number | null>(null);
  const read = useCallback((): string[] => {
    try {
      const parsed = JSON.parse(localStorage.getItem(key) ?? "[]") as unknown;
      return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
    } catch {
      return [];
    }
  }, [key]);

  const remember = useCallback(
    (command: string) => {
      const list = read().filter((c) => c !== command);
      list.push(command);
      try {
        localStorage.setItem(key, JSON.stringify(list.slice(-LIMIT)));
      } catch {
        // Storage full or disabled: history is a convenience.
      }
      cursor.current = null;
    },
    [key, read],
  );

  /** The command ↑ (-1) or ↓ (+1) from where the walk is; null past the newest (an empty line). */
  const step = useCallback(
    (direction: -1 | 1): string | null => {
      const list = read();
      if (list.length === 0) return null;
      const at = cursor.current ?? list.length;
      const next = Math.max(0, Math.min(list.length, at + direction));
      cursor.current = next;
      return next === list.length ? "" : list[next]!;
    },
    [read],
  );

  return { remember, step };
}
